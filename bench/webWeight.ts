/**
 * What each page of the web apps makes a browser download before it shows: the entry script and its static
 * imports, plus the page's own lazy chunk and its static imports, in gzip bytes (the `.gz` the build
 * writes; brotli beside it). Read from each app's Vite manifest (`dist/.vite/manifest.json`), so the
 * numbers are the built bundle's, not a guess. Target (issue: web performance): the landing ≤ 180 KB gzip.
 * Chunks a page loads after it shows (the dashboard's releases list and platform card, a toast, the header's
 * menu) are not counted.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The pages measured: each app's source module of the page (as the manifest names it). */
export const pages: Array<{ app: string; label: string; module: string | null }> = [
  { app: 'web-artist', label: '/ (landing, signed out)', module: 'src/pages/home/Home.tsx' },
  { app: 'web-artist', label: '/apply', module: 'src/pages/apply/Apply.tsx' },
  { app: 'web-artist', label: '/ (dashboard, approved)', module: 'src/pages/home/Dashboard.tsx' },
  { app: 'web-artist', label: '/releases', module: 'src/pages/releases/Releases.tsx' },
  { app: 'web-artist', label: '/analytics', module: 'src/pages/analytics/Analytics.tsx' },
  { app: 'web-admin', label: '/admin', module: null },
];

function gzipBytes(dist: string, file: string): number {
  const full = path.join(dist, file);
  if (fs.existsSync(`${full}.gz`)) return fs.statSync(`${full}.gz`).size;
  return zlib.gzipSync(fs.readFileSync(full), { level: 9 }).length;
}

/** The chunks a key pulls in before it runs: itself and its static imports, transitively. */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const next of manifest[key].imports ?? []) closure(manifest, next, seen);
  return seen;
}

/** Each page's initial JavaScript (gzip), or null when an app is not built. */
export function webWeights(root: string) {
  return pages.map(({ app, label, module }) => {
    const dist = path.join(root, app, 'dist');
    const file = path.join(dist, '.vite', 'manifest.json');
    if (!fs.existsSync(file)) return { label, gzipKb: null as number | null, chunks: 0 };
    const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
    const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry && k.endsWith('.html'))!;
    const keys = closure(manifest, entry);
    // The artist app's `/` is Home (in the entry script, else a chunk of its own) with the landing in it;
    // the dashboard is Home's, then its own chunk.
    const home = 'src/pages/home/Home.tsx';
    if (module?.startsWith('src/pages/home/') && manifest[home]) closure(manifest, home, keys);
    if (module) closure(manifest, module, keys);
    const bytes = [...keys].reduce((sum, k) => sum + gzipBytes(dist, manifest[k]!.file), 0);
    return { label, gzipKb: Math.round(bytes / 102.4) / 10, chunks: keys.size };
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  for (const w of webWeights(path.resolve(import.meta.dirname, '..'))) {
    console.log(
      `${w.label.padEnd(28)} ${w.gzipKb === null ? 'not built' : `${w.gzipKb} KB gzip`} (${w.chunks} chunks)`,
    );
  }
}
