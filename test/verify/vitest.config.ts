import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * `make verify`'s fault run: its own stack (infra/stack), so none of the unit suite's global set-up; one
 * file at a time, the stack's processes being the load on the machine.
 */
export default defineConfig({
  resolve: {
    alias: [{ find: /^#test\//, replacement: fileURLToPath(new URL('../', import.meta.url)) }],
  },
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['test/verify/**/*.verify.ts'],
    testTimeout: 600_000,
    hookTimeout: 300_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    env: { KAFKAJS_NO_PARTITIONER_WARNING: '1' },
  },
});
