import {
  monthlyListeners,
  recentUsage,
  topTrack,
  usageByPeriod,
  usageByPlatform,
  usageTotals,
} from '@riffline/db';
import { analyticsWindow, presentAnalytics } from '../../../presenters/analytics.ts';
import { growthSpan } from '../../../presenters/growth.ts';
import type { Handler } from '../../route.ts';
import type { AnalyticsInput } from './schema.ts';

/**
 * GET /api/analytics: the artist's own usage over the last 30, 90 or 365 days, and its growth against the
 * days before (reads run side by side).
 */
export const show: Handler<AnalyticsInput> = async (ctx, { db, clock }) => {
  const window = analyticsWindow(ctx.state.user!.id, ctx.state.input.query.days, clock());
  const [totals, platforms, periods, top, listeners, recent] = await Promise.all([
    usageTotals(db, window),
    usageByPlatform(db, window),
    usageByPeriod(db, growthSpan(window)),
    topTrack(db, window),
    monthlyListeners(db, window),
    recentUsage(db, window, 10),
  ]);
  return presentAnalytics(window, { totals, platforms, periods, top, listeners, recent });
};
