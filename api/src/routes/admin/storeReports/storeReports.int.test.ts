import { createHash, randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect } from 'vitest';
import type { AdminStoreReportLineResponse, AdminStoreReportResponse } from '@riffline/contracts';
import {
  completeStoreReport,
  Event,
  insertStoreReportSummaries,
  NOTHING_CREDITED,
  openUsageStaging,
  stageUsages,
  StoreReport,
  writeStoreReportCredits,
  writeStoreReportLines,
  type Db,
  type StagedUsage,
} from '@riffline/db';
import type { Actor } from '#test/support/actors.ts';
import { apiTest, type TestServer } from '#test/support/api.ts';
import { unique } from '#test/support/db.ts';
import { dsrFile } from '#test/support/dsrFile.ts';
import { buildArtist, buildRelease, buildTrack, uniqueIsrc, uniqueUpc } from '#test/support/factories.ts';

// Its own database: no workers process elsewhere imports (or fails) the reports uploaded here.
const test = apiTest.extend({ freshDb: true });

const HEADER = 'Period,Store,Country,ISRC,UPC,Sale Type,Units,Net Revenue,Currency';

/** A small valid report; `tag` makes its content (and so its hash) unique. */
const csv = (tag = unique('line')) =>
  `${HEADER}\n2026-10,Spotify,IN,QZABC2600001,,stream,120,0.35,USD\n2026-10,"Apple, Music",US,,036000291452,download,1,0.99,EUR\n# ${tag}\n`;

/** A DSR Basic Audio Profile file (its MessageId makes it unique): one summary, one block. */
const dsr = (lineEnd: '\n' | '\r\n' = '\n') =>
  dsrFile({
    messageId: unique('MSG'),
    headings: true,
    lineEnd,
    summaries: [{ id: 'S1', territory: 'IN', currency: 'EUR', netRevenue: '10' }],
    blocks: [
      {
        release: { icpn: '036000291452', title: 'Rock \\ Roll', artist: ['Maya R', 'Ravi K'] },
        resources: [{ isrc: 'QZABC2600001', title: 'Left | Right', usages: [{ summary: 'S1', count: 120 }] }],
      },
    ],
  });

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

const sha256 = (bytes: string | Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The job as an upload leaves it: pending, nothing read yet. */
const pendingJob = (filename: string, bytes: string | Buffer, uploadedBy: string) => ({
  id: expect.any(String),
  filename,
  size: Buffer.byteLength(bytes),
  contentHash: sha256(bytes),
  forced: false,
  status: 'pending',
  progress: 0,
  format: null,
  messageId: null,
  sender: null,
  service: null,
  usageStart: null,
  usageEnd: null,
  fileNumber: null,
  numberOfFiles: null,
  importedWith: null,
  linesRead: 0,
  linesTotal: 0,
  linesMatched: 0,
  linesUnmatched: 0,
  linesInvalid: 0,
  streams: 0,
  downloads: 0,
  totals: [],
  revenueUsd: '0.00',
  royaltiesUsd: '0.00',
  warnings: [],
  holds: [],
  error: null,
  uploadedBy,
  createdAt: expect.any(String),
  startedAt: null,
  completedAt: null,
});

describe('POST /api/admin/reports', () => {
  test('401 signed out, 403 for an artist; nothing stored', async ({ app, db, visitor, approvedArtist }) => {
    const before = await StoreReport.query(db).resultSize();
    const signedOut = await upload(app, visitor, csv());
    expect([signedOut.status, signedOut.json()]).toEqual([401, { message: 'Unauthorized' }]);
    const artist = await upload(app, approvedArtist, csv());
    expect([artist.status, artist.json()]).toEqual([
      403,
      { message: "You don't have permission to access this page." },
    ]);
    expect(await StoreReport.query(db).resultSize()).toBe(before);
  });

  test('400 with the exact reason: no file, missing columns, a header of no known layout, a bad force, an empty file', async ({
    app,
    db,
    admin,
  }) => {
    const before = await StoreReport.query(db).resultSize();
    const refused = async (file: string | Buffer, message: string, filename?: string) => {
      const res = await upload(app, admin, file, { filename });
      expect([res.status, res.json()], filename).toEqual([400, { message }]);
    };
    const missing = await upload(app, admin, null);
    expect([missing.status, missing.json()]).toEqual([
      400,
      { message: 'Attach the report: a CSV file in the "file" field' },
    ]);
    const columns =
      'The report is missing the columns country, sale_type, net_revenue and currency (a CSV with a header row: period, store, country, sale_type, units, net_revenue, currency, and isrc and/or upc)';
    const short = 'period,store,isrc,units\n2026-10,Spotify,QZABC2600001,3\n';
    await refused(short, columns);
    // Gzipped, the header inside is judged the same.
    await refused(gzipSync(short), columns, 'short.csv.gz');
    // A header of no known layout: what the layout it comes closest to lacks, by name.
    await refused(
      'Song,Plays,Money\nNight Drive,3,0.01\n',
      'The report is missing the columns period, store, country, sale_type, units, net_revenue, currency and isrc or upc (a CSV with a header row: period, store, country, sale_type, units, net_revenue, currency, and isrc and/or upc)',
    );
    // Nearly a DistroKid export: the one column it lacks.
    await refused(
      'Reporting Date,Sale Month,Store,Artist,Title,ISRC,UPC,Quantity,Song/Album,Country of Sale\n2026-11-05,2026-10,Spotify,Maya R,Night Drive,QZABC2600001,,3,Song,IN\n',
      'The report is missing the column Earnings (USD) (a DistroKid export: Sale Month, Store, Country of Sale, Quantity, Earnings (USD), and ISRC and/or UPC)',
    );
    await refused('\n\nperiod,store\n', 'The report must start with a header row naming its columns');
    await refused(gzipSync(''), 'The report must start with a header row naming its columns', 'empty.csv.gz');
    const force = await upload(app, admin, csv(), { query: '?force=yes' });
    expect(force.status).toBe(400);
    expect(force.json()).toMatchObject({ message: 'force must be true or false' });
    const empty = await upload(app, admin, '');
    expect([empty.status, empty.json()]).toEqual([400, { message: 'The report file is empty' }]);
    expect(await StoreReport.query(db).resultSize()).toBe(before);
  });

  test('415 for a body that is not a form, or a spreadsheet or binary instead of text', async ({
    app,
    db,
    admin,
  }) => {
    const before = await StoreReport.query(db).resultSize();
    const json = await admin.send('POST', '/api/admin/reports', { file: 'period,store' });
    expect([json.status, json.json()]).toEqual([
      415,
      { message: 'Send the report as multipart/form-data, the CSV file in the "file" field' },
    ]);
    const notText = {
      message:
        'The report must be a text file: CSV or DDEX DSR (.tsv), or either gzipped (save a spreadsheet as CSV first)',
    };
    const xlsx = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 1)]);
    const spreadsheet = await upload(app, admin, xlsx, { filename: 'report.xlsx' });
    expect([spreadsheet.status, spreadsheet.json()]).toEqual([415, notText]);
    const xls = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0]), Buffer.alloc(200, 1)]);
    expect((await upload(app, admin, xls, { filename: 'report.xls' })).json()).toEqual(notText);
    const binary = Buffer.concat([Buffer.from(`${HEADER}\n`), Buffer.alloc(16, 0)]);
    const withNul = await upload(app, admin, binary, { filename: 'report.csv' });
    expect([withNul.status, withNul.json()]).toEqual([415, notText]);
    expect(await StoreReport.query(db).resultSize()).toBe(before);
  });

  test('201: the file is stored, the job is pending and report.uploaded is on the outbox; the same file again is 409 unless forced', async ({
    app,
    db,
    admin,
  }) => {
    const text = csv();
    const res = await upload(app, admin, text);
    expect(res.status, res.body).toBe(201);
    const report = res.json<AdminStoreReportResponse>();
    expect(report).toEqual(pendingJob('spotify-2026-10.csv', text, admin.user.id));
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
  });

  test('201 for every format as stores and distributors send it: gzipped CSV, DSR .tsv (LF or CRLF) and .tsv.gz, a DistroKid export, a CSV with a BOM', async ({
    app,
    db,
    admin,
  }) => {
    // A gzipped file larger than what the header check reads of it (64 KiB, compressed or not).
    const rows = Array.from(
      { length: 4_000 },
      (_, i) =>
        `2026-10,Store ${randomBytes(6).toString('hex')},IN,QZABC26${String(i).padStart(5, '0')},,stream,${i},0.${i},USD`,
    );
    const big = gzipSync(`${HEADER}\n${rows.join('\n')}\n# ${unique('gz')}\n`, { level: 1 });
    expect(big.length).toBeGreaterThan(64 * 1024);
    const files: Array<[string, string | Buffer]> = [
      ['spotify-2026-10.csv.gz', gzipSync(csv())],
      ['big.csv.gz', big],
      ['DSR_Spotify_Riffline_SpotifyPremium_2026-10_IN_1of1_20261105T100000.tsv', dsr()],
      ['DSR_crlf.tsv', dsr('\r\n')],
      ['DSR_Spotify.tsv.gz', gzipSync(dsr())],
      [
        'distrokid.csv',
        'Reporting Date,Sale Month,Store,Artist,Title,ISRC,UPC,Quantity,Team Percentage,Song/Album,Country of Sale,Songwriter Royalties Withheld (USD),Earnings (USD)\n' +
          `2026-11-05,2026-10,Spotify,Maya R,Night Drive,QZABC2600001,,3,100,Song,IN,0,0.012\n# ${unique('dk')}\n`,
      ],
      ['excel-utf8.csv', `\uFEFF${csv()}`],
    ];
    for (const [filename, bytes] of files) {
      const res = await upload(app, admin, bytes, { filename });
      expect(res.status, `${filename}: ${res.body}`).toBe(201);
      const report = res.json<AdminStoreReportResponse>();
      expect(report, filename).toEqual(pendingJob(filename, bytes, admin.user.id));
      // Stored as sent (gzip stays gzip: the import reads it so).
      const row = (await StoreReport.query(db).findById(report.id))!;
      expect(sha256(await app.deps.storage.get(row.fileKey)), filename).toBe(sha256(bytes));
    }
  });

  test('a file whose import failed may be uploaded again without force', async ({ app, db, admin }) => {
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

/**
 * A DSR report's lines written as the workers' import writes them (db's staging, matching and ledger,
 * in one transaction), and the job completed with what its HEAD said and a warning:
 * - line 2: the artist's track, by its ISRC, sharing summary S1 (10 EUR) by its 100 streams;
 * - line 3: an ISRC of no track, sharing S1 by its 200 streams;
 * - line 4: a line that could not be read, with its cells;
 * - line 5: a UPC of no release, with its own 0.99 USD.
 */
async function importedDsr(db: Db, reportId: string, holds: string[] = []) {
  const artist = await buildArtist(db);
  const release = await buildRelease(db, { userId: artist.id, upc: uniqueUpc(), title: 'Rock \\ Roll' });
  const track = await buildTrack(db, { releaseId: release.id, isrc: uniqueIsrc(), title: 'Left | Right' });
  const foreignIsrc = uniqueIsrc();
  const usage = {
    store: 'Spotify',
    country: 'IN',
    startDate: '2026-10-01',
    endDate: '2026-10-31',
    period: '2026-10',
    isrc: null,
    upc: null,
    saleType: 'stream' as const,
    units: 100,
    netRevenue: null,
    currency: null,
    summaryId: 'S1',
    listeners: null,
    track: null,
    release: 'Rock \\ Roll',
    artist: 'Maya R|Ravi K',
  };
  const fields = {
    '1': 'SU02.03',
    '2': 'B1-1',
    '3': 'S1',
    '4': 'B1-1-3',
    '5': '',
    '6': 'T2',
    '7': 'true',
    '8': 'many',
  };
  const staged: StagedUsage[] = [
    { file: 1, line: 2, usage: { ...usage, isrc: track.isrc, track: 'Left | Right' } },
    { file: 1, line: 3, usage: { ...usage, isrc: foreignIsrc, units: 200, track: 'Say "hi" \\ <b>bye</b>' } },
    { file: 1, line: 4, reason: 'units must be a whole number of 0 or more', fields },
    {
      file: 1,
      line: 5,
      usage: {
        ...usage,
        upc: '036000291452',
        units: 3,
        netRevenue: '0.99',
        currency: 'USD',
        summaryId: null,
      },
    },
  ];
  const facts = {
    format: 'dsr' as const,
    messageId: 'MSG-2026-10-IN',
    sender: 'Spotify',
    service: 'SpotifyPremium',
    usageStart: '2026-10-01',
    usageEnd: '2026-10-31',
    fileNumber: 1,
    numberOfFiles: 1,
  };
  const warnings = ['The footer says the file has 12 lines; it has 11'];
  await db.transaction(async (trx) => {
    await insertStoreReportSummaries(trx, reportId, [
      {
        summaryId: 'S1',
        lineNumber: 2,
        country: 'IN',
        commercialModel: 'SubscriptionModel',
        useType: 'OnDemandStream',
        totalUsages: 300,
        currency: 'EUR',
        netRevenue: '10',
        currencyOfTransaction: null,
        exchangeRate: null,
      },
    ]);
    await openUsageStaging(trx);
    await stageUsages(trx, staged);
    const counts = await writeStoreReportLines(trx, reportId);
    // A held report credits nothing until an admin confirms it.
    const credits = holds.length ? NOTHING_CREDITED : await writeStoreReportCredits(trx, reportId, '0');
    await completeStoreReport(
      trx,
      reportId,
      { startedAt: new Date(), facts, bytesRead: 1234, warnings },
      { ...counts, ...credits },
      holds,
    );
  });
  return { artist, release, track, foreignIsrc, fields };
}

describe('GET /api/admin/reports, /:id and /:id/lines', () => {
  test('401 signed out, 403 for an artist, 400 for a bad filter or line id, 404 for an unknown report', async ({
    admin,
    visitor,
    approvedArtist,
  }) => {
    const id = crypto.randomUUID();
    for (const path of ['/api/admin/reports', `/api/admin/reports/${id}`, `/api/admin/reports/${id}/lines`]) {
      const signedOut = await visitor.get(path);
      expect([signedOut.status, signedOut.json()], path).toEqual([401, { message: 'Unauthorized' }]);
      const artist = await approvedArtist.get(path);
      expect([artist.status, artist.json()], path).toEqual([
        403,
        { message: "You don't have permission to access this page." },
      ]);
    }
    const status = await admin.get('/api/admin/reports?status=done');
    expect([status.status, status.json()]).toMatchObject([
      400,
      { message: 'status must be one of pending, running, waiting, held, completed, failed' },
    ]);
    const lineStatus = await admin.get(`/api/admin/reports/${id}/lines?status=lost`);
    expect([lineStatus.status, lineStatus.json()]).toMatchObject([
      400,
      { message: 'status must be one of matched, unmatched, invalid' },
    ]);
    for (const bad of ['7', `${id}:7`, `${id}:x:7`]) {
      const lineId = await admin.get(
        `/api/admin/reports/${id}/lines?filter=${encodeURIComponent(JSON.stringify({ id: [bad] }))}`,
      );
      expect([lineId.status, lineId.json()], bad).toMatchObject([400, { message: 'Invalid line id' }]);
    }
    const unknown = await admin.get(`/api/admin/reports/${id}`);
    expect([unknown.status, unknown.json()]).toEqual([404, { message: 'Report not found' }]);
    const noLines = await admin.get(`/api/admin/reports/${id}/lines`);
    expect([noLines.status, noLines.json()]).toEqual([404, { message: 'Report not found' }]);
  });

  test('lists imports newest first and filtered, shows one with what its file said, its totals and warnings', async ({
    app,
    db,
    admin,
  }) => {
    const older = (
      await upload(app, admin, dsr(), { filename: 'older.tsv' })
    ).json<AdminStoreReportResponse>();
    const newer = (
      await upload(app, admin, csv(), { filename: 'newer.csv' })
    ).json<AdminStoreReportResponse>();
    await importedDsr(db, older.id);

    const list = await admin.get(`/api/admin/reports?filter=${encodeURIComponent('{"q":"er."}')}`);
    expect(list.status).toBe(200);
    expect(list.json<AdminStoreReportResponse[]>().map((r) => r.filename)).toEqual([
      'newer.csv',
      'older.tsv',
    ]);
    expect(list.headers.get('content-range')).toBe('reports 0-1/2');
    const completed = await admin.get('/api/admin/reports?status=completed&q=older');
    expect(completed.json<AdminStoreReportResponse[]>().map((r) => r.id)).toEqual([older.id]);
    expect((await admin.get(`/api/admin/reports/${newer.id}`)).json()).toEqual(newer);

    const shown = await admin.get(`/api/admin/reports/${older.id}`);
    expect(shown.status).toBe(200);
    // 10 EUR shared 100:200 (3.33333333 and 6.66666667, the remainder to the larger rest), at 0.92 per USD.
    expect(shown.json()).toEqual({
      ...older,
      status: 'completed',
      progress: 100,
      format: 'dsr',
      messageId: 'MSG-2026-10-IN',
      sender: 'Spotify',
      service: 'SpotifyPremium',
      usageStart: '2026-10-01',
      usageEnd: '2026-10-31',
      fileNumber: 1,
      numberOfFiles: 1,
      importedWith: null,
      linesRead: 4,
      linesTotal: 4,
      linesMatched: 1,
      linesUnmatched: 2,
      linesInvalid: 1,
      streams: 100,
      downloads: 0,
      totals: [
        { currency: 'EUR', netRevenue: '10.00000000', revenueUsd: '10.87' },
        { currency: 'USD', netRevenue: '0.99000000', revenueUsd: '0.99' },
      ],
      revenueUsd: '3.62',
      royaltiesUsd: '3.62',
      warnings: ['The footer says the file has 12 lines; it has 11'],
      startedAt: expect.any(String),
      completedAt: expect.any(String),
    });

    // Held: its lines read and counted, nothing credited, and why.
    const held = (await upload(app, admin, dsr(), { filename: 'held.tsv' })).json<AdminStoreReportResponse>();
    const holds = ['Line 2: 0.03623188 USD a stream is more than the ceiling of 0.01 USD'];
    await importedDsr(db, held.id, holds);
    expect((await admin.get(`/api/admin/reports/${held.id}`)).json()).toMatchObject({
      status: 'held',
      progress: 100,
      linesMatched: 1,
      revenueUsd: '3.62',
      royaltiesUsd: '0.00',
      holds,
    });
    expect(await db('royalties').where({ reportId: held.id })).toEqual([]);
    const heldOnes = await admin.get('/api/admin/reports?status=held');
    expect(heldOnes.json<AdminStoreReportResponse[]>().map((r) => r.id)).toEqual([held.id]);
  });

  test("pages a report's lines: by status, with Content-Range, in either order, and by `<report>:<file>:<line>` ids", async ({
    app,
    db,
    admin,
  }) => {
    const report = (
      await upload(app, admin, dsr(), { filename: 'lines.tsv' })
    ).json<AdminStoreReportResponse>();
    const other = (
      await upload(app, admin, dsr(), { filename: 'other.tsv' })
    ).json<AdminStoreReportResponse>();
    const { artist, release, track, foreignIsrc, fields } = await importedDsr(db, report.id);
    await importedDsr(db, other.id);
    const royalty = (await db('royalties').where({ reportId: report.id }).first())!;
    expect(royalty).toMatchObject({
      userId: artist.id,
      releaseId: release.id,
      period: '2026-10',
      lines: 1,
    });
    const lines = (query: Record<string, unknown>) =>
      admin.get(
        `/api/admin/reports/${report.id}/lines?${Object.entries(query)
          .map(([k, v]) => `${k}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`)
          .join('&')}`,
      );
    const common = {
      reportId: report.id,
      period: '2026-10',
      startDate: '2026-10-01',
      endDate: '2026-10-31',
      store: 'Spotify',
      country: 'IN',
      upc: null,
      saleType: 'stream',
      release: 'Rock \\ Roll',
      artist: 'Maya R|Ravi K',
      fields: null,
    };

    const matched = await lines({ status: 'matched' });
    expect(matched.headers.get('content-range')).toBe('report-lines 0-0/1');
    expect(matched.json()).toEqual([
      {
        ...common,
        id: `${report.id}:1:2`,
        fileNumber: 1,
        lineNumber: 2,
        status: 'matched',
        reason: null,
        isrc: track.isrc,
        units: 100,
        summaryId: 'S1',
        netRevenue: '3.33333333',
        currency: 'EUR',
        ratePerUsd: '0.920000',
        revenueUsd: '3.62318840',
        track: 'Left | Right',
        trackId: track.id,
        releaseId: release.id,
        royaltyId: royalty.id,
      },
    ]);

    const unmatched = await lines({ filter: { status: 'unmatched' } });
    expect(unmatched.headers.get('content-range')).toBe('report-lines 0-1/2');
    expect(unmatched.json()).toEqual([
      {
        ...common,
        id: `${report.id}:1:3`,
        fileNumber: 1,
        lineNumber: 3,
        status: 'unmatched',
        reason: `No track has ISRC ${foreignIsrc}`,
        isrc: foreignIsrc,
        units: 200,
        summaryId: 'S1',
        netRevenue: '6.66666667',
        currency: 'EUR',
        ratePerUsd: '0.920000',
        revenueUsd: '7.24637682',
        // As the file meant it, never escaped for HTML or DSR.
        track: 'Say "hi" \\ <b>bye</b>',
        trackId: null,
        releaseId: null,
        royaltyId: null,
      },
      {
        ...common,
        id: `${report.id}:1:5`,
        fileNumber: 1,
        lineNumber: 5,
        status: 'unmatched',
        reason: 'No release has UPC 036000291452',
        isrc: null,
        upc: '036000291452',
        units: 3,
        summaryId: null,
        netRevenue: '0.99000000',
        currency: 'USD',
        ratePerUsd: '1.000000',
        revenueUsd: '0.99000000',
        track: null,
        trackId: null,
        releaseId: null,
        royaltyId: null,
      },
    ]);

    const invalid = await lines({ status: 'invalid' });
    expect(invalid.headers.get('content-range')).toBe('report-lines 0-0/1');
    expect(invalid.json<AdminStoreReportLineResponse[]>()).toEqual([
      {
        id: `${report.id}:1:4`,
        reportId: report.id,
        fileNumber: 1,
        lineNumber: 4,
        status: 'invalid',
        reason: 'units must be a whole number of 0 or more',
        period: null,
        startDate: null,
        endDate: null,
        store: null,
        country: null,
        isrc: null,
        upc: null,
        saleType: null,
        units: null,
        summaryId: null,
        netRevenue: null,
        currency: null,
        ratePerUsd: null,
        revenueUsd: null,
        track: null,
        release: null,
        artist: null,
        trackId: null,
        releaseId: null,
        royaltyId: null,
        fields,
      },
    ]);

    // Every line, in file order by default; a page of them in reverse.
    const all = await lines({});
    expect(all.headers.get('content-range')).toBe('report-lines 0-3/4');
    expect(all.json<AdminStoreReportLineResponse[]>().map((l) => l.lineNumber)).toEqual([2, 3, 4, 5]);
    const page = await lines({ range: [1, 2], sort: ['lineNumber', 'DESC'] });
    expect(page.headers.get('content-range')).toBe('report-lines 1-2/4');
    expect(page.json<AdminStoreReportLineResponse[]>().map((l) => l.lineNumber)).toEqual([4, 3]);
    const byId = await lines({ range: [0, 1], sort: ['id', 'DESC'], filter: { status: 'unmatched' } });
    expect(byId.json<AdminStoreReportLineResponse[]>().map((l) => l.id)).toEqual([
      `${report.id}:1:5`,
      `${report.id}:1:3`,
    ]);
    const past = await lines({ range: [10, 19] });
    expect([past.headers.get('content-range'), past.json()]).toEqual(['report-lines 0-0/4', []]);

    // react-admin's getMany: the ids asked for that are this report's lines (not another report's, nor
    // another file's: the report has one).
    const many = await lines({
      filter: { id: [`${report.id}:1:5`, `${other.id}:1:3`, `${report.id}:2:4`, `${report.id}:1:2`] },
    });
    expect(many.status).toBe(200);
    expect(many.headers.get('content-range')).toBe('report-lines 0-1/2');
    expect(many.json<AdminStoreReportLineResponse[]>().map((l) => l.id)).toEqual([
      `${report.id}:1:2`,
      `${report.id}:1:5`,
    ]);
    const one = await lines({ id: `${report.id}:1:4` });
    expect(one.json<AdminStoreReportLineResponse[]>()).toMatchObject([{ id: `${report.id}:1:4`, fields }]);
  });
});
