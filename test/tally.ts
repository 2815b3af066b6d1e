import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';

export interface Tally {
  passed: number;
  failed: number;
  skipped: number;
  /** Tests that failed, then passed on their one retry (browser suites in CI): counted as passed, named. */
  retried?: string[];
}

/**
 * Prints a suite's plain closing line, `Tests: N passed, N failed, N skipped`, and, when `make test`
 * set RIFFLINE_TEST_TALLY, appends the counts to that file so `bin/testTotal.ts` can close the whole
 * run with one line for every suite together.
 */
export function reportTally(suite: string, tally: Tally): void {
  process.stdout.write(`\nTests: ${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped\n`);
  const file = process.env.RIFFLINE_TEST_TALLY;
  if (!file) return;
  mkdirSync(path.dirname(file), { recursive: true });
  appendFileSync(file, `${JSON.stringify({ suite, ...tally })}\n`);
}
