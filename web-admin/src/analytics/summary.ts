import type { AdminAnalyticsSummary } from '@riffline/contracts';
import { httpClient } from '../dataProvider.ts';

/** What of the list's filters the summary also takes: its days and the release, artist and store. */
export interface SummaryScope {
  from?: string;
  to?: string;
  releaseId?: string;
  userId?: string;
  platform?: string;
}

const day = (value: unknown) => (typeof value === 'string' && value ? value.slice(0, 10) : undefined);

export function scopeOf(filter: Record<string, unknown>): SummaryScope {
  const text = (key: string) =>
    typeof filter[key] === 'string' && filter[key] ? String(filter[key]) : undefined;
  return {
    from: day(filter.date_gte),
    to: day(filter.date_lte),
    releaseId: text('releaseId'),
    userId: text('userId'),
    platform: text('platform'),
  };
}

/** `GET /api/admin/analytics/summary`: totals and the breakdowns the charts draw. */
export async function fetchSummary(scope: SummaryScope): Promise<AdminAnalyticsSummary> {
  const params = new URLSearchParams(
    Object.entries(scope).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const { json } = await httpClient(`/api/admin/analytics/summary?${params}`);
  return json as AdminAnalyticsSummary;
}

export const formatCount = (n: number) => n.toLocaleString('en-US');
