import { describe, expect, it } from 'vitest';
import { formatGrowth, groupDigits, isDecline } from './growth.ts';

describe('formatGrowth', () => {
  it('shows the defaults, whole numbers, zero and declines as a badge reads them', () => {
    expect(formatGrowth('12.50')).toBe('+12.5%');
    expect(formatGrowth('8.20')).toBe('+8.2%');
    expect(formatGrowth('21.00')).toBe('+21%');
    expect(formatGrowth('0.00')).toBe('+0%');
    expect(formatGrowth('-3.75')).toBe('-3.75%');
    expect(formatGrowth('1000.00')).toBe('+1,000%');
  });

  it('calls only a negative value a decline', () => {
    expect([isDecline('-0.01'), isDecline('0.00'), isDecline('12.50')]).toEqual([true, false, false]);
  });

  it('groups digits in thousands as en-US does', () => {
    for (const n of [0, 7, 999, 1000, 12345, 1234567, 1000000000])
      expect(groupDigits(String(n))).toBe(n.toLocaleString('en-US'));
  });
});
