/**
 * Static assets ship precompressed: after `vite build`, every text file of the output (scripts, styles,
 * HTML, SVG, JSON) of at least 1 KiB gets a `.br` (brotli, best) and a `.gz` (gzip, best) beside it, kept
 * only when smaller. The API serves them to browsers that accept them (koa-send), so nothing is
 * compressed per request.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const compressible = /\.(?:js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
const MIN_BYTES = 1024;

/** Writes the `.br` and `.gz` of each compressible file under `dir`; returns the bytes before and after. */
export function precompress(dir: string): { files: number; bytes: number; brotli: number; gzip: number } {
  const totals = { files: 0, bytes: 0, brotli: 0, gzip: 0 };
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.isFile() && compressible.test(entry.name)) {
        const bytes = fs.readFileSync(file);
        if (bytes.length < MIN_BYTES) continue;
        const br = zlib.brotliCompressSync(bytes, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        });
        const gz = zlib.gzipSync(bytes, { level: zlib.constants.Z_BEST_COMPRESSION });
        if (br.length < bytes.length) fs.writeFileSync(`${file}.br`, br);
        if (gz.length < bytes.length) fs.writeFileSync(`${file}.gz`, gz);
        totals.files += 1;
        totals.bytes += bytes.length;
        totals.brotli += Math.min(br.length, bytes.length);
        totals.gzip += Math.min(gz.length, bytes.length);
      }
    }
  };
  walk(dir);
  return totals;
}

/** The Vite plugin: precompresses the output folder once the bundle is written. */
export function precompressPlugin() {
  let outDir = 'dist';
  return {
    name: 'riffline-precompress',
    apply: 'build' as const,
    configResolved(config: { root: string; build: { outDir: string } }) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompress(outDir);
    },
  };
}
