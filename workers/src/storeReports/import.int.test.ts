import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect } from 'vitest';
import {
  appendEvent,
  Event,
  loadConfig,
  localStorage,
  StoreReport,
  storeReportLinesPage,
  type Db,
  type Mailer,
  type Storage,
  type User,
} from '@riffline/db';
import { uniqueName } from '#test/support/database.ts';
import { dbTest } from '#test/support/db.ts';
import { waitUntilGroupPassed } from '#test/support/eventLog.ts';
import { buildAdmin, buildArtist } from '#test/support/factories.ts';
import { gzipSync } from 'node:zlib';
import { dsrExpected, dsrFile, dsrReportFiles, type DsrFileOptions } from '#test/support/dsrFile.ts';
import {
  buildCatalogue,
  storeReport,
  type CatalogueRelease,
  type ExpectedImport,
} from '#test/support/storeReport.ts';
import { startWorkers } from '../runtime.ts';
import { storeReports } from './index.ts';
import { importStoreReport } from './importer.ts';
import { replayStoreReports } from './replay.ts';

const logger = pino({ level: process.env.DEBUG_REPORTS ? 'info' : 'silent' });
const storageRoot = path.join(os.tmpdir(), uniqueName('riffline-reports'));
afterAll(() => fs.rmSync(storageRoot, { recursive: true, force: true }));
const COMMISSION = '12.5';
/** A CSV in our layout whose lines stream the first track of a release of the catalogue. */
const CSV_HEADER = 'Period,Store,Country,Track,UPC,ISRC,Sale Type,Units,Net Revenue,Currency';
const csvLine = (release: CatalogueRelease, track: string, units: number) =>
  `2026-09,Spotify,US,${track},${release.upc},${release.tracks[0]!.isrc},stream,${units},1.5,USD`;

const test = dbTest
  .extend('storage', { scope: 'file' }, (): Storage => localStorage(storageRoot))
  .extend('workers', { scope: 'file', auto: true }, async ({ db, storage }, { onCleanup }) => {
    const mailer: Mailer = { transport: 'outbox', send: async () => ({ messageId: 'unused' }), close() {} };
    const workers = await startWorkers({
      config: loadConfig({ NODE_ENV: 'test', ROYALTY_COMMISSION_PERCENT: COMMISSION }),
      db,
      logger,
      mailer,
      storage,
    });
    onCleanup(() => workers.stop());
    return workers;
  })
  .extend('catalogue', { scope: 'file' }, async ({ db }) => {
    const artists = [await buildArtist(db), await buildArtist(db)];
    return {
      artists,
      releases: await buildCatalogue(
        db,
        artists.map((a) => a.id),
      ),
    };
  })
  .extend({ freshDb: true });
// Its own database: the workers relay and handle every event they find.
/** What the API's upload command commits: the file in storage, the job and its event (workers never see the API). */
async function upload(db: Db, storage: Storage, admin: User, csv: Buffer | null) {
  const key = `reports/${uniqueName('report')}.csv`;
  if (csv) await storage.put(key, csv, 'text/csv');
  csv ??= Buffer.alloc(0);
  return db.transaction(async (trx) => {
    const report = await StoreReport.query(trx)
      .insert({
        filename: 'store.csv',
        fileKey: key,
        contentHash: uniqueName('hash'),
        size: csv.length,
        uploadedBy: admin.id,
      })
      .returning('*');
    const event = await appendEvent(trx, {
      type: 'report.uploaded',
      aggregateId: report.id,
      actorId: admin.id,
      payload: { filename: 'store.csv', size: csv.length, contentHash: report.contentHash, forced: false },
    });
    return { report, event };
  });
}

/** A report whose file is in storage, without its event: its import is called by the test. */
async function stored(db: Db, storage: Storage, admin: User, csv: Buffer) {
  const key = `reports/${uniqueName('direct')}.csv`;
  await storage.put(key, csv, 'text/csv');
  return StoreReport.query(db)
    .insert({
      filename: 'direct.csv',
      fileKey: key,
      contentHash: uniqueName('hash'),
      size: csv.length,
      uploadedBy: admin.id,
    })
    .returning('*');
}

/** Every line of a report as the admin's list reads them, in file order. */
async function allLines(db: Db, reportId: string) {
  return (await storeReportLinesPage(db, reportId, { order: 'asc', offset: 0, limit: 10_000_000 })).rows;
}

/** The report's rows in the database, summed as the expectations are. */
async function imported(db: Db, reportId: string) {
  const usage = (await db('analytics')
    .where({ reportId })
    .groupBy('userId')
    .select('userId')
    .sum({ streams: 'streams', downloads: 'downloads', revenue: 'revenue_usd' })) as Array<
    Record<string, string>
  >;
  const royalties = (await db('royalties')
    .where({ reportId })
    .select('userId', 'releaseId', 'period', 'amount')) as Array<Record<string, string>>;
  const counts = new Map<string, number>();
  for (const line of await allLines(db, reportId))
    counts.set(line.status, (counts.get(line.status) ?? 0) + 1);
  return {
    usageByArtist: new Map(
      usage.map((u) => [
        u.userId!,
        {
          streams: Number(u.streams),
          downloads: Number(u.downloads),
          revenueUsd: BigInt(String(u.revenue).replace('.', '')),
        },
      ]),
    ),
    royalties: new Map(
      royalties.map((r) => [
        `${r.userId}|${r.releaseId}|${r.period}`,
        BigInt(String(r.amount).replace('.', '')),
      ]),
    ),
    lines: Object.fromEntries(counts),
  };
}

const sum = (values: Iterable<bigint>) => [...values].reduce((a, b) => a + b, 0n);
const usd8 = (value: bigint) => `${value / 100_000_000n}.${String(value % 100_000_000n).padStart(8, '0')}`;
const cents = (value: bigint) => `${value / 100n}.${String(value % 100n).padStart(2, '0')}`;

async function expectImported(db: Db, reportId: string, expected: ExpectedImport) {
  const got = await imported(db, reportId);
  expect(got.lines).toEqual({
    matched: expected.matched,
    ...(expected.unmatched ? { unmatched: expected.unmatched } : {}),
    ...(expected.invalid ? { invalid: expected.invalid } : {}),
  });
  expect(got.usageByArtist).toEqual(expected.usageByArtist);
  expect(got.royalties).toEqual(expected.royalties);
  const report = await StoreReport.query(db).findById(reportId);
  expect(report).toMatchObject({
    status: 'completed',
    linesTotal: expected.lines,
    linesMatched: expected.matched,
    linesUnmatched: expected.unmatched,
    linesInvalid: expected.invalid,
    streams: expected.streams,
    downloads: expected.downloads,
    revenueUsd: usd8(expected.revenueUsd),
    royaltiesUsd: cents(sum(expected.royalties.values())),
    error: null,
  });
}

describe('importing a store report (the reports consumer group)', () => {
  test('5,000 mixed lines: analytics and royalties equal sums computed from the file; unmatched and invalid lines kept with their reasons', async ({
    db,
    storage,
    catalogue,
  }) => {
    const admin = await buildAdmin(db);
    const file = storeReport(catalogue.releases, { lines: 5_000, seed: 7, commissionPercent: COMMISSION });
    expect(file.expected.unmatched).toBeGreaterThan(100);
    expect(file.expected.invalid).toBeGreaterThan(100);
    const { report, event } = await upload(db, storage, admin, file.csv);
    await waitUntilGroupPassed({ db, group: 'reports' }, event.id);

    await expectImported(db, report.id, file.expected);
    expect(await StoreReport.query(db).findById(report.id)).toMatchObject({ format: 'csv', warnings: [] });
    // Every line not matched is kept with its reason; an invalid one with its cells by the header's names.
    const lines = await allLines(db, report.id);
    const kept = lines.filter((line) => line.status !== 'matched');
    expect(kept).toHaveLength(file.expected.kept.size);
    for (const line of kept) {
      const want = file.expected.kept.get(line.lineNumber)!;
      expect(line.status, `line ${line.lineNumber}`).toBe(want.status);
      if (want.status === 'unmatched') expect(line.reason).toBe(want.reason);
      else {
        expect(line.reason).toContain(want.reason);
        expect(line.fields).toMatchObject({ Track: 'Track, with a comma' });
      }
    }
    // Each ledger amount is traceable to its lines: their revenue sums to the row's gross.
    const royalty = (await db('royalties').where({ reportId: report.id }).first())!;
    const itsLines = lines.filter((l) => l.royaltyId === royalty.id);
    expect(itsLines).toHaveLength(royalty.lines);
    expect(itsLines.every((l) => l.period === royalty.period && l.releaseId === royalty.releaseId)).toBe(
      true,
    );
    const gross = sum(itsLines.map((l) => BigInt(String(l.revenueUsd).replace('.', ''))));
    expect(usd8(gross)).toBe(royalty.grossUsd);
    expect(royalty.commissionPercent).toBe('12.50');
    expect(itsLines.every((l) => Number(l.ratePerUsd) > 0 && l.currency !== null)).toBe(true);
    // The summary event, for whoever follows imports.
    const summary = await Event.query(db).findOne({ aggregateId: report.id, type: 'report.imported' });
    expect(summary?.payload).toMatchObject({
      lines: 5_000,
      matched: file.expected.matched,
      streams: file.expected.streams,
      revenueUsd: usd8(file.expected.revenueUsd),
      artists: 2,
      periods: file.expected.periods,
    });

    // The same event handled again (a replay) takes the report's rows away first: nothing counts twice.
    await db.transaction((trx) =>
      importStoreReport({ db, storage, logger, commissionPercent: COMMISSION }, report.id, trx),
    );
    await expectImported(db, report.id, file.expected);
    // One analytics row per release, track, store, country and period of the matched lines, and no other.
    const cells = new Set(
      (await allLines(db, report.id))
        .filter((l) => l.status === 'matched')
        .map((l) => [l.releaseId, l.trackId, l.store, l.country, l.startDate, l.endDate].join('|')),
    ).size;
    const rows = await db('analytics').where({ reportId: report.id }).count({ n: '*' }).first();
    expect(cells).toBeGreaterThan(1_000);
    expect(Number(rows?.n)).toBe(cells);
  });

  test('a file without the columns it needs fails with the reason, and counts nothing', async ({
    db,
    storage,
  }) => {
    const admin = await buildAdmin(db);
    const { report, event } = await upload(
      db,
      storage,
      admin,
      Buffer.from('period,store,isrc\n2026-10,Spotify,QZABC2600001\n'),
    );
    await waitUntilGroupPassed({ db, group: 'reports' }, event.id);
    expect(await StoreReport.query(db).findById(report.id)).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('The report is missing the columns country, sale_type, units'),
      linesTotal: 0,
    });
    expect(await Event.query(db).findOne({ aggregateId: report.id, type: 'report.failed' })).toBeDefined();
    expect(await allLines(db, report.id)).toEqual([]);
  });

  test('a cell over two lines counts and lines keep their numbers; a quote never closed fails the file naming the line', async ({
    db,
    storage,
    catalogue,
  }) => {
    const admin = await buildAdmin(db);
    const line = (track: string, units: number) => csvLine(catalogue.releases[0]!, track, units);
    const header = CSV_HEADER;
    const csv = [header, line('Plain', 1), line('"Two\nlines"', 2), line('After', 4)].join('\n');
    const { report, event } = await upload(db, storage, admin, Buffer.from(`${csv}\n`));
    await waitUntilGroupPassed({ db, group: 'reports' }, event.id);
    const lines = (await allLines(db, report.id)).map(({ lineNumber, status, units, track }) => ({
      lineNumber,
      status,
      units: Number(units),
      track,
    }));
    expect(lines).toEqual([
      { lineNumber: 2, status: 'matched', units: 1, track: 'Plain' },
      { lineNumber: 4, status: 'matched', units: 2, track: 'Two\nlines' },
      { lineNumber: 5, status: 'matched', units: 4, track: 'After' },
    ]);

    const broken = [header, line('Plain', 1), line('"never closed', 8), line('Swallowed', 16)].join('\n');
    const second = await upload(db, storage, admin, Buffer.from(`${broken}\n`));
    await waitUntilGroupPassed({ db, group: 'reports' }, second.event.id);
    expect(await StoreReport.query(db).findById(second.report.id)).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/^Line \d+: Quote Not Closed/),
      linesTotal: 0,
    });
    expect(await allLines(db, second.report.id)).toEqual([]);
  });

  test('a file broken after its first batches were copied fails naming the line, and leaves none of its rows', async ({
    db,
    storage,
    catalogue,
  }) => {
    const admin = await buildAdmin(db);
    const release = catalogue.releases[0]!;
    // Past two of the importer's batches, so that one is being copied when the file breaks.
    const good = Array.from({ length: 45_000 }, (_, i) => csvLine(release, 'Good', i + 1));
    const csv = [CSV_HEADER, ...good, '2026-09,"never closed', csvLine(release, 'After', 1)].join('\n');
    const { report, event } = await upload(db, storage, admin, Buffer.from(`${csv}\n`));
    await waitUntilGroupPassed({ db, group: 'reports' }, event.id);
    expect(await StoreReport.query(db).findById(report.id)).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/^Line 45003: Quote Not Closed/),
      linesTotal: 0,
    });
    expect(await allLines(db, report.id)).toEqual([]);
  });

  test('a write the database refuses half-way stops the import, which leaves none of its rows', async ({
    db,
    storage,
    catalogue,
  }) => {
    const admin = await buildAdmin(db);
    const file = storeReport(catalogue.releases, { lines: 5_000, seed: 5 });
    const report = await stored(db, storage, admin, file.csv);
    await db.raw(`alter table royalties add constraint halfway check (report_id <> '${report.id}')`);
    try {
      const run = db.transaction((trx) =>
        importStoreReport({ db, storage, logger, commissionPercent: '0' }, report.id, trx),
      );
      await expect(run).rejects.toThrow(/halfway/);
    } finally {
      await db.raw('alter table royalties drop constraint halfway');
    }
    expect(await allLines(db, report.id)).toEqual([]);
    expect(await db('analytics').where({ reportId: report.id })).toEqual([]);
  });

  test('a report whose file went missing from storage fails with the reason', async ({ db, storage }) => {
    const admin = await buildAdmin(db);
    const { report, event } = await upload(db, storage, admin, null);
    await waitUntilGroupPassed({ db, group: 'reports' }, event.id);
    expect(await StoreReport.query(db).findById(report.id)).toMatchObject({
      status: 'failed',
      error: 'The uploaded file is missing from storage: upload it again',
    });
  });

  test('an import that keeps failing is retried, and its last attempt fails the job with the error', async ({
    db,
    storage,
  }) => {
    const admin = await buildAdmin(db);
    const { report, event } = await upload(db, storage, admin, Buffer.from('x'));
    await waitUntilGroupPassed({ db, group: 'reports' }, event.id);
    await StoreReport.query(db).findById(report.id).patch({ status: 'pending', error: null });
    const broken: Storage = { ...storage, stream: () => Promise.reject(new Error('the disk is on fire')) };
    const handle = (maxEventAttempts: number) =>
      db.transaction(async (trx) => {
        const group = storeReports({
          db,
          storage: broken,
          logger,
          config: {
            royalties: { commissionPercent: '0', holdStreamUsd: '0.05', holdLineUsd: '100000' },
            workers: { healthPort: 0, maxEventAttempts },
          },
        });
        const stored = (await Event.query(trx).findById(event.id))!;
        await group.handlers['report.uploaded']!({ ...stored, position: '1' } as never, trx);
      });
    await expect(handle(5)).rejects.toThrow('the disk is on fire');
    // Thrown, so retried: the job is still under way (`running` where progress has its own connection).
    const retried = (await StoreReport.query(db).findById(report.id))!;
    expect([retried.status, retried.error]).toEqual([
      retried.status === 'pending' ? 'pending' : 'running',
      null,
    ]);
    await handle(1);
    expect(await StoreReport.query(db).findById(report.id)).toMatchObject({
      status: 'failed',
      error: 'Error: the disk is on fire',
    });
  });

  test(
    '100,000 lines, once: the totals hold at size (lines per second printed)',
    { timeout: 120_000 },
    async ({ db, storage, catalogue }) => {
      const admin = await buildAdmin(db);
      const file = storeReport(catalogue.releases, {
        lines: 100_000,
        seed: 11,
        commissionPercent: COMMISSION,
      });
      const { report, event } = await upload(db, storage, admin, file.csv);
      const started = Date.now();
      await waitUntilGroupPassed({ db, group: 'reports' }, event.id, { timeoutMs: 100_000 });
      const seconds = (Date.now() - started) / 1000;
      console.log(
        `[reports] 100,000 lines (${(file.csv.length / 1e6).toFixed(1)} MB) imported in ${seconds.toFixed(1)} s: ` +
          `${Math.round(100_000 / seconds).toLocaleString('en-US')} lines/s`,
      );
      await expectImported(db, report.id, file.expected);
    },
  );

  test('make replay rebuilds the analytics, the ledger and the lines from the log: equal to the live ones, no event appended', async ({
    db,
    storage,
    catalogue,
  }) => {
    const admin = await buildAdmin(db);
    const reports: string[] = [];
    for (const seed of [21, 22]) {
      const file = storeReport(catalogue.releases, { lines: 2_000, seed, commissionPercent: COMMISSION });
      const { report, event } = await upload(db, storage, admin, file.csv);
      await waitUntilGroupPassed({ db, group: 'reports' }, event.id);
      reports.push(report.id);
    }
    // Each projection as rows without generated ids, in one order.
    const projections = async () => ({
      analytics: await db('analytics')
        .whereIn('reportId', reports)
        .select('reportId', 'userId', 'releaseId', 'trackId', 'platform', 'country', 'date', 'endDate')
        .select('streams', 'downloads', 'revenueUsd', 'listeners')
        .orderBy(['reportId', 'releaseId', 'trackId', 'platform', 'country', 'date', 'endDate']),
      royalties: await db('royalties')
        .whereIn('reportId', reports)
        .select('reportId', 'userId', 'releaseId', 'period', 'amount', 'grossUsd', 'commissionPercent')
        .select('lines', 'status')
        .orderBy(['reportId', 'userId', 'releaseId', 'period']),
      lines: (await Promise.all(reports.map((reportId) => allLines(db, reportId))))
        .flat()
        .map(({ royaltyId, ...line }) => ({ ...line, credited: royaltyId !== null })),
    });
    const live = await projections();
    expect(live.analytics.length).toBeGreaterThan(100);
    expect(live.lines).toHaveLength(4_000);

    // The projections damaged (lost rows, a wrong amount), then rebuilt from the log.
    await db('analytics').where({ reportId: reports[0] }).delete();
    await db('royalties').where({ reportId: reports[1] }).update({ amount: '0.01' });
    await db('store_report_lines').where({ reportId: reports[0] }).where('lineNumber', '<', 100).delete();
    expect(await projections()).not.toEqual(live);
    const eventsBefore = await Event.query(db).resultSize();
    const jobs = async () => StoreReport.query(db).whereIn('id', reports).orderBy('id');
    const jobsBefore = await jobs();

    const rebuilt = await replayStoreReports({ db, storage, logger, commissionPercent: '0' });
    expect(rebuilt.reports).toBeGreaterThanOrEqual(2);
    expect(await projections()).toEqual(live);
    expect(await Event.query(db).resultSize()).toBe(eventsBefore);
    expect(await jobs()).toEqual(jobsBefore);
  });

  describe('DDEX DSR and DistroKid files', () => {
    test('a DSR Basic Audio Profile file (gzip, CRLF, padded, escaped titles, two currencies): every cent allocated by the rule, the footer checked', async ({
      db,
      storage,
      catalogue,
    }) => {
      const admin = await buildAdmin(db);
      const [a, b] = [catalogue.releases[0]!, catalogue.releases.at(-1)!];
      const options: DsrFileOptions = {
        messageId: uniqueName('MSG'),
        sender: 'Spotify',
        period: { start: '2026-10-01', end: '2026-10-31' },
        lineEnd: '\r\n',
        padTo: 20,
        headings: true,
        summaries: [
          { id: 'S1', territory: 'DE', currency: 'EUR', netRevenue: '100.00' },
          {
            id: 'S2',
            territory: 'GB',
            currency: 'GBP',
            netRevenue: '25.55',
            currencyOfTransaction: 'USD',
            exchangeRate: '0.8',
          },
          { id: 'S3', territory: 'US', currency: 'USD', netRevenue: '-0.07' },
        ],
        blocks: [
          {
            release: { icpn: a.upc, title: 'Tab\tand|pipe\\back', artist: ['Mira', 'Jo'] },
            resources: [
              {
                isrc: a.tracks[0]!.isrc,
                title: 'One',
                usages: [
                  { summary: 'S1', count: 1234 },
                  { summary: 'S2', count: 777 },
                  { summary: 'S3', count: 5 },
                ],
              },
              {
                isrc: a.tracks[1]!.isrc,
                title: 'Two',
                usages: [
                  { summary: 'S1', count: 1000 },
                  { summary: 'S2', count: 333 },
                  { summary: 'S3', count: 6 },
                ],
              },
            ],
          },
          {
            resources: [{ isrc: 'QZZZZ2699999', title: 'Not ours', usages: [{ summary: 'S1', count: 500 }] }],
          },
          {
            release: { icpn: b.upc, title: 'B', artist: 'B' },
            resources: [],
            releaseUsages: [
              { summary: 'S1', count: 99 },
              { summary: 'S3', count: 2 },
            ],
          },
        ],
      };
      const owners = new Map<string, { userId: string; releaseId: string }>([
        [a.tracks[0]!.isrc, a],
        [a.tracks[1]!.isrc, a],
        [b.upc, b],
      ]);
      const expected = dsrExpected(options, owners, COMMISSION);
      const { report, event } = await upload(db, storage, admin, gzipSync(dsrFile(options)));
      await waitUntilGroupPassed({ db, group: 'reports' }, event.id);

      const job = (await StoreReport.query(db).findById(report.id))!;
      expect(job).toMatchObject({
        status: 'completed',
        format: 'dsr',
        messageId: options.messageId,
        sender: 'Spotify',
        linesMatched: 8,
        linesUnmatched: 1,
        linesInvalid: 0,
        warnings: [],
        holds: [],
      });
      // The report's totals per currency are its summaries' revenue, every cent of it on some line.
      expect(job.totals.map((t) => [t.currency, Number(t.netRevenue)])).toEqual([
        ['EUR', 100],
        ['GBP', 25.55],
        ['USD', -0.07],
      ]);
      const got = await imported(db, report.id);
      expect(new Map([...got.royalties].map(([k, v]) => [k.split('|').slice(0, 2).join('|'), v]))).toEqual(
        expected.royalties,
      );
      expect(
        new Map(
          [...got.usageByArtist].map(([k, v]) => [k, { streams: v.streams, revenueUsd: v.revenueUsd }]),
        ),
      ).toEqual(expected.usage);
      // The titles as the store wrote them, unescaped; each line names the summary it shares.
      const lines = await allLines(db, report.id);
      expect(lines.find((l) => l.upc === b.upc)).toMatchObject({
        summaryId: 'S1',
        store: 'Spotify',
        country: 'DE',
        period: '2026-10',
      });
      expect(lines.find((l) => l.status === 'unmatched')).toMatchObject({
        reason: 'No track has ISRC QZZZZ2699999',
        track: 'Not ours',
      });
      expect(lines.some((l) => l.release === 'Tab\tand|pipe\\back')).toBe(true);
    });

    test('a footer that disagrees with its file is flagged on the report; a broken file fails naming the line; the same message twice is refused', async ({
      db,
      storage,
      catalogue,
    }) => {
      const admin = await buildAdmin(db);
      const a = catalogue.releases[0]!;
      const options: DsrFileOptions = {
        messageId: uniqueName('MSG'),
        sender: 'Deezer',
        summaries: [{ id: 'S1', territory: 'FR', currency: 'EUR', netRevenue: '0.1', totalUsages: '999' }],
        blocks: [
          { resources: [{ isrc: a.tracks[0]!.isrc, title: 'One', usages: [{ summary: 'S1', count: 10 }] }] },
        ],
        footer: { linesInFile: 99 },
      };
      const first = await upload(db, storage, admin, Buffer.from(dsrFile(options)));
      await waitUntilGroupPassed({ db, group: 'reports' }, first.event.id);
      const flagged = (await StoreReport.query(db).findById(first.report.id))!;
      expect(flagged.status).toBe('completed');
      expect(flagged.warnings).toEqual([
        expect.stringContaining('99'),
        expect.stringMatching(/S1.*999.*10|S1.*10.*999/),
      ]);

      const again = await upload(db, storage, admin, Buffer.from(dsrFile({ ...options, footer: {} })));
      await waitUntilGroupPassed({ db, group: 'reports' }, again.event.id);
      expect(await StoreReport.query(db).findById(again.report.id)).toMatchObject({
        status: 'failed',
        error: expect.stringContaining(`MessageId ${options.messageId} from Deezer`),
      });

      const broken = dsrFile({ ...options, messageId: uniqueName('MSG') }).replace('SU02', 'XX99');
      const bad = await upload(db, storage, admin, Buffer.from(broken));
      await waitUntilGroupPassed({ db, group: 'reports' }, bad.event.id);
      expect(await StoreReport.query(db).findById(bad.report.id)).toMatchObject({
        status: 'failed',
        error: expect.stringMatching(/^Line \d+: .*XX99/),
      });
    });

    test('a report whose amounts are not sane is held: its lines read, nothing credited, the lines named', async ({
      db,
      storage,
      catalogue,
    }) => {
      const admin = await buildAdmin(db);
      const a = catalogue.releases[0]!;
      const csv = [
        'period,store,country,isrc,sale_type,units,net_revenue,currency',
        `2026-09,Spotify,US,${a.tracks[0]!.isrc},stream,1000,3.50,USD`,
        `2026-09,Spotify,US,${a.tracks[1]!.isrc},stream,10,-1000000,USD`,
        `2026-09,Tidal,US,${a.tracks[2]!.isrc},stream,10,2.00,USD`,
      ].join('\n');
      const { report, event } = await upload(db, storage, admin, Buffer.from(`${csv}\n`));
      await waitUntilGroupPassed({ db, group: 'reports' }, event.id);
      const job = (await StoreReport.query(db).findById(report.id))!;
      expect(job).toMatchObject({ status: 'held', linesMatched: 3, royaltiesUsd: '0.00' });
      expect(job.holds).toEqual([
        'Lines worth more than USD 100000: line 3 (USD -1000000.00 on one line)',
        'Streams paid more than USD 0.05: line 4 (USD 0.2000 a stream (the ceiling is USD 0.05))',
        `Artists credited less than nothing: artist ${a.userId} (a net of USD -999994.50 over 3 lines)`,
      ]);
      expect(await db('royalties').where({ reportId: report.id })).toEqual([]);
      expect(await db('analytics').where({ reportId: report.id })).toEqual([]);
      expect(await Event.query(db).findOne({ aggregateId: report.id, type: 'report.held' })).toMatchObject({
        payload: { reasons: job.holds },
      });
      expect(
        await Event.query(db).findOne({ aggregateId: report.id, type: 'report.imported' }),
      ).toBeUndefined();
    });

    test('a report in two files: the first part alone counts nothing; the second imports both, once, as one', async ({
      db,
      storage,
      catalogue,
    }) => {
      const admin = await buildAdmin(db);
      const [a, b] = [catalogue.releases[0]!, catalogue.releases[1]!];
      const options: DsrFileOptions = {
        messageId: uniqueName('MSG'),
        sender: 'Amazon',
        summaries: [
          { id: 'S1', territory: 'US', currency: 'USD', netRevenue: '0.02' },
          { id: 'S2', territory: 'JP', currency: 'JPY', netRevenue: '9' },
        ],
        blocks: [
          {
            resources: [
              {
                isrc: a.tracks[0]!.isrc,
                title: 'One',
                usages: [
                  { summary: 'S1', count: 3 },
                  { summary: 'S2', count: 7 },
                ],
              },
            ],
          },
          { resources: [{ isrc: a.tracks[1]!.isrc, title: 'Two', usages: [{ summary: 'S1', count: 4 }] }] },
          {
            resources: [
              {
                isrc: b.tracks[0]!.isrc,
                title: 'Three',
                usages: [
                  { summary: 'S1', count: 2 },
                  { summary: 'S2', count: 1 },
                ],
              },
            ],
          },
        ],
      };
      const owners = new Map<string, { userId: string; releaseId: string }>([
        [a.tracks[0]!.isrc, a],
        [a.tracks[1]!.isrc, a],
        [b.tracks[0]!.isrc, b],
      ]);
      const expected = dsrExpected(options, owners, COMMISSION);
      const [first, second] = dsrReportFiles(options, 2);

      const one = await upload(db, storage, admin, Buffer.from(first!));
      await waitUntilGroupPassed({ db, group: 'reports' }, one.event.id);
      expect(await StoreReport.query(db).findById(one.report.id)).toMatchObject({
        status: 'waiting',
        fileNumber: 1,
        numberOfFiles: 2,
        linesTotal: 0,
      });
      expect(
        await Event.query(db).findOne({ aggregateId: one.report.id, type: 'report.waiting' }),
      ).toMatchObject({
        payload: { messageId: options.messageId, fileNumber: 1, numberOfFiles: 2, missing: [2] },
      });
      expect(await db('royalties').where({ reportId: one.report.id })).toEqual([]);
      expect(await allLines(db, one.report.id)).toEqual([]);

      const two = await upload(db, storage, admin, Buffer.from(second!));
      await waitUntilGroupPassed({ db, group: 'reports' }, two.event.id);
      expect(await StoreReport.query(db).findById(two.report.id)).toMatchObject({
        status: 'completed',
        linesMatched: 5,
        warnings: [],
      });
      expect(await StoreReport.query(db).findById(one.report.id)).toMatchObject({
        status: 'completed',
        importedWith: two.report.id,
      });
      const got = await imported(db, two.report.id);
      expect(new Map([...got.royalties].map(([k, v]) => [k.split('|').slice(0, 2).join('|'), v]))).toEqual(
        expected.royalties,
      );
      expect((await allLines(db, two.report.id)).map((l) => [l.fileNumber, l.summaryId])).toEqual([
        [1, 'S1'],
        [1, 'S2'],
        [1, 'S1'],
        [2, 'S1'],
        [2, 'S2'],
      ]);
    });

    test('a DistroKid-style export in Latin-1: matched by ISRC, earnings in USD, the names read right', async ({
      db,
      storage,
      catalogue,
    }) => {
      const admin = await buildAdmin(db);
      const a = catalogue.releases[0]!;
      const csv = [
        'Reporting Date,Sale Month,Store,Artist,Title,ISRC,UPC,Quantity,Team Percentage,Song/Album,Country of Sale,Songwriter Royalties Withheld (USD),Earnings (USD)',
        `2026-11-05,2026-09,Spotify,Beyoncé,Café,${a.tracks[0]!.isrc},,1200,100,Song,US,0,3.219`,
        `2026-11-05,2026-09,iTunes,Beyoncé,Café,${a.tracks[0]!.isrc},,2,100,Song,GB,0,1.40`,
        // The release by its UPC written as an EAN-13 (a leading zero).
        `2026-11-05,2026-09,Amazon,Beyoncé,Café,,0${a.upc},1,100,Album,FR,0,5.00`,
      ].join('\n');
      const { report, event } = await upload(db, storage, admin, Buffer.from(`${csv}\n`, 'latin1'));
      await waitUntilGroupPassed({ db, group: 'reports' }, event.id);
      expect(await StoreReport.query(db).findById(report.id)).toMatchObject({
        status: 'completed',
        format: 'distrokid',
        linesMatched: 3,
        streams: 1200,
        downloads: 3,
        revenueUsd: '9.61900000',
      });
      expect((await allLines(db, report.id)).map((l) => [l.artist, l.track, l.releaseId])).toEqual([
        ['Beyoncé', 'Café', a.releaseId],
        ['Beyoncé', 'Café', a.releaseId],
        ['Beyoncé', 'Café', a.releaseId],
      ]);
      // Rounded down once per artist and month: 9.619 less 12.5% is 8.416625.
      expect(await db('royalties').where({ reportId: report.id }).pluck('amount')).toEqual(['8.41']);
    });
  });
});
