import { defaultGrowthPercentages, type DashboardGrowthResponse } from '@riffline/contracts';
import { PlatformSetting } from '@riffline/db';
import type { Handler } from '../../route.ts';

type GrowthKey = keyof typeof defaultGrowthPercentages;
const growthKeys = Object.keys(defaultGrowthPercentages) as GrowthKey[];

/** A stored value with two decimals; the default when it is missing or not a number. */
function percentage(stored: string | undefined, key: GrowthKey): string {
  const value = stored === undefined ? NaN : Number(stored.trim());
  return stored?.trim() && Number.isFinite(value) ? value.toFixed(2) : defaultGrowthPercentages[key];
}

/** GET /api/dashboard/growth: the two growth settings, read as any approved artist may see them. */
export const show: Handler<unknown> = async (_ctx, { db }): Promise<DashboardGrowthResponse> => {
  const rows = await PlatformSetting.query(db).whereIn('settingKey', growthKeys);
  const stored = new Map(rows.map((row) => [row.settingKey, row.settingValue]));
  return {
    streamsGrowthPercentage: percentage(stored.get('streams_growth_percentage'), 'streams_growth_percentage'),
    earningsGrowthPercentage: percentage(
      stored.get('earnings_growth_percentage'),
      'earnings_growth_percentage',
    ),
  };
};
