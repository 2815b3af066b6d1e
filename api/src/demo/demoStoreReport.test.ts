import { describe, expect, it } from 'vitest';
import { storeReportStartProblem } from '@riffline/contracts';
import { demoStoreReportCsv } from './demoStoreReport.ts';

const isrcs = ['QZRIF2600001', 'QZRIF2600002', 'QZRIF2600003'];
const today = new Date('2026-11-23T09:30:00Z');

describe('the demo store report', () => {
  const csv = demoStoreReportCsv(isrcs, today);
  const rows = csv.trim().split('\n');

  it('is a report the import takes: the columns it needs, one line per day, track, store, country, sale', () => {
    expect(storeReportStartProblem(csv)).toBeNull();
    const days = new Set(rows.slice(1).map((r) => r.split(',')[0]));
    expect([...days].sort()).toHaveLength(90);
    expect([...days].sort()[0]).toBe('2026-08-25');
    expect([...days].sort().at(-1)).toBe('2026-11-22'); // up to yesterday
    expect(new Set(rows.slice(1).map((r) => r.split(',')[3]))).toEqual(new Set(isrcs));
    expect(new Set(rows.slice(1).map((r) => r.split(',').at(-1)))).toEqual(
      new Set(['USD', 'INR', 'GBP', 'EUR', 'BRL']),
    );
    expect(rows.some((r) => r.includes(',download,'))).toBe(true);
  });

  it('is the same file for the same day, and another for another day', () => {
    expect(demoStoreReportCsv(isrcs, today)).toBe(csv);
    expect(demoStoreReportCsv(isrcs, new Date('2026-11-24T00:00:00Z'))).not.toBe(csv);
  });

  it('grows: the last week streams more than the first', () => {
    const week = (from: string, to: string) =>
      rows
        .slice(1)
        .map((r) => r.split(','))
        .filter((c) => c[0]! >= from && c[0]! <= to && c[4] === 'stream')
        .reduce((sum, c) => sum + Number(c[5]), 0);
    expect(week('2026-11-16', '2026-11-22')).toBeGreaterThan(week('2026-08-25', '2026-08-31') * 1.3);
  });
});
