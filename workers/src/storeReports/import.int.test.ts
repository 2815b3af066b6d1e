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
import { buildCatalogue, storeReport, type ExpectedImport } from '#test/support/storeReport.ts';
import { startWorkers } from '../runtime.ts';
import { storeReports } from './index.ts';
import { importStoreReport } from './importer.ts';
import { replayStoreReports } from './replay.ts';

const logger = pino({ level: process.env.DEBUG_REPORTS ? 'info' : 'silent' });
const storageRoot = path.join(os.tmpdir(), uniqueName('riffline-reports'));
afterAll(() => fs.rmSync(storageRoot, { recursive: true, force: true }));
const COMMISSION = '12.5';

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
  });
// Its own database: the workers relay and handle every event they find.
test.override({ freshDb: true });

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

/** Every line of a report as the admin's list reads them, in file order. */
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
    // Every line not matched is kept with its reason.
    const lines = await allLines(db, report.id);
    const kept = lines.filter((line) => line.status !== 'matched');
    // The blocks count them by status (how a page of them is found).
    const counted = (await db('store_report_line_blocks')
      .where({ reportId: report.id })
      .sum({ unmatched: 'unmatched', invalid: 'invalid' })
      .first()) as { unmatched: string; invalid: string };
    expect([Number(counted.unmatched), Number(counted.invalid)]).toEqual([
      kept.filter((line) => line.status === 'unmatched').length,
      kept.filter((line) => line.status === 'invalid').length,
    ]);
    expect(kept).toHaveLength(file.expected.kept.size);
    for (const line of kept) {
      const want = file.expected.kept.get(line.lineNumber)!;
      expect(line.status, `line ${line.lineNumber}`).toBe(want.status);
      if (want.status === 'unmatched') expect(line.reason).toBe(want.reason);
      else expect(line.reason).toContain(want.reason);
      expect(line.fields).toMatchObject({ track: 'Track, with a comma' });
    }
    // Each ledger amount is traceable to its lines: their revenue sums to the row's gross.
    const royalty = (await db('royalties').where({ reportId: report.id }).first())!;
    const itsLines = lines.filter((l) => l.royaltyId === royalty.id);
    expect(itsLines).toHaveLength(royalty.lines);
    expect(itsLines.every((l) => l.userId === royalty.userId && l.period === royalty.period)).toBe(true);
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
    // This time in batches of 100 lines, written while the file is read: the totals still hold.
    await db.transaction((trx) =>
      importStoreReport(
        { db, storage, logger, commissionPercent: COMMISSION, batchLines: 100 },
        report.id,
        trx,
      ),
    );
    await expectImported(db, report.id, file.expected);
    // One analytics row per release, track, store, country and day of the matched lines, and no other.
    const cells = {
      n: new Set(
        (await allLines(db, report.id))
          .filter((l) => l.status === 'matched')
          .map((l) => [l.releaseId, l.trackId, l.store, l.country, l.saleDate].join('|')),
      ).size,
    };
    const rows = await db('analytics').where({ reportId: report.id }).count({ n: '*' }).first();
    const distinctRows = await db('analytics')
      .where({ reportId: report.id })
      .countDistinct({ n: db.raw('(release_id, track_id, platform, country, date)') })
      .first();
    expect(Number(cells?.n)).toBeGreaterThan(1_000);
    expect(Number(rows?.n)).toBe(Number(cells?.n));
    expect(Number(distinctRows?.n)).toBe(Number(cells?.n));

    // Read on a thread of its own (as a large file is), in batches of 100 while the matching learns the
    // catalogue: every line, cell and ledger row as read here, but for the ids written anew.
    const rowsNow = async () => {
      const royaltyIds = new Map(
        (await db('royalties').where({ reportId: report.id }).select('id', 'period', 'releaseId')).map(
          (r: { id: string; period: string; releaseId: string }) => [r.id, `${r.releaseId}|${r.period}`],
        ),
      );
      const without = <T extends Record<string, unknown>>(row: T, ...keys: string[]) =>
        Object.fromEntries(Object.entries(row).filter(([key]) => !keys.includes(key)));
      return {
        lines: (await allLines(db, report.id)).map((l) => ({
          ...l,
          royaltyId: l.royaltyId && royaltyIds.get(l.royaltyId),
        })),
        analytics: (await db('analytics').where({ reportId: report.id }))
          .map((r: Record<string, unknown>) => without(r, 'id', 'createdAt'))
          .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
        royalties: (
          await db('royalties').where({ reportId: report.id }).orderBy(['releaseId', 'period'])
        ).map((r: Record<string, unknown>) => without(r, 'id', 'createdAt')),
      };
    };
    const here = await rowsNow();
    await db.transaction((trx) =>
      importStoreReport(
        { db, storage, logger, commissionPercent: COMMISSION, batchLines: 100, threadFromBytes: 0 },
        report.id,
        trx,
      ),
    );
    const inThread = await rowsNow();
    expect(inThread.lines.filter((l) => l.status === 'unmatched').every((l) => l.fields !== null)).toBe(true);
    expect(inThread).toEqual(here);
  });

  test("a kept line's cells by column: the first 40 names, a repeated name's last cell, any name, text made safe", async ({
    db,
    storage,
  }) => {
    const admin = await buildAdmin(db);
    const extra = Array.from({ length: 40 }, (_, i) => `Extra ${i + 1}`);
    const header = ['Period', 'Store', 'Country', 'ISRC', 'Sale Type', 'Units', 'Net Revenue', 'Currency'];
    const names = [...header, '__proto__', 'Note', 'note', ...extra];
    const cells = [
      '2026-09',
      ' Spotify ',
      'US',
      'QZABC2699999',
      'stream',
      '3',
      '1.5',
      'USD',
      'p',
      'first',
      'last',
    ];
    const line = [...cells, ...extra.map((_, i) => (i === 0 ? 'bell\u0007rang' : `x${i + 1}`))];
    const { report, event } = await upload(
      db,
      storage,
      admin,
      Buffer.from(`${names.join(',')}\n${line.join(',')}\n`),
    );
    await waitUntilGroupPassed({ db, group: 'reports' }, event.id);
    const [kept] = await allLines(db, report.id);
    expect(kept?.status).toBe('unmatched');
    // The header's own names (as they are stored), 40 of them: the 8 read, __proto__, note, then 30 more.
    const fields = kept!.fields!;
    expect(Object.keys(fields)).toHaveLength(40);
    expect(fields).toMatchObject({
      period: '2026-09',
      store: 'Spotify',
      note: 'last',
      extra_1: 'bellrang',
      extra_30: 'x30',
    });
    expect(Object.getOwnPropertyDescriptor(fields, '__proto__')?.value).toBe('p');
    expect(fields).not.toHaveProperty('extra_31');
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

  test('lines that are not plain CSV: a cell over two lines counts, an unclosed quote is kept as unreadable, lines keep their numbers', async ({
    db,
    storage,
    catalogue,
  }) => {
    const admin = await buildAdmin(db);
    const { upc, tracks } = catalogue.releases[0]!;
    const isrc = tracks[0]!.isrc;
    const line = (track: string, units: number) =>
      `2026-09,Spotify,US,${track},${upc},${isrc},stream,${units},1.5,USD`;
    const csv = [
      'Period,Store,Country,Track,UPC,ISRC,Sale Type,Units,Net Revenue,Currency',
      line('Plain', 1), // line 2
      line('"Two\nlines"', 2), // lines 3-4
      line('After', 4), // line 5
      // Line 6: csv-parse reads on to the end looking for the quote, and reports the last line it reached
      // (the same as csv-parse reading the whole file, as before the worker split plain lines: tried).
      line('"never closed', 8),
      line('Swallowed', 16), // line 7
    ].join('\n');
    const { report, event } = await upload(db, storage, admin, Buffer.from(`${csv}\n`));
    await waitUntilGroupPassed({ db, group: 'reports' }, event.id);
    const lines = (await allLines(db, report.id)).map(({ lineNumber, status, units, reason }) => ({
      lineNumber,
      status,
      units,
      reason,
    }));
    expect(lines).toEqual([
      { lineNumber: 2, status: 'matched', units: 1, reason: null },
      { lineNumber: 4, status: 'matched', units: 2, reason: null },
      { lineNumber: 5, status: 'matched', units: 4, reason: null },
      {
        lineNumber: 7,
        status: 'invalid',
        units: null,
        reason: expect.stringMatching(/^Not readable as CSV: Quote Not Closed: .* at line 7$/),
      },
    ]);
    expect(await StoreReport.query(db).findById(report.id)).toMatchObject({
      status: 'completed',
      linesMatched: 3,
      linesInvalid: 1,
      streams: 7,
    });
    // Read on a thread of its own, in batches of 2: the same lines.
    const here = await allLines(db, report.id);
    await db.transaction((trx) =>
      importStoreReport(
        { db, storage, logger, commissionPercent: '0', batchLines: 2, threadFromBytes: 0 },
        report.id,
        trx,
      ),
    );
    expect((await allLines(db, report.id)).map(({ royaltyId: _, ...line }) => line)).toEqual(
      here.map(({ royaltyId: _, ...line }) => line),
    );
  });

  test('streams of one cell that add up past 2^53 - 1 fail the job with the line that did it, and count nothing', async ({
    db,
    storage,
    catalogue,
  }) => {
    const admin = await buildAdmin(db);
    const { upc, tracks } = catalogue.releases[0]!;
    // The most units a line may give (10^12): the 9,008th such line of one cell passes 2^53 - 1.
    const line = `2026-09,Spotify,US,${upc},${tracks[0]!.isrc},stream,1000000000000,1.5,USD`;
    const csv = [
      'Period,Store,Country,UPC,ISRC,Sale Type,Units,Net Revenue,Currency',
      ...Array(9_010).fill(line),
    ];
    const { report, event } = await upload(db, storage, admin, Buffer.from(`${csv.join('\n')}\n`));
    await waitUntilGroupPassed({ db, group: 'reports' }, event.id);
    expect(await StoreReport.query(db).findById(report.id)).toMatchObject({
      status: 'failed',
      error:
        'Line 9009: the streams of one release, track, store, country and day add up past 9,007,199,254,740,991',
      linesTotal: 0,
      streams: 0,
    });
    expect(await allLines(db, report.id)).toEqual([]);
    expect(await db('analytics').where({ reportId: report.id })).toEqual([]);
  });

  for (const [where, threadFromBytes] of [
    ['here', undefined],
    ['on a thread', 0],
  ] as const) {
    test(`a write the database refuses half-way stops the import, which leaves none of its rows (read ${where})`, async ({
      db,
      storage,
      catalogue,
    }) => {
      const admin = await buildAdmin(db);
      const file = storeReport(catalogue.releases, { lines: 5_000, seed: 5 });
      const report = await stored(db, storage, admin, file.csv);
      await db.raw(
        `alter table store_report_line_blocks add constraint halfway check (report_id <> '${report.id}' or last_line < 3000)`,
      );
      try {
        // Batches of 500: the block past line 3,000 is written while later lines are still being read.
        const run = db.transaction((trx) =>
          importStoreReport(
            { db, storage, logger, commissionPercent: '0', batchLines: 500, threadFromBytes },
            report.id,
            trx,
          ),
        );
        await expect(run).rejects.toThrow(/halfway/);
      } finally {
        await db.raw('alter table store_report_line_blocks drop constraint halfway');
      }
      expect(await allLines(db, report.id)).toEqual([]);
      expect(await db('analytics').where({ reportId: report.id })).toEqual([]);
    });

    test(`a header row that is not readable as CSV fails the job with the reason (read ${where})`, async ({
      db,
      storage,
    }) => {
      const admin = await buildAdmin(db);
      const csv =
        'Period,Store,Country,ISRC,Sale Type,Units,Net Revenue,"Currency\n2026-09,Spotify,US,x,stream,1,1,USD\n';
      const report = await stored(db, storage, admin, Buffer.from(csv));
      await db.transaction((trx) =>
        importStoreReport({ db, storage, logger, commissionPercent: '0', threadFromBytes }, report.id, trx, {
          lastAttempt: true,
        }),
      );
      expect(await StoreReport.query(db).findById(report.id)).toMatchObject({
        status: 'failed',
        error: "The report's header row is not readable as CSV",
        linesTotal: 0,
      });
      expect(await allLines(db, report.id)).toEqual([]);
    });
  }

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
          config: { royalties: { commissionPercent: '0' }, workers: { healthPort: 0, maxEventAttempts } },
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
    // Each projection as rows without the ledger's generated ids, in one order.
    const projections = async () => ({
      analytics: await db('analytics')
        .whereIn('reportId', reports)
        .select(
          'reportId',
          'userId',
          'releaseId',
          'trackId',
          'platform',
          'country',
          'date',
          'streams',
          'downloads',
          'revenueUsd',
          'listeners',
        )
        .orderBy(['reportId', 'releaseId', 'trackId', 'platform', 'country', 'date', 'streams']),
      royalties: await db('royalties')
        .whereIn('reportId', reports)
        .select(
          'reportId',
          'userId',
          'releaseId',
          'period',
          'amount',
          'grossUsd',
          'commissionPercent',
          'lines',
          'status',
        )
        .orderBy(['reportId', 'userId', 'releaseId', 'period']),
      lines: await Promise.all(
        reports.map(async (reportId) => {
          const periods = new Map(
            (await db('royalties').where({ reportId }).select('id', 'period')).map((r) => [r.id, r.period]),
          );
          return (await allLines(db, reportId)).map((l) => ({
            reportId: l.reportId,
            lineNumber: l.lineNumber,
            status: l.status,
            reason: l.reason,
            revenueUsd: l.revenueUsd,
            trackId: l.trackId,
            royaltyPeriod: l.royaltyId ? periods.get(l.royaltyId) : null,
          }));
        }),
      ).then((perReport) => perReport.flat()),
    });
    const live = await projections();
    expect(live.analytics.length).toBeGreaterThan(100);
    expect(live.lines).toHaveLength(4_000);

    // The projections damaged (lost rows, a wrong amount), then rebuilt from the log.
    await db('analytics')
      .where({ reportId: reports[1] })
      .whereIn('id', db('analytics').where({ reportId: reports[1] }).select('id').limit(50))
      .delete();
    await db('analytics').where({ reportId: reports[0] }).delete();
    await db('royalties').where({ reportId: reports[1] }).update({ amount: '0.01' });
    await db('store_report_line_blocks').where({ reportId: reports[0] }).delete();
    expect(await projections()).not.toEqual(live);
    const eventsBefore = await Event.query(db).resultSize();
    // The jobs stay as they were, but for where their cells' new ids are (analyticsIds: new rows, new ids).
    const jobs = async () =>
      (await StoreReport.query(db).whereIn('id', reports).orderBy('id')).map(
        ({ analyticsIds: _, ...job }) => job,
      );
    const jobsBefore = await jobs();

    const rebuilt = await replayStoreReports({ db, storage, logger, commissionPercent: '0' });
    expect(rebuilt.reports).toBeGreaterThanOrEqual(2);
    expect(await projections()).toEqual(live);
    expect(await Event.query(db).resultSize()).toBe(eventsBefore);
    expect(await jobs()).toEqual(jobsBefore);
  });
});
