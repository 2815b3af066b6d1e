import { z } from 'zod';
import { DecimalAmount } from './common.ts';

/** SPEC §9: what the dashboard's growth badges show while no admin has set a value. */
export const defaultGrowthPercentages = {
  streams_growth_percentage: '12.50',
  earnings_growth_percentage: '8.20',
} as const;

/**
 * GET /api/dashboard/growth: the growth badges of the artist dashboard's Total Streams and Total Earnings
 * cards, as the admins set them in the platform settings (SPEC §2, §3 platform_settings), in percent with
 * two decimals; negative for a decline.
 */
export const DashboardGrowthResponse = z.object({
  streamsGrowthPercentage: DecimalAmount,
  earningsGrowthPercentage: DecimalAmount,
});
export type DashboardGrowthResponse = z.infer<typeof DashboardGrowthResponse>;
