import { AnalyticsQuery } from '@riffline/contracts';
import { z } from 'zod';

export const AnalyticsSchema = z.object({ query: AnalyticsQuery });
export type AnalyticsInput = z.output<typeof AnalyticsSchema>;
