import { defaultGrowthPercentages, type DashboardGrowthResponse } from '@riffline/contracts';
import { PlatformSetting, usageByPeriod } from '@riffline/db';
import { analyticsWindow } from '../../../presenters/analytics.ts';
import { growthSpan, usageGrowth } from '../../../presenters/growth.ts';
import type { Handler } from '../../route.ts';

type GrowthKey = keyof typeof defaultGrowthPercentages;
const growthKeys = Object.keys(defaultGrowthPercentages) as GrowthKey[];

/** The dashboard's cards are of the last 30 days (Total Streams, as GET /api/analytics?days=30 gives it). */
const DASHBOARD_DAYS = 30;

/** A stored value with two decimals; the default when it is missing or not a number. */
function percentage(stored: string | undefined, key: GrowthKey): string {
  const value = stored === undefined ? NaN : Number(stored.trim());
  return stored?.trim() && Number.isFinite(value) ? value.toFixed(2) : defaultGrowthPercentages[key];
}

/**
 * GET /api/dashboard/growth: the artist's own growth over the last 30 days against the 30 before (cut at
 * the last day reported), and the platform's growth as the two settings hold it.
 */
export const show: Handler<unknown> = async (ctx, { db, clock }): Promise<DashboardGrowthResponse> => {
  const window = analyticsWindow(ctx.state.user!.id, DASHBOARD_DAYS, clock());
  const [rows, periods] = await Promise.all([
    PlatformSetting.query(db).whereIn('settingKey', growthKeys),
    usageByPeriod(db, growthSpan(window)),
  ]);
  const stored = new Map(rows.map((row) => [row.settingKey, row.settingValue]));
  return {
    days: DASHBOARD_DAYS,
    ...usageGrowth(periods, window),
    platform: {
      streamsGrowthPercentage: percentage(
        stored.get('streams_growth_percentage'),
        'streams_growth_percentage',
      ),
      earningsGrowthPercentage: percentage(
        stored.get('earnings_growth_percentage'),
        'earnings_growth_percentage',
      ),
    },
  };
};
