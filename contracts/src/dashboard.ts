import { z } from 'zod';
import { UsageGrowth } from './analytics.ts';
import { DecimalAmount } from './common.ts';

/** SPEC §9: the two platform settings' values while no admin has set them. */
export const defaultGrowthPercentages = {
  streams_growth_percentage: '12.50',
  earnings_growth_percentage: '8.20',
} as const;

/**
 * GET /api/dashboard/growth: what the growth badges of the artist dashboard's Total Streams and Total
 * Earnings cards show, the artist's own change over the last `days` days against the days before
 * (UsageGrowth: null where there is nothing to compare, and then no badge), and beside it the platform's
 * growth this month as the admins set it in the two platform settings (SPEC §2, §3 platform_settings), in
 * percent with two decimals, negative for a decline: Riffline's figures, shown as Riffline's, never as the
 * artist's.
 */
export const DashboardGrowthResponse = UsageGrowth.extend({
  days: z.number().int(),
  platform: z.object({
    streamsGrowthPercentage: DecimalAmount,
    earningsGrowthPercentage: DecimalAmount,
  }),
});
export type DashboardGrowthResponse = z.infer<typeof DashboardGrowthResponse>;
