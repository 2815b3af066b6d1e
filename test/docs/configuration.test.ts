/**
 * docs/configuration.md documents every setting, and only settings that exist. The list comes from the
 * code, not from a copy kept here:
 * - every key of the config schema (`configKeys` in db/src/config.ts, the schema `loadConfig` parses);
 * - every environment variable the product's code reads outside that schema (`process.env.X`, `env.X`);
 * - every one the developer scripts read: the tests, the benchmarks, infra/, the shell scripts, the
 *   Makefile's variables and docker-compose.yml's `${X}`.
 * Each must be named in the first cell of a table row of the page, with a default and a description.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configKeys } from '../../db/src/config.ts';

const root = path.resolve(import.meta.dirname, '../..');
const page = 'docs/configuration.md';

const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'test-results', 'playwright-report']);
/** The Kafka broker's downloaded jars. */
const SKIPPED_PATHS = new Set(['infra/kafka/lib']);

/** The files under `dir` (relative to the root) whose names pass `keep`; a folder that is gone is empty. */
function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  const out: string[] = [];
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(path.join(root, dir), { withFileTypes: true });
  } catch {
    return out; // moved or absent
  }
  for (const entry of entries) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name.startsWith('.') || SKIPPED_DIRS.has(entry.name) || SKIPPED_PATHS.has(rel)) continue;
      out.push(...filesUnder(rel, keep));
    } else if (keep(entry.name)) {
      out.push(rel);
    }
  }
  return out;
}

const read = (file: string) => {
  try {
    return fs.readFileSync(path.join(root, file), 'utf8');
  } catch {
    return ''; // moved while we looked
  }
};

const NAME = '[A-Z][A-Z0-9_]*';
/** The system's own, passed on to child processes: not settings of ours. */
const SYSTEM = new Set(['PATH', 'HOME']);

/** The environment variables a TypeScript source reads. */
function envReads(source: string): string[] {
  const found = new Set<string>();
  const patterns = [
    new RegExp(`process\\.env\\??\\.(${NAME})`, 'g'),
    new RegExp(`process\\.env\\[\\s*['"\`](${NAME})['"\`]\\s*\\]`, 'g'),
    // A parsed or passed-around environment object read by key (db/src/config.ts reads `env.PORT`).
    new RegExp(`(?<![.\\w])env\\.(${NAME})\\b`, 'g'),
    // Vite exposes only VITE_-prefixed variables to the web apps' code.
    /import\.meta\.env\.(VITE_[A-Z0-9_]+)/g,
  ];
  for (const pattern of patterns) {
    for (const [, name] of source.matchAll(pattern)) if (!SYSTEM.has(name!)) found.add(name!);
  }
  for (const [, names] of source.matchAll(/\{([^{}]+)\}\s*=\s*process\.env\b/g)) {
    for (const part of names!.split(',')) {
      const name = part.split(/[:=]/)[0]!.trim();
      if (new RegExp(`^${NAME}$`).test(name)) found.add(name);
    }
  }
  return [...found];
}

/** The environment variables a shell script (or docker-compose.yml) reads and does not set itself. */
function shellReads(source: string): string[] {
  const assigned = new Set(
    [...source.matchAll(new RegExp(`^\\s*(?:export\\s+)?(${NAME})=`, 'gm'))].map(([, n]) => n!),
  );
  const found = new Set<string>();
  for (const [, braced, bare] of source.matchAll(new RegExp(`\\$(?:\\{(${NAME})|(${NAME}))`, 'g'))) {
    const name = (braced ?? bare)!;
    if (!assigned.has(name) && !SYSTEM.has(name)) found.add(name);
  }
  return [...found];
}

/** The variables a Makefile reads: `$(X)` it does not define, and `$$X` in its recipes' shell. */
function makeReads(source: string): string[] {
  const defined = new Set(
    [...source.matchAll(new RegExp(`^(?:export\\s+)?(${NAME})\\s*[:?+]?=`, 'gm'))].map(([, n]) => n!),
  );
  const builtIn = new Set(['MAKE', 'CURDIR', 'SHELL', 'MAKEFLAGS', ...SYSTEM]);
  const found = new Set<string>();
  for (const [, name] of source.matchAll(new RegExp(`(?<!\\$)\\$\\((${NAME})\\)`, 'g'))) {
    if (!defined.has(name!) && !builtIn.has(name!)) found.add(name!);
  }
  for (const [, braced, bare] of source.matchAll(new RegExp(`\\$\\$(?:\\{(${NAME})|(${NAME}))`, 'g'))) {
    const name = (braced ?? bare)!;
    if (!builtIn.has(name)) found.add(name);
  }
  return [...found];
}

interface DocumentedRow {
  names: string[];
  cells: string[];
}

/** The table rows of a Markdown page with the variables their first cell names in backticks. */
function documentedRows(markdown: string): DocumentedRow[] {
  const rows: DocumentedRow[] = [];
  for (const line of markdown.split('\n')) {
    if (!line.startsWith('|') || /^\|[\s|:-]+\|$/.test(line)) continue;
    const cells = line
      .slice(1, line.endsWith('|') ? -1 : undefined)
      .split('|')
      .map((c) => c.trim());
    const names = [...cells[0]!.matchAll(new RegExp(`\`(${NAME})\``, 'g'))].map(([, n]) => n!);
    if (names.length) rows.push({ names, cells });
  }
  return rows;
}

/** The names no row documents. */
const undocumented = (names: Iterable<string>, rows: DocumentedRow[]) => {
  const documented = new Set(rows.flatMap((row) => row.names));
  return [...new Set(names)].filter((name) => !documented.has(name)).sort();
};

const isTs = (name: string) => /\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.d.ts');
const isTestOnly = (name: string) => /\.test\.tsx?$/.test(name) || /\.fixture\.ts$/.test(name);

const productDirs = [
  'api/src',
  'workers/src',
  'db/src',
  'contracts/src',
  'bin',
  'web-artist/src',
  'web-admin/src',
];
// A fixture is a child process a test starts with variables of its own: not a setting anyone sets.
const productFiles = [
  ...productDirs.flatMap((dir) => filesUnder(dir, (name) => isTs(name) && !isTestOnly(name))),
  ...['web-artist', 'web-admin'].flatMap((app) =>
    filesUnder(app, (name) => /^vite\.config\.\w+$/.test(name)),
  ),
];
const developerTsFiles = [
  ...productDirs.flatMap((dir) => filesUnder(dir, (name) => /\.test\.tsx?$/.test(name))),
  ...['test', 'bench', 'infra'].flatMap((dir) => filesUnder(dir, isTs)),
  ...['web-artist', 'web-admin'].flatMap((app) =>
    filesUnder(app, (name) => /^playwright\.config\.\w+$/.test(name)),
  ),
  'vitest.config.ts',
];
const shellFiles = [
  ...['infra', 'bin'].flatMap((dir) => filesUnder(dir, (name) => name.endsWith('.sh'))),
  '.ci/run',
  'docker-compose.yml',
];

const productReads = new Set(productFiles.flatMap((file) => envReads(read(file))));
const self = path.relative(root, import.meta.filename); // its samples are not reads
const developerReads = new Set([
  ...developerTsFiles.filter((file) => file !== self).flatMap((file) => envReads(read(file))),
  ...shellFiles.flatMap((file) => shellReads(read(file))),
  ...makeReads(read('Makefile')),
]);
const rows = documentedRows(read(page));

describe(page, () => {
  it('documents every key of the config schema (db/src/config.ts)', () => {
    expect(configKeys.length).toBeGreaterThan(30);
    expect(undocumented(configKeys, rows)).toEqual([]);
  });

  it("documents every environment variable the product's code reads", () => {
    expect(productFiles.length).toBeGreaterThan(100);
    expect(undocumented(productReads, rows)).toEqual([]);
  });

  it('documents every environment variable the developer scripts read', () => {
    expect(developerTsFiles.length).toBeGreaterThan(20);
    expect(undocumented(developerReads, rows)).toEqual([]);
  });

  it('gives each setting a default and a description, and documents only settings something reads', () => {
    const known = new Set([...configKeys, ...productReads, ...developerReads]);
    const incomplete = rows.filter((row) => row.cells.length < 3 || !row.cells[1] || !row.cells[2]);
    expect(incomplete.map((row) => row.names.join(', '))).toEqual([]);
    const stale = rows.flatMap((row) => row.names).filter((name) => !known.has(name));
    expect(stale).toEqual([]);
  });

  it('finds what it looks for (the checks can fail)', () => {
    expect(
      envReads(
        "process.env.ONE; process.env['TWO']; env.THREE; config.env.NOT; const { FOUR, FIVE: f } = process.env; import.meta.env.VITE_SIX",
      ).sort(),
    ).toEqual(['FIVE', 'FOUR', 'ONE', 'THREE', 'TWO', 'VITE_SIX']);
    expect(
      shellReads('LOCAL="${GIVEN_PATH:-/usr/bin/x}"\n[ -n "$CI" ] && echo "$LOCAL $PATH"').sort(),
    ).toEqual(['CI', 'GIVEN_PATH']);
    expect(
      makeReads('TALLY := x\nbuild:\n\t@node b.ts $(if $(FORCE),--force) $(TALLY) $$CI $(MAKE)').sort(),
    ).toEqual(['CI', 'FORCE']);
    const sample = documentedRows(
      '| Setting | Default | What it does |\n| --- | --- | --- |\n| `KNOWN` | `1` | x |\n',
    );
    expect(undocumented(['KNOWN', 'NOT_A_REAL_SETTING'], sample)).toEqual(['NOT_A_REAL_SETTING']);
  });
});
