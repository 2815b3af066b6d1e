import { createHash, randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import type { AdminStoreReportLineResponse, AdminStoreReportResponse } from '@riffline/contracts';
import {
  Event,
  insertStoreReportLineBlocks,
  LineBlockWriter,
  StoreReport,
  type KeptLineEntry,
} from '@riffline/db';
import type { Actor } from '#test/support/actors.ts';
import { apiTest, type TestServer } from '#test/support/api.ts';
import { unique } from '#test/support/db.ts';

// Its own database: no workers process elsewhere imports (or fails) the reports uploaded here.
apiTest.override({ freshDb: true });

const HEADER = 'Period,Store,Country,ISRC,UPC,Sale Type,Units,Net Revenue,Currency';
/** A small valid report; `tag` makes its content (and so its hash) unique. */
const csv = (tag = unique('line')) =>
  `${HEADER}\n2026-10,Spotify,IN,QZABC2600001,,stream,120,0.35,USD\n2026-10,"Apple, Music",US,,036000291452,download,1,0.99,EUR\n# ${tag}\n`;

/** A multipart/form-data POST as the admin console sends it (fetch sets the boundary). */
function upload(
  app: TestServer,
  who: Pick<Actor, 'browser'>,
  file: string | Buffer | null,
  { query = '', field = 'file', filename = 'spotify-2026-10.csv' } = {},
) {
  const form = new FormData();
  if (file !== null)
    form.append(
      field,
      new Blob([typeof file === 'string' ? file : new Uint8Array(file)], { type: 'text/csv' }),
      filename,
    );
  else form.append('note', 'no file here');
  return who.browser.request(`${app.url}/api/admin/reports${query}`, {
    method: 'POST',
    body: form,
    headers: { origin: app.url },
  });
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('POST /api/admin/reports', () => {
  apiTest(
    '401 signed out, 403 for an artist; nothing stored',
    async ({ app, db, visitor, approvedArtist }) => {
      const before = await StoreReport.query(db).resultSize();
      const signedOut = await upload(app, visitor, csv());
      expect([signedOut.status, signedOut.json()]).toEqual([401, { message: 'Unauthorized' }]);
      const artist = await upload(app, approvedArtist, csv());
      expect([artist.status, artist.json()]).toEqual([
        403,
        { message: "You don't have permission to access this page." },
      ]);
      expect(await StoreReport.query(db).resultSize()).toBe(before);
    },
  );

  apiTest(
    '400 with the exact reason: no file, missing columns, a bad force, an empty file',
    async ({ app, db, admin }) => {
      const before = await StoreReport.query(db).resultSize();
      const missing = await upload(app, admin, null);
      expect([missing.status, missing.json()]).toEqual([
        400,
        { message: 'Attach the report: a CSV file in the "file" field' },
      ]);
      const columns = await upload(app, admin, 'period,store,isrc,units\n2026-10,Spotify,QZABC2600001,3\n');
      expect([columns.status, columns.json()]).toEqual([
        400,
        {
          message:
            'The report is missing the columns country, sale_type, net_revenue and currency (a CSV with a header row: period, store, country, sale_type, units, net_revenue, currency, and isrc and/or upc)',
        },
      ]);
      const force = await upload(app, admin, csv(), { query: '?force=yes' });
      expect(force.status).toBe(400);
      expect(force.json()).toMatchObject({ message: 'force must be true or false' });
      const empty = await upload(app, admin, '');
      expect([empty.status, empty.json()]).toEqual([400, { message: 'The report file is empty' }]);
      expect(await StoreReport.query(db).resultSize()).toBe(before);
    },
  );

  apiTest('415 for a body that is not a form, or a spreadsheet instead of CSV', async ({ app, admin }) => {
    const json = await admin.send('POST', '/api/admin/reports', { file: 'period,store' });
    expect([json.status, json.json()]).toEqual([
      415,
      { message: 'Send the report as multipart/form-data, the CSV file in the "file" field' },
    ]);
    const xlsx = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 1)]);
    const spreadsheet = await upload(app, admin, xlsx, { filename: 'report.xlsx' });
    expect([spreadsheet.status, spreadsheet.json()]).toEqual([
      415,
      { message: 'The report must be a CSV text file (save a spreadsheet as CSV first)' },
    ]);
  });

  apiTest(
    '201: the file is stored, the job is pending and report.uploaded is on the outbox; the same file again is 409 unless forced',
    async ({ app, db, admin }) => {
      const text = csv();
      const res = await upload(app, admin, text);
      expect(res.status, res.body).toBe(201);
      const report = res.json<AdminStoreReportResponse>();
      expect(report).toEqual({
        id: expect.any(String),
        filename: 'spotify-2026-10.csv',
        size: Buffer.byteLength(text),
        contentHash: sha256(text),
        forced: false,
        status: 'pending',
        progress: 0,
        linesRead: 0,
        linesTotal: 0,
        linesMatched: 0,
        linesUnmatched: 0,
        linesInvalid: 0,
        streams: 0,
        downloads: 0,
        revenueUsd: '0.00',
        royaltiesUsd: '0.00',
        error: null,
        uploadedBy: admin.user.id,
        createdAt: expect.any(String),
        startedAt: null,
        completedAt: null,
      });
      const row = (await StoreReport.query(db).findById(report.id))!;
      expect((await app.deps.storage.get(row.fileKey)).toString()).toBe(text);
      expect(await Event.query(db).where({ aggregateId: report.id })).toMatchObject([
        {
          type: 'report.uploaded',
          aggregateType: 'report',
          actorId: admin.user.id,
          payload: {
            filename: 'spotify-2026-10.csv',
            size: Buffer.byteLength(text),
            contentHash: sha256(text),
            forced: false,
          },
        },
      ]);

      const again = await upload(app, admin, text, { filename: 'renamed.csv' });
      expect([again.status, again.json()]).toEqual([
        409,
        {
          message: `This file was already uploaded on ${report.createdAt.slice(0, 10)} as report ${report.id} (spotify-2026-10.csv, pending); importing it again would count its sales twice. Upload it with force=true to import it again anyway.`,
        },
      ]);
      expect(await StoreReport.query(db).where({ contentHash: sha256(text) })).toHaveLength(1);

      const forced = await upload(app, admin, text, { query: '?force=true' });
      expect(forced.status).toBe(201);
      expect(forced.json()).toMatchObject({ forced: true, status: 'pending', contentHash: sha256(text) });
      expect(await StoreReport.query(db).where({ contentHash: sha256(text) })).toHaveLength(2);
    },
  );

  apiTest('a file whose import failed may be uploaded again without force', async ({ app, db, admin }) => {
    const text = csv();
    const first = (await upload(app, admin, text)).json<AdminStoreReportResponse>();
    await StoreReport.query(db)
      .patch({ status: 'failed', error: 'The uploaded file is missing' })
      .findById(first.id);
    const again = await upload(app, admin, text);
    expect(again.status).toBe(201);
    expect(again.json()).toMatchObject({ forced: false });
  });
});

describe('GET /api/admin/reports, /:id and /:id/lines', () => {
  apiTest(
    '401 signed out, 403 for an artist, 400 for a bad filter, 404 for an unknown report',
    async ({ admin, visitor, approvedArtist }) => {
      for (const path of ['/api/admin/reports', `/api/admin/reports/${crypto.randomUUID()}/lines`]) {
        expect((await visitor.get(path)).status).toBe(401);
        expect((await approvedArtist.get(path)).json()).toEqual({
          message: "You don't have permission to access this page.",
        });
      }
      const status = await admin.get('/api/admin/reports?status=done');
      expect([status.status, status.json()]).toMatchObject([
        400,
        { message: 'status must be one of pending, running, completed, failed' },
      ]);
      const lineStatus = await admin.get(`/api/admin/reports/${crypto.randomUUID()}/lines?status=lost`);
      expect(lineStatus.json()).toMatchObject({
        message: 'status must be one of matched, unmatched, invalid',
      });
      const unknown = await admin.get(`/api/admin/reports/${crypto.randomUUID()}`);
      expect([unknown.status, unknown.json()]).toEqual([404, { message: 'Report not found' }]);
      const noLines = await admin.get(`/api/admin/reports/${crypto.randomUUID()}/lines`);
      expect([noLines.status, noLines.json()]).toEqual([404, { message: 'Report not found' }]);
    },
  );

  apiTest(
    'lists imports newest first and filtered, shows one, and pages its kept lines with their reasons',
    async ({ app, db, admin }) => {
      const older = (
        await upload(app, admin, csv(), { filename: 'older.csv' })
      ).json<AdminStoreReportResponse>();
      const newer = (
        await upload(app, admin, csv(), { filename: 'newer.csv' })
      ).json<AdminStoreReportResponse>();
      await StoreReport.query(db).patch({ status: 'completed' }).findById(older.id);

      const list = await admin.get(`/api/admin/reports?filter=${encodeURIComponent('{"q":"er.csv"}')}`);
      expect(list.status).toBe(200);
      expect(list.json<AdminStoreReportResponse[]>().map((r) => r.filename)).toEqual([
        'newer.csv',
        'older.csv',
      ]);
      expect(list.headers.get('content-range')).toBe('reports 0-1/2');
      const completed = await admin.get('/api/admin/reports?status=completed&q=older');
      expect(completed.json<AdminStoreReportResponse[]>().map((r) => r.id)).toEqual([older.id]);
      expect((await admin.get(`/api/admin/reports/${newer.id}`)).json()).toMatchObject({
        id: newer.id,
        filename: 'newer.csv',
      });

      const line = (lineNumber: number, status: KeptLineEntry['status'], reason: string): KeptLineEntry => ({
        lineNumber,
        status,
        reason,
        period: status === 'invalid' ? null : '2026-10',
        saleDate: status === 'invalid' ? null : '2026-10-01',
        store: status === 'invalid' ? null : 'Spotify',
        country: status === 'invalid' ? null : 'IN',
        isrc: status === 'invalid' ? null : 'QZABC2600001',
        upc: null,
        saleType: status === 'invalid' ? null : 'stream',
        units: status === 'invalid' ? null : 120,
        netRevenue: status === 'invalid' ? null : '0.35000000',
        currency: status === 'invalid' ? null : 'USD',
        ratePerUsd: status === 'invalid' ? null : '1.000000',
        listeners: null,
        fields: { units: status === 'invalid' ? 'many' : '120' },
      });
      // Line 2 matched, lines 3-5 kept with why, all four whole in their block.
      const kept = [
        line(3, 'unmatched', 'No track has ISRC QZABC2600001'),
        line(4, 'invalid', 'units must be a whole number of 0 or more'),
        line(5, 'unmatched', 'No release has UPC 036000291452'),
      ];
      const blocks = new LineBlockWriter();
      const match = {
        trackId: randomUUID(),
        releaseId: randomUUID(),
        userId: 'usr_1',
        royaltyId: randomUUID(),
      };
      blocks.addMatched({
        lineNumber: 2,
        period: '2026-10',
        saleDate: '2026-10-01',
        store: 'Spotify',
        country: 'IN',
        isrc: 'QZABC2600001',
        upc: null,
        saleType: 'stream',
        units: 120,
        netRevenue: '0.35000000',
        currency: 'USD',
        ratePerUsd: '1.000000',
        revenueUsd: '0.35000000',
        listeners: null,
        ...match,
      });
      for (const k of kept) blocks.addKept(k);
      await db.transaction((trx) => insertStoreReportLineBlocks(trx, older.id, blocks.take(true)));
      const matched = await admin.get(`/api/admin/reports/${older.id}/lines?status=matched`);
      expect(matched.headers.get('content-range')).toBe('report-lines 0-0/1');
      expect(matched.json()).toEqual([
        {
          id: `${older.id}:2`,
          reportId: older.id,
          lineNumber: 2,
          status: 'matched',
          reason: null,
          period: '2026-10',
          store: 'Spotify',
          country: 'IN',
          isrc: 'QZABC2600001',
          upc: null,
          saleType: 'stream',
          units: 120,
          netRevenue: '0.35000000',
          currency: 'USD',
          ratePerUsd: '1.000000',
          revenueUsd: '0.35000000',
          trackId: match.trackId,
          releaseId: match.releaseId,
          royaltyId: match.royaltyId,
          fields: null,
        },
      ]);
      const unmatched = await admin.get(`/api/admin/reports/${older.id}/lines?status=unmatched`);
      expect(unmatched.headers.get('content-range')).toBe('report-lines 0-1/2');
      expect(
        unmatched.json<AdminStoreReportLineResponse[]>().map((l) => [l.id, l.lineNumber, l.reason]),
      ).toEqual([
        [`${older.id}:3`, 3, 'No track has ISRC QZABC2600001'],
        [`${older.id}:5`, 5, 'No release has UPC 036000291452'],
      ]);
      const invalid = await admin.get(`/api/admin/reports/${older.id}/lines?status=invalid`);
      expect(invalid.json()).toEqual([
        {
          id: `${older.id}:4`,
          reportId: older.id,
          lineNumber: 4,
          status: 'invalid',
          reason: 'units must be a whole number of 0 or more',
          period: null,
          store: null,
          country: null,
          isrc: null,
          upc: null,
          saleType: null,
          units: null,
          netRevenue: null,
          currency: null,
          ratePerUsd: null,
          revenueUsd: null,
          trackId: null,
          releaseId: null,
          royaltyId: null,
          fields: { units: 'many' },
        },
      ]);
      const page = await admin.get(
        `/api/admin/reports/${older.id}/lines?range=${encodeURIComponent('[1,2]')}&sort=${encodeURIComponent('["lineNumber","DESC"]')}`,
      );
      expect(page.headers.get('content-range')).toBe('report-lines 1-2/4');
      expect(page.json<AdminStoreReportLineResponse[]>().map((l) => l.lineNumber)).toEqual([4, 3]);
    },
  );
});
