import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // `#test/support/api.ts` from any test (tsconfig.json "paths" says the same to tsc).
  resolve: { alias: [{ find: /^#test\//, replacement: fileURLToPath(new URL('./test/', import.meta.url)) }] },
  test: {
    include: ['{contracts,db,api,workers,infra,bin,test}/**/*.test.ts', 'web-artist/src/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/e2e/**'],
    globalSetup: ['./test/globalSetup.ts'],
    reporters: ['default', './test/summaryReporter.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    env: { NODE_ENV: 'test', KAFKAJS_NO_PARTITIONER_WARNING: '1' },
  },
});
