import { describe, expect, it } from 'vitest';
import { growthSpan, lastReportedDay, percentChange, usageGrowth } from './growth.ts';
import { day, period } from './periods.fixture.ts';

const window = { userId: 'u1', from: '2026-11-01', to: '2026-11-30' };

describe('the artist’s own growth', () => {
  it('reads the window and as many days before it', () => {
    expect(growthSpan(window)).toEqual({ userId: 'u1', from: '2026-10-02', to: '2026-11-30' });
    expect(growthSpan({ userId: 'u1', from: '2026-03-01', to: '2026-03-01' }).from).toBe('2026-02-28');
  });

  it('is a percentage with two decimals, rounded half away from zero, and none from nothing', () => {
    expect(percentChange(112n, 100n)).toBe('12.00');
    expect(percentChange(100n, 112n)).toBe('-10.71');
    expect(percentChange(1n, 3n)).toBe('-66.67');
    expect(percentChange(2n, 3n)).toBe('-33.33');
    expect(percentChange(200_001n, 8n)).toBe('2499912.50');
    expect(percentChange(5n, 5n)).toBe('0.00');
    expect(percentChange(0n, 40n)).toBe('-100.00');
    expect(percentChange(10n, 0n)).toBeNull();
    expect(percentChange(10n, -4n)).toBeNull();
  });

  it('has nothing to compare on an account without usage: no periods, no percentages', () => {
    expect(usageGrowth([], window)).toEqual({
      current: null,
      previous: null,
      streams: { current: 0, previous: 0, percentage: null },
      revenue: { current: '0.00', previous: '0.00', percentage: null },
    });
    // Usage only before the window: nothing reported in it, so no decline of 100% either.
    expect(usageGrowth([day('2026-10-20', 500, '2.00')], window).streams.percentage).toBeNull();
    // A day with a row but no usage is no report.
    expect(usageGrowth([day('2026-11-10', 0)], window).current).toBeNull();
  });

  it('has no percentage from a period of nothing (a first report)', () => {
    const first = usageGrowth([day('2026-11-29', 800, '3.20')], window);
    expect(first.current).toEqual({ from: '2026-11-01', to: '2026-11-29' });
    expect(first.previous).toEqual({ from: '2026-10-03', to: '2026-10-31' });
    expect(first.streams).toEqual({ current: 800, previous: 0, percentage: null });
    expect(first.revenue).toEqual({ current: '3.20', previous: '0.00', percentage: null });
  });

  it('compares the whole window with the one before when today is reported', () => {
    const growth = usageGrowth(
      [
        day('2026-10-02', 100, '0.50'),
        day('2026-10-31', 100, '0.50'),
        day('2026-11-01', 150, '0.60'),
        day('2026-11-30', 75, '0.65'),
      ],
      window,
    );
    expect(growth.current).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(growth.previous).toEqual({ from: '2026-10-02', to: '2026-10-31' });
    expect(growth.streams).toEqual({ current: 225, previous: 200, percentage: '12.50' });
    expect(growth.revenue).toEqual({ current: '1.25', previous: '1.00', percentage: '25.00' });
  });

  it('stops at the last reported day and compares as many days before the window', () => {
    // Reported until the 10th: the current period is 1-10 November, the previous 22-31 October; the days
    // of October before the 22nd are not compared.
    const growth = usageGrowth(
      [
        day('2026-10-05', 9_999),
        day('2026-10-22', 300, '1.00'),
        day('2026-10-31', 100, '1.00'),
        day('2026-11-01', 120, '0.10'),
        day('2026-11-10', 240, '1.40'),
      ],
      window,
    );
    expect(growth.current).toEqual({ from: '2026-11-01', to: '2026-11-10' });
    expect(growth.previous).toEqual({ from: '2026-10-22', to: '2026-10-31' });
    expect(growth.streams).toEqual({ current: 360, previous: 400, percentage: '-10.00' });
    expect(growth.revenue).toEqual({ current: '1.50', previous: '2.00', percentage: '-25.00' });
  });

  it('sums revenue exactly and rounds it to cents once, as the page’s total, refunds included', () => {
    const growth = usageGrowth(
      [
        day('2026-10-31', 10, '0.00400000'),
        day('2026-10-30', 0, '2.00600000'),
        day('2026-11-30', 5, '-0.50'),
      ],
      window,
    );
    expect(growth.revenue).toEqual({ current: '-0.50', previous: '2.01', percentage: '-124.88' });
  });

  it('finds the last reported day inside the window only', () => {
    const days = [day('2026-10-31', 5), day('2026-11-12', 0, '0.00000001'), day('2026-12-01', 7)];
    expect(lastReportedDay(days, window)).toBe('2026-11-12');
    expect(lastReportedDay([day('2026-10-31', 5)], window)).toBeNull();
  });

  it('counts a month-long period in the window it overlaps, never in the period before as well', () => {
    // October's report overlaps both the window (2-31 October) and the previous period (2 September -
    // 1 October): it counts in the window, as the page's total does, and is not compared with itself.
    const window = { from: '2026-10-02', to: '2026-10-31' };
    const growth = usageGrowth(
      [
        period('2026-09-01', '2026-09-30', 1_000, '4.00'),
        period('2026-10-01', '2026-10-31', 600, '3.00'),
        day('2026-10-15', 200, '1.00'),
      ],
      window,
    );
    expect(growth.current).toEqual({ from: '2026-10-02', to: '2026-10-31' });
    expect(growth.previous).toEqual({ from: '2026-09-02', to: '2026-10-01' });
    expect(growth.streams).toEqual({ current: 800, previous: 1_000, percentage: '-20.00' });
    expect(growth.revenue).toEqual({ current: '4.00', previous: '4.00', percentage: '0.00' });
    // Last month's report alone: nothing before it to compare with, so no percentage (no badge).
    const alone = usageGrowth([period('2026-10-01', '2026-10-31', 600, '3.00')], window);
    expect(alone.streams).toEqual({ current: 600, previous: 0, percentage: null });
  });

  it('is reported until the last day a period covers, at most the window’s last', () => {
    expect(lastReportedDay([period('2026-10-01', '2026-10-31', 5)], window)).toBeNull();
    expect(lastReportedDay([period('2026-10-15', '2026-11-14', 5), day('2026-11-03', 1)], window)).toBe(
      '2026-11-14',
    );
    expect(lastReportedDay([period('2026-11-01', '2026-12-31', 5)], window)).toBe('2026-11-30');
    // Only a month of nothing: not reported.
    expect(lastReportedDay([period('2026-11-01', '2026-11-30', 0)], window)).toBeNull();
  });
});
