import { describe, expect } from 'vitest';
import type { AdminStoreReportResponse } from '@riffline/contracts';
import {
  Event,
  openUsageStaging,
  stageUsages,
  StoreReport,
  writeStoreReportLines,
  type Db,
} from '@riffline/db';
import { apiTest } from '#test/support/api.ts';
import { buildRelease, buildStoreReport, buildTrack, uniqueIsrc } from '#test/support/factories.ts';
import { STORE_REPORT_NOT_HELD } from '../../../commands/storeReports/storeReportConfirmer.ts';

/** A report of one artist's line that the import held (a line of a million dollars): nothing credited. */
async function heldReport(db: Db, userId: string) {
  const release = await buildRelease(db, { userId, status: 'live' });
  const track = await buildTrack(db, { releaseId: release.id, isrc: uniqueIsrc() });
  const report = await buildStoreReport(db, {
    status: 'held',
    holds: ['Lines worth more than USD 100000: line 2'],
  });
  await db.transaction(async (trx) => {
    await openUsageStaging(trx);
    await stageUsages(trx, [
      {
        file: 1,
        line: 2,
        usage: {
          store: 'Spotify',
          country: 'US',
          startDate: '2026-10-01',
          endDate: '2026-10-31',
          period: '2026-10',
          isrc: track.isrc,
          upc: null,
          saleType: 'stream',
          units: 10_000_000,
          netRevenue: '1000000.00',
          currency: 'USD',
          summaryId: null,
          listeners: null,
          track: null,
          release: null,
          artist: null,
        },
      },
    ]);
    await writeStoreReportLines(trx, report.id);
  });
  await StoreReport.query(db)
    .findById(report.id)
    .patch({ linesTotal: 1, linesMatched: 1, streams: 10_000_000 });
  return report;
}

describe('POST /api/admin/reports/:id/confirm', () => {
  apiTest(
    '401 signed out, 403 for an artist, 404 unknown, 409 unless held',
    async ({ db, visitor, approvedArtist, admin }) => {
      const report = await buildStoreReport(db, { status: 'completed' });
      expect((await visitor.send('POST', `/api/admin/reports/${report.id}/confirm`)).status).toBe(401);
      expect((await approvedArtist.send('POST', `/api/admin/reports/${report.id}/confirm`)).status).toBe(403);
      const unknown = await admin.send(
        'POST',
        '/api/admin/reports/00000000-0000-4000-8000-000000000000/confirm',
      );
      expect([unknown.status, unknown.json()]).toEqual([404, { message: 'Report not found' }]);
      const bad = await admin.send('POST', '/api/admin/reports/not-a-uuid/confirm');
      expect(bad.status).toBe(400);
      const notHeld = await admin.send('POST', `/api/admin/reports/${report.id}/confirm`);
      expect([notHeld.status, notHeld.json()]).toEqual([409, { message: STORE_REPORT_NOT_HELD }]);
    },
  );

  apiTest(
    'credits a held report once: its royalties and analytics written, the artists told',
    async ({ db, admin, approvedArtist }) => {
      const report = await heldReport(db, approvedArtist.user.id);
      const confirmed = await admin.send('POST', `/api/admin/reports/${report.id}/confirm`);
      expect(confirmed.status).toBe(200);
      expect(confirmed.json<AdminStoreReportResponse>()).toMatchObject({
        status: 'completed',
        royaltiesUsd: '1000000.00',
        holds: ['Lines worth more than USD 100000: line 2'],
      });
      expect(await db('royalties').where({ reportId: report.id }).pluck('amount')).toEqual(['1000000.00']);
      expect(await db('analytics').where({ reportId: report.id }).pluck('streams')).toEqual([10_000_000]);
      const imported = await Event.query(db).where({ aggregateId: report.id, type: 'report.imported' });
      expect(imported).toHaveLength(1);
      expect(imported[0]!.payload).toMatchObject({
        royaltiesUsd: '1000000.00',
        artists: 1,
        periods: ['2026-10'],
      });
      expect((await admin.send('POST', `/api/admin/reports/${report.id}/confirm`)).status).toBe(409);
    },
  );
});
