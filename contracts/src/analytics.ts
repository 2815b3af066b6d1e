import { z } from 'zod';
import { DecimalAmount } from './common.ts';

/** The Analytics page's timeframes (SPEC §2 Analytics: 30, 90 or 365 days). */
export const analyticsTimeframes = [30, 90, 365] as const;
export type AnalyticsTimeframe = (typeof analyticsTimeframes)[number];
export const ANALYTICS_DAYS_MESSAGE = 'days must be 30, 90 or 365';

/** GET /api/analytics?days=30|90|365 (default 30). */
export const AnalyticsQuery = z.object({
  days: z
    .enum(['30', '90', '365'], { error: ANALYTICS_DAYS_MESSAGE })
    .default('30')
    .transform((d) => Number(d) as AnalyticsTimeframe),
});
export type AnalyticsQuery = z.output<typeof AnalyticsQuery>;

/** A change in percent with two decimals ("12.50", "-3.75"). */
export const GrowthPercentage = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .describe('a change in percent with two decimals, e.g. "12.50" or "-3.75"');

const DayRange = z.object({ from: z.string(), to: z.string() });

/**
 * The artist's own growth over a window (the last `days` days, today included), computed from their
 * usage: the days of the window up to the last day the stores reported for them (`current`), against as
 * many days just before it (`previous`). `percentage` is null where there is nothing to compare: no day of
 * the window reported (`current` null too), or nothing in the days before it (a change from nothing is no
 * percentage). Revenue is the stores' net revenue in USD, before the commission (the royalty ledger keeps
 * months, not days).
 */
export const UsageGrowth = z.object({
  current: DayRange.nullable(),
  previous: DayRange.nullable(),
  streams: z.object({
    current: z.number().int(),
    previous: z.number().int(),
    percentage: GrowthPercentage.nullable(),
  }),
  revenue: z.object({
    current: DecimalAmount,
    previous: DecimalAmount,
    percentage: GrowthPercentage.nullable(),
  }),
});
export type UsageGrowth = z.infer<typeof UsageGrowth>;

const usage = {
  streams: z.number().int(),
  downloads: z.number().int(),
  /** Net revenue the stores reported, in USD (SPEC §9 rates), before any commission. */
  revenue: DecimalAmount,
};

/**
 * GET /api/analytics: the approved artist's own usage from imported store reports, over the last `days`
 * days (`from` … `to`, today included). A report's usage period (a day, or a month) counts in every window
 * it overlaps.
 */
export const AnalyticsResponse = z.object({
  days: z.number().int(),
  from: z.string(),
  to: z.string(),
  currency: z.literal('USD'),
  totalStreams: z.number().int(),
  totalDownloads: z.number().int(),
  totalRevenue: DecimalAmount,
  /**
   * Listeners the stores reported for the latest month in the window that has any, summed over stores and
   * tracks (a listener counted by two stores counts twice); null when no report gave listeners.
   */
  monthlyListeners: z.number().int().nullable(),
  /** The track with the most streams in the window; null without any. */
  topTrack: z
    .object({
      trackId: z.string(),
      title: z.string(),
      releaseId: z.string(),
      releaseTitle: z.string(),
      streams: z.number().int(),
    })
    .nullable(),
  /** Per store (the platform counters), most streams first. */
  platforms: z.array(z.object({ platform: z.string(), ...usage })),
  /**
   * What a point of `series` is: a day, or a calendar month when any of the window's reports covers more
   * than a day (a month's usage put on its first day would read as a spike there).
   */
  granularity: z.enum(['day', 'month']),
  /**
   * One entry per day of the window, or per calendar month it overlaps (dated its first day), oldest first,
   * zeros where nothing was reported; a period that started before the window counts on its first day.
   */
  series: z.array(z.object({ date: z.string(), ...usage })),
  /**
   * The last day of the window the artist's reported usage covers (a period's last day, at most `to`; null:
   * none): the days after it are not reported yet, so the charts stop there instead of dropping to zero.
   */
  reportedUntil: z.string().nullable(),
  /** Streams and revenue against the period of the same length before (the page's growth badges). */
  growth: UsageGrowth,
  /** The latest usage per day, release and store, newest first (at most 10). */
  recentActivity: z.array(
    z.object({
      date: z.string(),
      releaseId: z.string(),
      releaseTitle: z.string(),
      platform: z.string(),
      ...usage,
    }),
  ),
});
export type AnalyticsResponse = z.infer<typeof AnalyticsResponse>;
