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

/**
 * The days an artist's growth over `window` reads: the window and as many days before it (usageByDay over
 * these gives usageGrowth all it needs).
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
 * The artist's own growth over `window` (UsageGrowth in contracts), from their usage per day over
 * growthSpan(window): the days of the window up to the last one the stores reported for them (whatever
 * comes after is not reported yet, not nothing) against as many days just before the window. So the
 * current sums are the window's own (what the page shows beside the badge), and both periods are the same
 * length, each made of reported days only.
 */
export function usageGrowth(
  days: ReadonlyArray<UsageSums & { date: string }>,
  window: Pick<AnalyticsWindow, 'from' | 'to'>,
): UsageGrowth {
  const reportedUntil = lastReportedDay(days, window);
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
  const streams = { current: 0n, previous: 0n };
  // Revenue summed exactly and rounded to cents once, as the page's total is: the current sum is that total.
  const revenue = { current: 0n, previous: 0n };
  for (const d of days) {
    const n = dayNumber(d.date);
    const period =
      n >= from && n < from + length ? 'current' : n >= from - length && n < from ? 'previous' : null;
    if (!period) continue;
    streams[period] += BigInt(d.streams);
    revenue[period] += toScaled(d.revenueUsd, REVENUE_DECIMALS);
  }
  return {
    current: { from: window.from, to: reportedUntil },
    previous: { from: dayOf(from - length), to: dayOf(from - 1) },
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

/** The last day of the window with any usage reported for the artist (null: none). */
export function lastReportedDay(
  days: ReadonlyArray<UsageSums & { date: string }>,
  window: Pick<AnalyticsWindow, 'from' | 'to'>,
): string | null {
  let last: string | null = null;
  for (const d of days) {
    if (d.date < window.from || d.date > window.to) continue;
    if (d.streams === 0 && d.downloads === 0 && toScaled(d.revenueUsd, REVENUE_DECIMALS) === 0n) continue;
    if (last === null || d.date > last) last = d.date;
  }
  return last;
}
