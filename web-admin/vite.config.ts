import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressPlugin } from '../bin/precompress.ts';

// In development the app runs on Vite and sends /api to the API started by `make start`.
export default defineConfig({
  base: '/admin/',
  plugins: [react(), precompressPlugin()],
  server: {
    port: 5174,
    proxy: { '/api': { target: process.env.API_URL ?? 'http://localhost:3000', changeOrigin: false } },
  },
  // react-admin is one large chunk; the console is a working tool, not a landing page.
  build: { outDir: 'dist', emptyOutDir: true, manifest: true, chunkSizeWarningLimit: 2500 },
});
