import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // `#test/support/api.ts` from any test (tsconfig.json "paths" says the same to tsc).
  resolve: { alias: [{ find: /^#test\//, replacement: fileURLToPath(new URL('./test/', import.meta.url)) }] },
  test: {
    include: [
      '{contracts,db,api,workers,infra,bin,bench,test}/**/*.test.ts',
      'web-artist/src/**/*.test.{ts,tsx}',
    ],
    exclude: ['**/node_modules/**', '**/e2e/**'],
    globalSetup: ['./test/globalSetup.ts'],
    reporters: ['default', './test/summaryReporter.ts'],
    // On a busy 2-core machine a heavy test takes up to three times as long as on an idle one: the limits
    // are there to end a hang, not to time the tests.
    testTimeout: 90_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // A worker's files share its process: a fresh process per file imported the API's whole module graph
    // again for each of them, a large share of the suite's CPU. So a test file leaves nothing behind: no
    // change to process.env, no module mock (vi.mock), no top-level `override` of a shared test's
    // fixtures (eslint.config.js refuses all three), timers restored. `--sequence.shuffle.files` runs the
    // files in another order to show that none depends on one before it.
    isolate: false,
    // Vitest's default (one fewer than the cores) runs the files one at a time on a 2-core machine, while
    // most of them wait on PostgreSQL, Kafka or a child process: at least two at a time keeps a core busy
    // while the other file waits. The files share one test database and are written to (unique names, own
    // rows).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    env: { NODE_ENV: 'test', KAFKAJS_NO_PARTITIONER_WARNING: '1' },
  },
});
