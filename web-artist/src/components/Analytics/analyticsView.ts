import {
  analyticsTimeframes,
  convertAmount,
  currencySymbols,
  type AnalyticsResponse,
  type AnalyticsTimeframe,
  type Currency,
} from '@riffline/contracts';

/** SPEC §2 Analytics: the timeframe select's three choices. */
export const timeframeLabels: Record<AnalyticsTimeframe, string> = {
  30: 'Last 30 days',
  90: 'Last 90 days',
  365: 'Last year',
};

/** `?days=` as the page reads it: one of 30, 90 or 365, else the default 30. */
export function parseTimeframe(value: string | null): AnalyticsTimeframe {
  const days = Number(value);
  return (analyticsTimeframes as readonly number[]).includes(days) ? (days as AnalyticsTimeframe) : 30;
}

/** Whether the stores reported anything at all in the window (else the page shows its empty state). */
export const hasUsage = (a: AnalyticsResponse) =>
  a.totalStreams > 0 || a.totalDownloads > 0 || Number(a.totalRevenue) !== 0 || a.recentActivity.length > 0;

/** The stores every artist looks for first: their counters show, at 0, even before any report names them. */
export const headlineStores = ['Spotify', 'Apple Music', 'YouTube Music', 'Amazon Music'] as const;

export type PlatformCounter = AnalyticsResponse['platforms'][number];

/**
 * The platform counters: every store the window's reports name (most streams first, as the API sends
 * them), then the headline stores none of them named, at 0. Stores' names compare without case.
 */
export function platformCounters(platforms: AnalyticsResponse['platforms']): PlatformCounter[] {
  const named = new Set(platforms.map((p) => p.platform.toLowerCase()));
  const missing = headlineStores
    .filter((store) => !named.has(store.toLowerCase()))
    .map((platform) => ({ platform, streams: 0, downloads: 0, revenue: '0.00' }));
  return [...platforms, ...missing];
}

/** A point of a chart; null after the last day reported (the line stops there: not reported is not zero). */
export interface DailyPoint {
  date: Date;
  streams: number | null;
  downloads: number | null;
  /** In the artist's currency. */
  revenue: number | null;
}

/** 'YYYY-MM-DD' → that day at 00:00 UTC. */
export const utcDay = (day: string) => new Date(`${day}T00:00:00Z`);

const unreported = (date: Date): DailyPoint => ({ date, streams: null, downloads: null, revenue: null });

/**
 * The daily series for the charts: dates as UTC days, revenue converted from USD to `currency`, and no
 * value after `reportedUntil` (the API's last reported day), so the line ends there instead of dropping to
 * zero at today.
 */
export const dailyPoints = (
  series: AnalyticsResponse['series'],
  currency: Currency,
  reportedUntil: string | null,
): DailyPoint[] =>
  series.map((d) =>
    reportedUntil === null || d.date > reportedUntil
      ? unreported(utcDay(d.date))
      : {
          date: utcDay(d.date),
          streams: d.streams,
          downloads: d.downloads,
          revenue: Number(convertAmount(d.revenue, 'USD', currency)),
        },
  );

/**
 * The series a month a point: each month of the window dated its first day, usage summed in USD cents
 * before converting to `currency` (a monthly series passes as it is); no bar for a month that starts after
 * `reportedUntil`.
 */
export function monthlyPoints(
  series: AnalyticsResponse['series'],
  currency: Currency,
  reportedUntil: string | null,
): DailyPoint[] {
  const months = new Map<string, { streams: number; downloads: number; cents: number }>();
  for (const d of series) {
    const month = months.get(d.date.slice(0, 7)) ?? { streams: 0, downloads: 0, cents: 0 };
    month.streams += d.streams;
    month.downloads += d.downloads;
    month.cents += Math.round(Number(d.revenue) * 100);
    months.set(d.date.slice(0, 7), month);
  }
  return [...months].map(([month, m]) =>
    reportedUntil === null || `${month}-01` > reportedUntil
      ? unreported(utcDay(`${month}-01`))
      : {
          date: utcDay(`${month}-01`),
          streams: m.streams,
          downloads: m.downloads,
          revenue: Number(convertAmount((m.cents / 100).toFixed(2), 'USD', currency)),
        },
  );
}

/**
 * The charts' points: a bar a month for the year (365 daily needles read badly on a phone) and for monthly
 * reports (the API's series is of months then: a month's usage is not a day's), else a point a day.
 */
export function chartPoints(
  a: Pick<AnalyticsResponse, 'days' | 'granularity' | 'series' | 'reportedUntil'>,
  currency: Currency,
): { monthly: boolean; points: DailyPoint[] } {
  const monthly = a.days === 365 || a.granularity === 'month';
  return { monthly, points: (monthly ? monthlyPoints : dailyPoints)(a.series, currency, a.reportedUntil) };
}

/**
 * What a chart says when the stores have not reported up to the window's last day yet: "reported up to
 * Nov 20, 2026" (null when they have, or reported nothing).
 */
export const reportedNote = (a: Pick<AnalyticsResponse, 'to' | 'reportedUntil'>) =>
  a.reportedUntil && a.reportedUntil < a.to ? `reported up to ${formatDay(a.reportedUntil)}` : null;

/** 15000 → '15,000'. */
export const formatCount = (n: number) => n.toLocaleString('en-US');

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
/** Axis ticks: 15000 → '15K'. */
export const formatCompact = (n: number) => compact.format(n);

const compactMoney = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 2 });
/** Revenue axis ticks, short in any currency: 25 → '$25', 2051.5 → '₹2.05K', 0.05 → '$0.05'. */
export const formatCompactMoney = (n: number, currency: Currency) =>
  `${n < 0 ? '-' : ''}${currencySymbols[currency]}${compactMoney.format(Math.abs(n))}`;

/** A UTC day as people read it: 'Nov 23, 2026'. */
export const formatDay = (day: string | Date) =>
  (typeof day === 'string' ? utcDay(day) : day).toLocaleDateString('en-US', {
    dateStyle: 'medium',
    timeZone: 'UTC',
  });

/** The window the numbers cover: 'Oct 25, 2026 – Nov 23, 2026'. */
export const windowLabel = (a: Pick<AnalyticsResponse, 'from' | 'to'>) =>
  `${formatDay(a.from)} – ${formatDay(a.to)}`;
