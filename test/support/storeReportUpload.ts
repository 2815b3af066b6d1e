import { expect } from 'vitest';
import type { AdminStoreReportResponse } from '@riffline/contracts';
import { Event, type Db } from '@riffline/db';
import type { Actor } from './actors.ts';
import type { TestServer } from './api.ts';
import { waitUntilGroupPassed } from './eventLog.ts';

/**
 * As the admin: uploads a store report through the API (201 expected) and waits until the workers' reports
 * group has handled it; the job as the API then shows it.
 */
export async function uploadStoreReport(
  { app, db, admin }: { app: TestServer; db: Db; admin: Actor },
  file: { bytes: Uint8Array | string; name: string; type?: string },
): Promise<AdminStoreReportResponse> {
  const form = new FormData();
  const bytes = typeof file.bytes === 'string' ? file.bytes : new Uint8Array(file.bytes);
  form.append('file', new Blob([bytes], { type: file.type ?? 'text/csv' }), file.name);
  const res = await admin.browser.request(`${app.url}/api/admin/reports`, {
    method: 'POST',
    body: form,
    headers: { origin: app.url },
  });
  expect(res.status, res.body).toBe(201);
  const { id } = res.json<AdminStoreReportResponse>();
  const [event] = await Event.query(db).where({ aggregateId: id, type: 'report.uploaded' });
  await waitUntilGroupPassed({ db, group: 'reports', kafka: app.deps.config.kafka }, String(event!.id));
  return (await admin.get(`/api/admin/reports/${id}`)).json<AdminStoreReportResponse>();
}
