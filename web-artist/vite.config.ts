import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressPlugin } from '../bin/precompress.ts';

// In development the app runs on Vite and sends /api to the API started by `make start`.
export default defineConfig({
  base: '/',
  plugins: [react(), precompressPlugin()],
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.API_URL ?? 'http://localhost:3000', changeOrigin: false } },
  },
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
});
