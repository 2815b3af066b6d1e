/**
 * `make build` (and so `make start`): builds the web apps with Vite, skipping an app whose inputs have
 * not changed since its last build. The inputs are hashed by content (so a `git checkout` that only
 * touches modification times rebuilds nothing): the app's `src/`, `public/`, `index.html`, Vite config,
 * `package.json`, `tsconfig*.json` and `.env*` files, every file of ours it imports outside its folder
 * (followed transitively through relative imports and workspace packages such as `@riffline/contracts`),
 * `contracts/src` when it exists, and `package-lock.json` (the versions of everything it bundles). The
 * hash of a successful build is kept in `<app>/dist/.build-inputs`.
 *
 *   node bin/build.ts [--force] [web-artist|web-admin ...]
 *
 * Runs on the Node pinned in node_modules (24, which runs TypeScript as is).
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const webApps = ['web-artist', 'web-admin'];
export const stampFile = '.build-inputs';

/** Bumped when what counts as an input changes, so every app rebuilds once. */
const hashVersion = '2';
/** Never inputs: dependencies, outputs, browser tests and their reports. */
const skipDirs = new Set(['node_modules', 'dist', 'e2e', 'test-results', 'playwright-report', 'coverage']);
const codeFile = /\.(?:[cm]?[jt]sx?)$/;
const extensions = ['.ts', '.tsx', '.mts', '.js', '.jsx', '.mjs', '.json'];
/** Export conditions Vite resolves with when building for the browser. */
const conditions = new Set(['browser', 'import', 'module', 'production', 'default']);
const specifierPatterns = [
  /\bfrom\s*['"]([^'"\n]+)['"]/g,
  /\bimport\s*['"]([^'"\n]+)['"]/g,
  /\bimport\s*\(\s*['"]([^'"\n]+)['"]\s*\)/g,
  /\brequire\s*\(\s*['"]([^'"\n]+)['"]\s*\)/g,
  /\bnew\s+URL\s*\(\s*['"]([^'"\n]+)['"]\s*,\s*import\.meta\.url/g,
];
const globPattern = /\bimport\.meta\.glob\s*(?:<[^>]*>)?\s*\(\s*(\[[^\]]*\]|['"][^'"\n]+['"])/g;

const isFile = (file: string) => fs.statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
const isDir = (dir: string) => fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory() ?? false;
const inside = (dir: string, file: string) => file === dir || file.startsWith(dir + path.sep);
const inNodeModules = (file: string) => file.split(path.sep).includes('node_modules');

/** Every file under `dir`, skipping dependency, output and test-report folders. */
function walk(dir: string, out: string[] = []): string[] {
  if (!isDir(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!skipDirs.has(entry.name)) walk(full, out);
    } else if (entry.isFile()) {
      out.push(full);
    }
  }
  return out;
}

/** The file a path without or with an extension means, as Vite would find it. */
function resolveFile(base: string): string | undefined {
  const candidates = [
    base,
    ...extensions.map((e) => base + e),
    ...extensions.map((e) => path.join(base, 'index' + e)),
  ];
  // TypeScript sources imported with a `.js` extension.
  if (/\.[cm]?js$/.test(base)) candidates.push(base.replace(/js$/, 'ts'), base.replace(/js$/, 'tsx'));
  return candidates.find(isFile);
}

type ExportsValue = string | null | ExportsValue[] | { [key: string]: ExportsValue };

function pickCondition(value: ExportsValue): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(pickCondition).find(Boolean);
  if (value && typeof value === 'object') {
    for (const [key, target] of Object.entries(value)) {
      const picked = conditions.has(key) ? pickCondition(target) : undefined;
      if (picked) return picked;
    }
  }
  return undefined;
}

/** A package's `exports` target for `.` or `./sub/path` (exact keys, then `*` patterns). */
function exportTarget(exportsField: ExportsValue, subpath: string): string | undefined {
  const map =
    exportsField &&
    typeof exportsField === 'object' &&
    !Array.isArray(exportsField) &&
    Object.keys(exportsField).some((k) => k.startsWith('.'))
      ? exportsField
      : { '.': exportsField };
  if (subpath in map) return pickCondition(map[subpath]!);
  for (const [pattern, target] of Object.entries(map)) {
    const star = pattern.indexOf('*');
    if (star < 0) continue;
    const [prefix, suffix] = [pattern.slice(0, star), pattern.slice(star + 1)];
    if (subpath.length >= pattern.length - 1 && subpath.startsWith(prefix) && subpath.endsWith(suffix)) {
      const match = subpath.slice(prefix.length, subpath.length - suffix.length);
      return pickCondition(target)?.replaceAll('*', match);
    }
  }
  return undefined;
}

/**
 * What an import specifier brings into the build from our own code: one file, a whole folder (a workspace
 * package whose entry cannot be worked out), or nothing (a dependency in node_modules, a Node built-in).
 */
function resolveSpecifier(specifier: string, fromFile: string, appDir: string): string[] {
  const spec = specifier.split('?')[0]!;
  if (!spec || spec.startsWith('virtual:') || /^[a-z]+:/i.test(spec)) return [];
  if (spec.startsWith('.') || spec.startsWith('/')) {
    const base = spec.startsWith('/') ? path.join(appDir, spec) : path.resolve(path.dirname(fromFile), spec);
    const file = resolveFile(base);
    return file ? [file] : [];
  }
  const parts = spec.split('/');
  const name = spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  const subpath = ['.', ...parts.slice(spec.startsWith('@') ? 2 : 1)].join('/');
  let pkgDir: string | undefined;
  for (let dir = path.dirname(fromFile); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (isFile(path.join(candidate, 'package.json'))) {
      pkgDir = fs.realpathSync(candidate);
      break;
    }
    if (dir === path.dirname(dir)) return [];
  }
  if (inNodeModules(pkgDir)) return []; // a dependency: its version is in package-lock.json
  const pkg = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8')) as {
    exports?: ExportsValue;
    module?: string;
    main?: string;
  };
  const target =
    pkg.exports !== undefined
      ? exportTarget(pkg.exports, subpath)
      : subpath === '.'
        ? (pkg.module ?? pkg.main ?? 'index')
        : subpath;
  const file = target ? resolveFile(path.resolve(pkgDir, target)) : undefined;
  return file ? [path.join(pkgDir, 'package.json'), file] : [pkgDir];
}

/** Folders an `import.meta.glob('…')` call reads (the part of each pattern before its first wildcard). */
function globDirs(source: string, fromFile: string, appDir: string): string[] {
  const dirs: string[] = [];
  for (const match of source.matchAll(globPattern)) {
    for (const [, pattern] of match[1]!.matchAll(/['"]([^'"\n]+)['"]/g)) {
      const glob = pattern!.replace(/^!/, '');
      const fixed = glob.slice(0, glob.search(/[*?{[]/) < 0 ? glob.length : glob.search(/[*?{[]/));
      const dir = fixed.endsWith('/') ? fixed : path.dirname(fixed);
      dirs.push(dir.startsWith('/') ? path.join(appDir, dir) : path.resolve(path.dirname(fromFile), dir));
    }
  }
  return dirs;
}

/** Every file whose content goes into the app's build, sorted. */
export function buildInputs(app: string, root = repoRoot): string[] {
  const appDir = path.join(root, app);
  const seeds = [
    ...walk(path.join(appDir, 'src')),
    ...walk(path.join(appDir, 'public')),
    ...fs
      .readdirSync(appDir)
      .filter((f) => /^(?:index\.html|package\.json|tsconfig.*\.json|vite\.config\..+|\.env.*)$/.test(f))
      .map((f) => path.join(appDir, f)),
    ...walk(path.join(root, 'contracts', 'src')),
    path.join(root, 'package-lock.json'),
  ];
  const files = new Set<string>();
  const queue = seeds.filter(isFile);
  while (queue.length) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    if (!codeFile.test(file)) continue;
    const source = fs.readFileSync(file, 'utf8');
    const found = globDirs(source, file, appDir);
    for (const pattern of specifierPatterns) {
      for (const [, specifier] of source.matchAll(pattern))
        found.push(...resolveSpecifier(specifier!, file, appDir));
    }
    for (const hit of found) {
      if (!inside(root, hit) || inNodeModules(path.relative(root, hit))) continue;
      if (isDir(hit)) queue.push(...walk(hit));
      else if (!files.has(hit)) queue.push(hit);
    }
  }
  return [...files].sort();
}

/** The content hash of the app's inputs (paths relative to the repository, and their bytes). */
export function inputsHash(app: string, root = repoRoot): string {
  const hash = crypto.createHash('sha256').update(`riffline-build ${hashVersion}\0`);
  for (const file of buildInputs(app, root)) {
    hash.update(path.relative(root, file).split(path.sep).join('/') + '\0');
    hash.update(fs.readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Why the app needs building, or null when its last build is of these very inputs. */
export function staleReason(app: string, hash: string, root = repoRoot): string | null {
  const dist = path.join(root, app, 'dist');
  if (!isFile(path.join(dist, 'index.html'))) return 'no build yet';
  const stamp = path.join(dist, stampFile);
  if (!isFile(stamp)) return 'built without a record of its inputs';
  return fs.readFileSync(stamp, 'utf8').trim() === hash ? null : 'sources changed';
}

/** Records that the app's dist/ was built from inputs with this hash. */
export function writeStamp(app: string, hash: string, root = repoRoot): void {
  fs.writeFileSync(path.join(root, app, 'dist', stampFile), hash + '\n');
}

function viteBin(): string {
  for (const dir of [repoRoot, ...webApps.map((a) => path.join(repoRoot, a))]) {
    const bin = path.join(dir, 'node_modules', 'vite', 'bin', 'vite.js');
    if (isFile(bin)) return bin;
  }
  throw new Error('vite is not installed: run `make install`');
}

function main(args: string[]): number {
  const force = args.includes('--force');
  const unknown = args.filter((a) => a.startsWith('-') && a !== '--force');
  const apps = args.filter((a) => !a.startsWith('-'));
  const bad = apps.filter((a) => !webApps.includes(a));
  if (unknown.length || bad.length) {
    console.error(`usage: node bin/build.ts [--force] [${webApps.join('|')} ...]`);
    return 2;
  }
  for (const app of apps.length ? apps : webApps) {
    const started = performance.now();
    const hash = inputsHash(app);
    const reason = force ? 'forced' : staleReason(app, hash);
    if (!reason) {
      console.log(`${app}: up to date (sources unchanged since its last build), not rebuilt`);
      continue;
    }
    console.log(`${app}: building (${reason})…`);
    const result = spawnSync(process.execPath, [viteBin(), 'build', '--logLevel', 'warn'], {
      cwd: path.join(repoRoot, app),
      stdio: 'inherit',
    });
    if (result.status !== 0) {
      console.error(`${app}: vite build failed`);
      return result.status ?? 1;
    }
    writeStamp(app, hash);
    console.log(`${app}: built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = main(process.argv.slice(2));
}
