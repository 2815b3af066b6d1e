import { stripVTControlCharacters } from 'node:util';
import type { FullResult, Reporter, Suite, TestCase } from '@playwright/test/reporter';
import { reportTally } from '../tally.ts';

/**
 * The browser suites' plain closing line, the same as vitest's (test/summaryReporter.ts), and after it
 * a short digest of each failure (its test, where it stopped, the first lines of the error): the list
 * reporter prints the full story far above, out of reach of a log read from its tail.
 */
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
    const failures: TestCase[] = [];
    for (const test of this.root?.allTests() ?? []) {
      const outcome = test.outcome();
      if (outcome === 'expected') passed++;
      else if (outcome === 'skipped') skipped++;
      else {
        failed++; // unexpected, and flaky (retries are off, so a flaky test is a failure)
        failures.push(test);
      }
    }
    // A run that failed before or around its tests (the web server did not start, a timeout) is a failure.
    if (result.status !== 'passed' && failed === 0) failed++;
    reportTally(`playwright ${process.cwd().split('/').pop() ?? ''}`, { passed, failed, skipped });
    for (const test of failures) process.stdout.write(failureDigest(test));
  }
}

/**
 * `FAILED [phone] file:line title`, then the line it stopped at and the first lines of each of its errors:
 * after a test's timeout the second error is the step it was waiting on, with Playwright's call log (what
 * the action waited for: the element, its visibility, stability, or what covered it).
 */
export function failureDigest(test: TestCase): string {
  const project = test.parent.project()?.name;
  const file = test.location.file.split('/').slice(-2).join('/');
  const lines = [`FAILED ${project ? `[${project}] ` : ''}${file}:${test.location.line} ${test.title}`];
  for (const error of test.results.at(-1)?.errors ?? []) {
    const stoppedAt = plain(error.snippet ?? '')
      .split('\n')
      .find((l) => l.startsWith('>'));
    if (stoppedAt) lines.push(`  ${stoppedAt}`);
    const message = plain(error.message ?? error.value ?? '').split('\n');
    lines.push(
      ...message
        .filter((l) => l.trim())
        .slice(0, 16)
        .map((l) => `  ${l}`),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Playwright's messages carry terminal colours; the digest is read as plain text. */
function plain(text: string): string {
  return stripVTControlCharacters(text);
}
