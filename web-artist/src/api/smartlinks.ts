import { queryOptions } from '@tanstack/react-query';
import type {
  FansResponse,
  SmartLinkBody,
  SmartLinkResponse,
  SmartLinkStatsResponse,
} from '@riffline/contracts';
import { api, ApiError } from './client.ts';

export type SmartLink = SmartLinkResponse;
export type SmartLinkStats = SmartLinkStatsResponse;
export type Fans = FansResponse;

/** The release's public page at `/l/{slug}` (every release has one from its creation). */
export const smartLinkQuery = (releaseId: string) =>
  queryOptions({
    queryKey: ['smartlink', { releaseId }],
    queryFn: () => api<SmartLink>(`/api/releases/${releaseId}/smartlink`),
  });

/** The page's numbers over the last `days` days (UTC, today included): every day, zeros included. */
export const smartLinkStatsQuery = (releaseId: string, days = 30) =>
  queryOptions({
    queryKey: ['smartlink-stats', { releaseId, days }],
    queryFn: () => api<SmartLinkStats>(`/api/releases/${releaseId}/smartlink/stats?days=${days}`),
  });

/** The artist's fans from all their SmartLinks, with how many confirmed their address. */
export const fansQuery = queryOptions({
  queryKey: ['fans', {}],
  queryFn: () => api<Fans>('/api/fans'),
});

/** Changes the slug (the old address stops answering) or the email opt-in; 400 and 409 say why not. */
export const updateSmartLink = (releaseId: string, body: SmartLinkBody) =>
  api<SmartLink>(`/api/releases/${releaseId}/smartlink`, { method: 'PATCH', body });

/** What the server said about the slug (400's issue on `body.slug`, or 409's message), if it was that. */
export function slugRefusal(error: unknown): string | null {
  if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 409)) return null;
  try {
    const parsed = JSON.parse(error.body) as {
      message?: unknown;
      issues?: Array<{ path?: unknown; message?: unknown }>;
    };
    const issue = parsed.issues?.find((i) => i.path === 'body.slug' && typeof i.message === 'string');
    if (issue) return issue.message as string;
    return error.status === 409 && typeof parsed.message === 'string' ? parsed.message : null;
  } catch {
    return null;
  }
}

/** The name the server gave the download (Content-Disposition), else one of today's date. */
function downloadName(disposition: string | null): string {
  const star = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (star) return decodeURIComponent(star);
  const plain = disposition?.match(/filename="?([^";]+)"?/i)?.[1];
  return plain ?? `riffline-fans-${new Date().toISOString().slice(0, 10)}.csv`;
}

/**
 * GET /api/fans/export: the confirmed fans as a CSV file, saved by the browser. It is a step-up route: a 403
 * (no recent second factor) rejects with the ApiError `useConfirmItsYou` recognises, as any other failure.
 */
export async function downloadFans(): Promise<string> {
  const res = await fetch('/api/fans/export', {
    credentials: 'include',
    headers: { accept: 'text/csv, application/json' },
  });
  if (!res.ok) throw new ApiError(res.status, await res.text(), res.statusText);
  const name = downloadName(res.headers.get('content-disposition'));
  const url = URL.createObjectURL(await res.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click starts the download at once; the address is kept a moment for browsers that read it late.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return name;
}
