import {
  divideRounded,
  fromMinor,
  REVENUE_DECIMALS,
  rescale,
  toScaled,
  type UsageGrowth,
} from '@riffline/contracts';
import type { AnalyticsWindow, UsageSums } from '@riffline/db';

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
const cents = (scaled: bigint) => rescale(scaled, REVENUE_DECIMALS, 2);

/** The artist's usage over one reported period (usageByPeriod's rows): a day, or a month. */
export type UsagePeriod = UsageSums & { date: string; endDate: string };

/**
 * Whether a period overlaps `from`..`to` (both included): the rule the analytics queries count by, so
 * last month's report counts in the last 30 days.
 */
export const overlaps = (period: Pick<UsagePeriod, 'date' | 'endDate'>, from: string, to: string) =>
  period.date <= to && period.endDate >= from;

const hasUsage = (p: UsagePeriod) =>
  p.streams !== 0 || p.downloads !== 0 || toScaled(p.revenueUsd, REVENUE_DECIMALS) !== 0n;

/**
 * The days an artist's growth over `window` reads: the window and as many days before it (usageByPeriod
 * over these gives usageGrowth all it needs).
 */
export function growthSpan<W extends AnalyticsWindow>(window: W): W {
  const length = dayNumber(window.to) - dayNumber(window.from) + 1;
  return { ...window, from: dayOf(dayNumber(window.from) - length) };
}

/**
 * A change in percent, two decimals, rounded half away from zero: 100 → 112 is "12.00". Null from nothing
 * (or from less than nothing, a refund): no percentage says how far that is.
 */
export function percentChange(current: bigint, previous: bigint): string | null {
  if (previous <= 0n) return null;
  // Hundredths of a percent: (current - previous) / previous × 100 × 100.
  return fromMinor(divideRounded((current - previous) * 10_000n, previous));
}

/**
 * The artist's own growth over `window` (UsageGrowth in contracts), from their usage per period over
 * growthSpan(window): the days of the window up to the last one the stores reported for them (whatever
 * comes after is not reported yet, not nothing) against as many days just before the window. A period
 * overlapping the window counts in it, as in the page's totals (the current sums are what the page shows
 * beside the badge), and only there: a month that straddles the two ranges is not compared with itself.
 */
export function usageGrowth(
  periods: readonly UsagePeriod[],
  window: Pick<AnalyticsWindow, 'from' | 'to'>,
): UsageGrowth {
  const reportedUntil = lastReportedDay(periods, window);
  if (reportedUntil === null) {
    return {
      current: null,
      previous: null,
      streams: { current: 0, previous: 0, percentage: null },
      revenue: { current: '0.00', previous: '0.00', percentage: null },
    };
  }
  const from = dayNumber(window.from);
  const length = dayNumber(reportedUntil) - from + 1;
  const ranges = {
    current: { from: window.from, to: reportedUntil },
    previous: { from: dayOf(from - length), to: dayOf(from - 1) },
  };
  const streams = { current: 0n, previous: 0n };
  // Revenue summed exactly and rounded to cents once, as the page's total is: the current sum is that total.
  const revenue = { current: 0n, previous: 0n };
  for (const p of periods) {
    const range = overlaps(p, ranges.current.from, ranges.current.to)
      ? 'current'
      : overlaps(p, ranges.previous.from, ranges.previous.to)
        ? 'previous'
        : null;
    if (!range) continue;
    streams[range] += BigInt(p.streams);
    revenue[range] += toScaled(p.revenueUsd, REVENUE_DECIMALS);
  }
  return {
    ...ranges,
    streams: {
      current: Number(streams.current),
      previous: Number(streams.previous),
      percentage: percentChange(streams.current, streams.previous),
    },
    revenue: {
      current: fromMinor(cents(revenue.current)),
      previous: fromMinor(cents(revenue.previous)),
      percentage: percentChange(cents(revenue.current), cents(revenue.previous)),
    },
  };
}

/**
 * The last day of the window that usage reported for the artist covers: a period's last day, or the
 * window's when the period runs past it (null: nothing reported in the window).
 */
export function lastReportedDay(
  periods: readonly UsagePeriod[],
  window: Pick<AnalyticsWindow, 'from' | 'to'>,
): string | null {
  let last: string | null = null;
  for (const p of periods) {
    if (!overlaps(p, window.from, window.to) || !hasUsage(p)) continue;
    const end = p.endDate < window.to ? p.endDate : window.to;
    if (last === null || end > last) last = end;
  }
  return last;
}
