/**
 * What each page of the web apps makes a browser download before it shows: the entry script and its static
 * imports, plus the page's own lazy chunk and its static imports, in gzip bytes (the `.gz` the build
 * writes; brotli beside it). Read from each app's Vite manifest (`dist/.vite/manifest.json`), so the
 * numbers are the built bundle's, not a guess. Target (issue: web performance): the landing ≤ 180 KB gzip.
 * Chunks a page loads after it shows (the dashboard's releases list and platform card, a toast, the header's
 * menu) are not counted. The baseline is the bare page (bench/barePage/), built and weighed the same way:
 * the least a React page built with the apps' toolchain downloads.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { BARE_PAGE, buildBarePage } from './barePage/barePage.ts';
import type { Bar } from './charts.ts';

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

/** The issue's target (web performance) for the landing, in KB gzip. */
export const LANDING_TARGET_KB = 180;

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

export interface Weight {
  label: string;
  /** Kilobytes (1,024 bytes) of gzip, to a tenth; null when the app is not built. */
  gzipKb: number | null;
  chunks: number;
}

const manifestOf = (dist: string): Manifest | null => {
  const file = path.join(dist, '.vite', 'manifest.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest) : null;
};

/** The gzip weight of a set of manifest keys (chunks) of a build. */
function weigh(label: string, dist: string, manifest: Manifest, keys: Set<string>): Weight {
  const bytes = [...keys].reduce((sum, k) => sum + gzipBytes(dist, manifest[k]!.file), 0);
  return { label, gzipKb: Math.round(bytes / 102.4) / 10, chunks: keys.size };
}

/** The HTML entry of a build's manifest (the app's index.html). */
function htmlEntry(manifest: Manifest): string {
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry && k.endsWith('.html'));
  if (!entry) throw new Error('the manifest has no HTML entry');
  return entry;
}

/** Each page's initial JavaScript (gzip), or null when an app is not built. */
export function webWeights(root: string): Weight[] {
  return pages.map(({ app, label, module }) => {
    const dist = path.join(root, app, 'dist');
    const manifest = manifestOf(dist);
    if (!manifest) return { label, gzipKb: null, chunks: 0 };
    const keys = closure(manifest, htmlEntry(manifest));
    // The artist app's `/` is Home (in the entry script, else a chunk of its own) with the landing in it;
    // the dashboard is Home's, then its own chunk.
    const home = 'src/pages/home/Home.tsx';
    if (module?.startsWith('src/pages/home/') && manifest[home]) closure(manifest, home, keys);
    if (module) closure(manifest, module, keys);
    return weigh(label, dist, manifest, keys);
  });
}

/** The bare page's initial JavaScript (gzip): built into a temporary folder, weighed as a page, removed. */
export async function barePageWeight(): Promise<Weight> {
  const dist = await buildBarePage();
  try {
    const manifest = manifestOf(dist);
    if (!manifest) throw new Error('the bare page was built without its manifest');
    return weigh(BARE_PAGE, dist, manifest, closure(manifest, htmlEntry(manifest)));
  } finally {
    fs.rmSync(dist, { recursive: true, force: true });
  }
}

/** A page's weight over the bare page's, as the tables write it; '-' without both. */
export function overBare(weight: Weight, bare: Weight | null): string {
  if (weight.gzipKb === null || !bare?.gzipKb) return '-';
  return `${(weight.gzipKb / bare.gzipKb).toFixed(2)}×`;
}

/** The book's table: its columns, then its rows (the pages, then the bare page's). */
export const weightColumns = ['page', 'gzip', 'ratio to the bare page', 'chunks'];
export function weightRows(weights: Weight[], bare: Weight | null): string[][] {
  return [
    ...weights.map((w) => [
      w.label,
      w.gzipKb === null ? 'not built' : `${w.gzipKb} KB`,
      overBare(w, bare),
      String(w.chunks),
    ]),
    ...(bare ? [[bare.label, `${bare.gzipKb} KB`, '-', String(bare.chunks)]] : []),
  ];
}

/** The chart's bars: a bar per built page with its ratio, then the bare page's in a colour of its own. */
export function weightBars(weights: Weight[], bare: Weight | null): Bar[] {
  return [
    ...weights.flatMap((w) =>
      w.gzipKb === null
        ? []
        : [
            {
              group: w.label,
              series: 'initial JavaScript',
              value: w.gzipKb,
              text: `${w.gzipKb} KB${bare ? ` (${overBare(w, bare)})` : ''}`,
            },
          ],
    ),
    ...(bare?.gzipKb
      ? [{ group: bare.label, series: 'bare React page', value: bare.gzipKb, text: `${bare.gzipKb} KB` }]
      : []),
  ];
}

/** The report `make bench` prints: each page, its chunks and its ratio to the bare page, then the bare page. */
export function printWebWeights(weights: Weight[], bare: Weight | null) {
  console.log(
    `\nInitial JavaScript per page (gzip, from the built apps; target: the landing ≤ ${LANDING_TARGET_KB} KB):`,
  );
  for (const w of [...weights, ...(bare ? [bare] : [])]) {
    const size = w.gzipKb === null ? 'not built' : `${w.gzipKb} KB (${w.chunks} chunks)`;
    const ratio = w === bare ? '-' : overBare(w, bare);
    console.log(
      `  ${w.label.padEnd(28)} ${size.padEnd(20)} ${ratio === '-' ? '' : `${ratio} the bare page`}`.trimEnd(),
    );
  }
  if (!bare) console.log(`  ${BARE_PAGE}: not built`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  printWebWeights(webWeights(path.resolve(import.meta.dirname, '..')), await barePageWeight());
}
