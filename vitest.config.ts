import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{contracts,db,api,workers,infra,bin,test}/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/e2e/**'],
    globalSetup: ['./test/globalSetup.ts'],
    reporters: ['default', './test/summaryReporter.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    env: { NODE_ENV: 'test', KAFKAJS_NO_PARTITIONER_WARNING: '1' },
  },
});
