// Closes `make test` with the counts of each suite, then one plain line for every suite together, alone and
// unprefixed as the last line, so that whatever reads the run's closing line finds it: `N passed, N failed, N skipped`.
// Reads the counts each suite's reporter appended to the tally file (test/tally.ts).
import { existsSync, readFileSync } from 'node:fs';
import type { Tally } from '../test/tally.ts';

const file = process.argv[2];
if (!file) throw new Error('usage: node bin/testTotal.ts <tally file>');
const lines = existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
const total = { passed: 0, failed: 0, skipped: 0 };
const retried: string[] = [];
console.log('Every suite:');
for (const line of lines) {
  const suite = JSON.parse(line) as Tally & { suite: string };
  console.log(`  ${suite.suite}: ${suite.passed} passed, ${suite.failed} failed, ${suite.skipped} skipped`);
  retried.push(...(suite.retried ?? []));
  total.passed += suite.passed;
  total.failed += suite.failed;
  total.skipped += suite.skipped;
}
// A browser test may be tried once more in CI; each that passed only then is named here, above the last line.
if (retried.length) console.log(`Passed only on retry:\n${retried.map((t) => `  ${t}`).join('\n')}`);
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
if (total.failed > 0 || lines.length === 0) process.exitCode = 1;
