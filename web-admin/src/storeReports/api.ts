import type { AdminStoreReportResponse } from '@riffline/contracts';
import { httpClient } from '../dataProvider.ts';

/** `POST /api/admin/reports`: the file (DSR or CSV, either gzipped) in the multipart field `file`. */
export async function uploadReport(file: File, force: boolean): Promise<AdminStoreReportResponse> {
  const body = new FormData();
  body.append('file', file, file.name);
  const { json } = await httpClient(`/api/admin/reports${force ? '?force=true' : ''}`, {
    method: 'POST',
    body,
  });
  return json as AdminStoreReportResponse;
}

/** An import still under way: its page polls until it is done. */
export const inProgress = (report: Pick<AdminStoreReportResponse, 'status'> | undefined) =>
  report?.status === 'pending' || report?.status === 'running';

/** The resource of a report's lines, as ra-data-simple-rest asks for them: `GET /api/admin/reports/:id/lines`. */
export const linesResource = (reportId: string) => `reports/${encodeURIComponent(reportId)}/lines`;

/**
 * An amount as the report states it (up to 8 decimals), for reading: thousands grouped, trailing zeros
 * beyond the cents dropped ("10.00000000" → "10.00", "0.00012300" → "0.000123").
 */
export function reportedAmount(amount: string | null | undefined): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount ?? '');
  if (!match) return amount ?? '';
  const [, sign, whole, fraction = ''] = match;
  const decimals = fraction.replace(/0+$/, '').padEnd(2, '0');
  return `${sign}${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${decimals}`;
}
