/**
 * The store-report import stays small enough to read in one sitting (issue 34): its code in workers, db
 * (migrations aside) and contracts, tests aside, within 2,200 lines.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const BUDGET = 2_200;

const sources = (entry: string): string[] => {
  const full = path.join(root, entry);
  if (fs.statSync(full).isFile()) return [full];
  return fs
    .readdirSync(full)
    .filter((name) => name.endsWith('.ts') && !name.includes('.test.'))
    .map((name) => path.join(full, name));
};
const linesOf = (file: string) => fs.readFileSync(file, 'utf8').split('\n').length - 1;

describe('the store-report import', () => {
  it(`is at most ${BUDGET.toLocaleString('en-US')} lines of code`, () => {
    const files = [
      'workers/src/storeReports',
      'db/src/storeReports',
      'contracts/src/storeReports.ts',
    ].flatMap(sources);
    expect(files.length).toBeGreaterThan(5);
    expect(files.reduce((sum, file) => sum + linesOf(file), 0)).toBeLessThanOrEqual(BUDGET);
  });
});
