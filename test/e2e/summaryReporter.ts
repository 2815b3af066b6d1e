import { stripVTControlCharacters } from 'node:util';
import type { FullResult, Reporter, Suite, TestCase } from '@playwright/test/reporter';
import { reportTally } from '../tally.ts';

/**
 * The browser suites' plain closing line, the same as vitest's (test/summaryReporter.ts), and after it
 * a short digest of each failure (its test, where it stopped, the first lines of the error), and of the
 * first failure of each test that passed only on CI's retry: the list reporter prints the full story far
 * above, out of reach of a log read from its tail.
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
    const retried: TestCase[] = [];
    for (const test of this.root?.allTests() ?? []) {
      const outcome = test.outcome();
      if (outcome === 'expected') passed++;
      else if (outcome === 'skipped') skipped++;
      else if (outcome === 'flaky') {
        // Failed, then passed on CI's one retry: a pass, named in the digest with its first failure.
        passed++;
        retried.push(test);
      } else {
        failed++;
        failures.push(test);
      }
    }
    // A run that failed before or around its tests (the web server did not start, a timeout) is a failure.
    if (result.status !== 'passed' && failed === 0) failed++;
    reportTally(`playwright ${process.cwd().split('/').pop() ?? ''}`, {
      passed,
      failed,
      skipped,
      retried: retried.map(testName),
    });
    for (const test of failures) process.stdout.write(failureDigest(test));
    for (const test of retried) process.stdout.write(failureDigest(test, 0));
  }
}

/**
 * `FAILED [phone] file:line title`, then the line it stopped at and the first lines of each of its errors:
 * after a test's timeout the second error is the step it was waiting on, with Playwright's call log (what
 * the action waited for: the element, its visibility, stability, or what covered it).
 */
export function failureDigest(test: TestCase, attempt = -1): string {
  const lines = [`${attempt === -1 ? 'FAILED' : 'FAILED FIRST, PASSED ON RETRY'} ${testName(test)}`];
  for (const error of test.results.at(attempt)?.errors ?? []) {
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

/** `[phone] e2e/file.spec.ts:12 its title` */
function testName(test: TestCase): string {
  const project = test.parent.project()?.name;
  const file = test.location.file.split('/').slice(-2).join('/');
  return `${project ? `[${project}] ` : ''}${file}:${test.location.line} ${test.title}`;
}

/** Playwright's messages carry terminal colours; the digest is read as plain text. */
function plain(text: string): string {
  return stripVTControlCharacters(text);
}
