import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompressPlugin } from '../bin/precompress.ts';

const preloader = path.resolve(import.meta.dirname, 'src/preloadPage.ts');

/**
 * The page preloader (src/preloadPage.ts) is an entry of its own, run by index.html before the app's entry
 * script: Vite would bundle a second `<script type="module">` of index.html into the app's entry, so the
 * built page gets its tag here.
 */
function pagePreloaderPlugin(): Plugin {
  return {
    name: 'riffline-page-preloader',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find(
          (c) => c.type === 'chunk' && c.isEntry && c.facadeModuleId === preloader,
        );
        if (!chunk) throw new Error('the page preloader was not built');
        return [
          {
            tag: 'script',
            attrs: { type: 'module', crossorigin: true, src: `/${chunk.fileName}` },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}

// In development the app runs on Vite and sends /api to the API started by `make start`.
export default defineConfig({
  base: '/',
  plugins: [react(), pagePreloaderPlugin(), precompressPlugin()],
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.API_URL ?? 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      input: { index: path.resolve(import.meta.dirname, 'index.html'), preload: preloader },
      output: {
        // Few chunks on the way to the first paint: on HTTP/1.1 each chunk costs a request, and on a phone's
        // slow network a round trip, however small it is (rolldown's automatic split cuts the shared MUI
        // code into many chunks of a few hundred bytes).
        codeSplitting: {
          groups: [
            // The page preloader's table (and Vite's preload helper): shared by both entries, so a chunk
            // of its own that needs nothing else, and the preloader runs as soon as it has it.
            { name: 'pageLoaders', priority: 2, test: /[\\/]pageLoaders\.ts$|vite\/preload-helper/ },
            // Everything every page runs before its first paint: the libraries (React, MUI's core, the
            // router, the query client) beside our own code (the entry).
            { name: 'vendor', tags: ['$initial'], test: /node_modules/ },
            {
              name: 'app',
              tags: ['$initial'],
              test: (id) => !/node_modules|[\\/](pageLoaders|preloadPage)\.ts$|\0/.test(id),
            },
            // What the public pages share beyond that: the page frame and the MUI lists, card actions and
            // input adornments of the help center (each in small chunks of its own otherwise).
            {
              name: 'publicPages',
              test: /[\\/]components[\\/]Page[\\/]Page\.tsx$|@mui[\\/]material[\\/]esm[\\/](List|ListItem|ListItemButton|ListItemText|CardActionArea|InputAdornment)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
