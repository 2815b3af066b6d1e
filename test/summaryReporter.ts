import type { Reporter, TestModule } from 'vitest/node';
import { reportTally } from './tally.ts';

/** Adds one plain closing line, `Tests: N passed, N failed, N skipped`, after vitest's own summary. */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      // A file that failed outside its tests (a hook, an import) counts once, even if its tests show skipped.
      const testFailed = [...module.children.allTests()].some((t) => t.result().state === 'failed');
      if (module.state() === 'failed' && !testFailed) failed++;
    }
    reportTally('vitest', { passed, failed, skipped });
  }
}
