import type { UsagePeriod } from './growth.ts';

/** An artist's usage over a period, as usageByPeriod reads it (the presenters' tests). */
export const period = (date: string, endDate: string, streams: number, revenueUsd = '0'): UsagePeriod => ({
  date,
  endDate,
  streams,
  downloads: 0,
  revenueUsd,
});

/** Usage over one day. */
export const day = (date: string, streams: number, revenueUsd = '0') =>
  period(date, date, streams, revenueUsd);
