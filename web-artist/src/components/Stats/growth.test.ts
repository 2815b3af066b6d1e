import { describe, expect, it } from 'vitest';
import {
  formatGrowth,
  groupDigits,
  growthLine,
  isDecline,
  platformGrowthLine,
  shortRange,
  type OwnGrowth,
} from './growth.ts';

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

describe('the dashboard’s growth lines', () => {
  const empty: OwnGrowth = {
    current: null,
    previous: null,
    streams: { percentage: null },
    revenue: { percentage: null },
  };
  const compared: OwnGrowth = {
    current: { from: '2026-11-02', to: '2026-11-29' },
    previous: { from: '2026-10-05', to: '2026-11-01' },
    streams: { percentage: '12.50' },
    revenue: { percentage: '-3.75' },
  };

  it('shows no badge on an account with nothing to compare, and says so', () => {
    expect(growthLine(empty, 'streams')).toEqual({ kind: 'none', text: 'No data yet' });
    expect(growthLine(empty, 'revenue')).toEqual({ kind: 'none', text: 'No data yet' });
    // A first report: this period has data, the one before has none.
    expect(growthLine({ ...compared, streams: { percentage: null } }, 'streams')).toEqual({
      kind: 'none',
      text: 'No earlier data to compare yet',
    });
  });

  it('shows the artist’s own change with the days it compares', () => {
    expect(growthLine(compared, 'streams')).toEqual({
      kind: 'badge',
      percentage: '12.50',
      caption: 'vs Oct 5 – Nov 1',
      label: 'Streams up 12.5% on Nov 2 – Nov 29 against Oct 5 – Nov 1',
    });
    expect(growthLine(compared, 'revenue', 'last 30 days')).toEqual({
      kind: 'badge',
      percentage: '-3.75',
      caption: 'last 30 days vs Oct 5 – Nov 1',
      label: 'Revenue down 3.75% on Nov 2 – Nov 29 against Oct 5 – Nov 1',
    });
    expect(shortRange({ from: '2026-01-09', to: '2026-01-09' })).toBe('Jan 9');
  });

  it('says the platform settings are Riffline’s growth, in words', () => {
    expect(platformGrowthLine({ streamsGrowthPercentage: '12.50', earningsGrowthPercentage: '8.20' })).toBe(
      "Across Riffline this month, artists' streams grew 12.5% and their earnings grew 8.2%.",
    );
    expect(platformGrowthLine({ streamsGrowthPercentage: '-3.50', earningsGrowthPercentage: '0.00' })).toBe(
      "Across Riffline this month, artists' streams fell 3.5% and their earnings held steady.",
    );
  });
});
