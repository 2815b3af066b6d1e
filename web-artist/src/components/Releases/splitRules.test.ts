import { describe, expect, it } from 'vitest';
import {
  defaultEffectiveFrom,
  hundredthsText,
  monthFrom,
  monthLabel,
  percentInput,
  shareHundredths,
} from './splitRules.ts';

describe('the Change Split form’s rules', () => {
  it('starts next month, or after the latest version when that one starts next month or later', () => {
    const now = new Date(2026, 11, 6); // December 2026
    expect(monthFrom(now)).toBe('2026-12');
    expect(defaultEffectiveFrom(now, undefined)).toBe('2027-01');
    expect(defaultEffectiveFrom(now, '2026-05')).toBe('2027-01');
    expect(defaultEffectiveFrom(now, '2027-01')).toBe('2027-02');
    expect(defaultEffectiveFrom(now, '2027-12')).toBe('2028-01');
  });

  it('counts percentages exactly, in hundredths, and refuses what the server would', () => {
    const total = ['33.33', '33.33', '33.34'].map(shareHundredths).reduce((a, b) => a! + b!, 0n);
    expect(total).toBe(10_000n);
    expect(hundredthsText(9_000n)).toBe('90.00');
    for (const bad of ['0', '100.01', '33.333', '-5', 'ten', '']) expect(shareHundredths(bad)).toBeNull();
    expect(shareHundredths(' 12.5 ')).toBe(1250n);
  });

  it('reads months and stored percentages the way the artist writes them', () => {
    expect(monthLabel('2026-11')).toBe('Nov 2026');
    expect(['30.00', '12.50', '100.00', '20'].map(percentInput)).toEqual(['30', '12.5', '100', '20']);
  });
});
