/**
 * The bare page, the web figures' baseline in `make bench`: the smallest React app (index.html and
 * main.tsx here, one heading and a paragraph) built by the toolchain the web apps use (Vite,
 * @vitejs/plugin-react, the repository's React, the same precompression) and served by the API's own
 * static middleware. A page's weight and Lighthouse scores beside it tell what the app adds to React itself.
 * Not a workspace: it has no package of its own and builds into a temporary folder.
 */
import { once } from 'node:events';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import Koa from 'koa';
import { build } from 'vite';
import { serveWebApps } from '../../api/src/static.ts';
import { precompressPlugin } from '../../bin/precompress.ts';

/** Its label in the tables and charts. */
export const BARE_PAGE = 'bare React page (baseline)';

/** Builds the bare page into a new temporary folder, the manifest on, and answers the folder. */
export async function buildBarePage(): Promise<string> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'riffline-bare-page-'));
  // As `vite build` builds the apps in a shell without NODE_ENV: a production build (React's, and the
  // plugin's JSX), also under Vitest, whose NODE_ENV (test) would make it a development one. Vite leaves
  // the variable set for the whole process; what runs after (the servers a benchmark starts) gets back
  // the environment it was started with.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: false,
      root: import.meta.dirname,
      base: '/',
      mode: 'production',
      publicDir: false,
      logLevel: 'warn',
      plugins: [react(), precompressPlugin()],
      build: { outDir, emptyOutDir: true, manifest: true, reportCompressedSize: false },
    });
  } catch (error) {
    fs.rmSync(outDir, { recursive: true, force: true });
    throw error;
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  return outDir;
}

/**
 * Serves a built bare page on loopback through the API's own static middleware (api/src/static.ts), as
 * the product serves its apps: precompressed files to browsers that accept them, assets immutable.
 */
export async function serveBarePage(folder: string): Promise<{ url: string; close(): Promise<void> }> {
  const app = new Koa().use(serveWebApps([{ prefix: '', dist: path.resolve(folder) }]));
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
