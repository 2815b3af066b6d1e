import type {
  AdminStoreReportLineResponse,
  AdminStoreReportResponse,
  StoreReportLineStatus,
} from '@riffline/contracts';
import { httpClient } from '../dataProvider.ts';

/** `POST /api/admin/reports`: the CSV in the multipart field `file` (fetch sets the boundary). */
export async function uploadReport(file: File, force: boolean): Promise<AdminStoreReportResponse> {
  const body = new FormData();
  body.append('file', file, file.name);
  const { json } = await httpClient(`/api/admin/reports${force ? '?force=true' : ''}`, {
    method: 'POST',
    body,
  });
  return json as AdminStoreReportResponse;
}

/** `GET /api/admin/reports/:id/lines?status=…`: the first `limit` kept lines and how many there are. */
export async function keptLines(
  id: string,
  status: Exclude<StoreReportLineStatus, 'matched'>,
  limit = 100,
): Promise<{ rows: AdminStoreReportLineResponse[]; total: number }> {
  const { json, headers } = await httpClient(
    `/api/admin/reports/${encodeURIComponent(id)}/lines?status=${status}&range=${encodeURIComponent(`[0,${limit - 1}]`)}`,
  );
  const total = Number(headers.get('content-range')?.split('/').pop() ?? 0);
  return { rows: json as AdminStoreReportLineResponse[], total };
}

/** An import still under way: its page polls until it is done. */
export const inProgress = (report: Pick<AdminStoreReportResponse, 'status'> | undefined) =>
  report?.status === 'pending' || report?.status === 'running';
