import type { FullResult, Reporter, Suite } from '@playwright/test/reporter';
import { reportTally } from '../tally.ts';

/** The browser suites' plain closing line, the same as vitest's (test/summaryReporter.ts). */
export default class SummaryReporter implements Reporter {
  private root: Suite | undefined;

  printsToStdio(): boolean {
    return false;
  }

  onBegin(_config: unknown, suite: Suite): void {
    this.root = suite;
  }

  onEnd(result: FullResult): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const test of this.root?.allTests() ?? []) {
      const outcome = test.outcome();
      if (outcome === 'expected') passed++;
      else if (outcome === 'skipped') skipped++;
      else failed++; // unexpected, and flaky (retries are off, so a flaky test is a failure)
    }
    // A run that failed before or around its tests (the web server did not start, a timeout) is a failure.
    if (result.status !== 'passed' && failed === 0) failed++;
    reportTally(`playwright ${process.cwd().split('/').pop() ?? ''}`, { passed, failed, skipped });
  }
}
