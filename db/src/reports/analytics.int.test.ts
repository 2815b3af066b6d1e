import { afterAll, describe, expect, inject } from 'vitest';
import { dbTest, openEmbeddedDb } from '#test/support/db.ts';
import { buildArtist, buildRelease, buildTrack, buildUsage } from '#test/support/factories.ts';
import type { Db } from '../connection.ts';
import { StoreReport } from '../models/StoreReport.ts';
import { insertAnalyticsFromLines, insertReportLines, type ReportLineRow } from './imports.ts';

/**
 * One row per release, track, store, country and day of the matched lines; the others apart, unmatched
 * and invalid lines left out; and the rows go with their report.
 */
async function sumsTheLines(db: Db) {
  const artist = await buildArtist(db);
  const release = await buildRelease(db, { userId: artist.id, status: 'live' });
  const track = await buildTrack(db, { releaseId: release.id, title: 'Night Drive' });
  const report = await StoreReport.query(db)
    .insert({ filename: 'r.csv', fileKey: 'reports/r.csv', contentHash: 'a'.repeat(64), size: 1 })
    .returning('*');
  let lineNumber = 1;
  const line = (fields: Partial<ReportLineRow> = {}): ReportLineRow => ({
    lineNumber: ++lineNumber,
    status: 'matched',
    reason: null,
    period: '2026-10',
    saleDate: '2026-10-01',
    store: 'Spotify',
    country: 'IN',
    isrc: 'INRFL2500001',
    upc: null,
    saleType: 'stream',
    units: 100,
    netRevenue: '0.5',
    currency: 'USD',
    ratePerUsd: '1',
    revenueUsd: '0.50000000',
    listeners: null,
    trackId: track.id,
    releaseId: release.id,
    userId: artist.id,
    royaltyId: null,
    fields: null,
    ...fields,
  });
  const lines = [
    line({ units: 100, listeners: 40 }),
    line({ units: 50, saleType: 'ugc' }),
    line({ units: 2, saleType: 'download', revenueUsd: '1.98000000' }),
    line({ units: 9, listeners: 5, revenueUsd: '0.00000001' }),
    line({ units: 10, store: 'Apple Music' }),
    line({ units: 1, country: 'US' }),
    line({ units: 1, saleDate: '2026-10-02' }),
    line({ units: 1, trackId: null, isrc: null, upc: '123456789012' }),
    line({ status: 'unmatched', reason: 'No track has ISRC INRFL2500001', units: 1_000 }),
    line({ status: 'invalid', reason: 'units must be a whole number of 0 or more', units: null }),
  ];
  await db.transaction(async (trx) => {
    await insertReportLines(trx, report.id, lines);
    await insertAnalyticsFromLines(trx, report.id);
  });

  const rows = await db('analytics')
    .where({ reportId: report.id })
    .orderBy([{ column: 'streams', order: 'desc' }, 'platform', 'country', 'date'])
    .select(
      'userId',
      'releaseId',
      'trackId',
      'track',
      'platform',
      'country',
      db.raw('to_char(date, ?) as date', ['YYYY-MM-DD']),
      'streams',
      'downloads',
      'revenueUsd',
      'listeners',
      'id',
    );
  expect(rows).toHaveLength(5);
  expect(rows[0]).toMatchObject({
    userId: artist.id,
    releaseId: release.id,
    trackId: track.id,
    track: 'Night Drive',
    platform: 'Spotify',
    country: 'IN',
    date: '2026-10-01',
    streams: 159,
    downloads: 2,
    revenueUsd: '2.98000001',
    listeners: 45,
  });
  expect(
    rows.slice(1).map((r) => [r.platform, r.country, r.date, r.trackId, r.streams, r.listeners]),
  ).toEqual([
    ['Apple Music', 'IN', '2026-10-01', track.id, 10, null],
    ['Spotify', 'IN', '2026-10-01', null, 1, null],
    ['Spotify', 'IN', '2026-10-02', track.id, 1, null],
    ['Spotify', 'US', '2026-10-01', track.id, 1, null],
  ]);
  // Ids made in order by the one statement: version 7, one prefix, each row's own number.
  const ids = rows.map((r) => String(r.id));
  expect(new Set(ids).size).toBe(5);
  for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-8[0-9a-f]{3}-0{11}[1-5]$/);
  expect(new Set(ids.map((id) => id.slice(0, 24))).size).toBe(1);

  // The rows name their report without a foreign key (migration 20261127000100): they go with it.
  const other = await StoreReport.query(db)
    .insert({ filename: 'o.csv', fileKey: 'reports/o.csv', contentHash: 'b'.repeat(64), size: 1 })
    .returning('*');
  await db.transaction(async (trx) => {
    await insertReportLines(trx, other.id, lines.slice(0, 2));
    await insertAnalyticsFromLines(trx, other.id);
  });
  await StoreReport.query(db).deleteById(report.id);
  const left = async (table: string, reportId: string) =>
    Number((await db(table).where({ reportId }).count({ n: '*' }).first())?.n);
  expect([await left('store_report_lines', report.id), await left('analytics', report.id)]).toEqual([0, 0]);
  expect([await left('store_report_lines', other.id), await left('analytics', other.id)]).toEqual([2, 1]);
  // The settings raised for the statement are as they were for the rest of the transaction.
  const settings = await db.transaction(async (trx) => {
    await insertAnalyticsFromLines(trx, other.id);
    return (await trx.raw(
      "select current_setting('work_mem') as w, current_setting('enable_sort') as s",
    )) as {
      rows: Array<{ w: string; s: string }>;
    };
  });
  expect(settings.rows[0]).toEqual({ w: '4MB', s: 'on' });
}

/**
 * The rows' references hold as foreign keys did (migration 20261127000200 checks them per statement): a
 * row naming a release, artist or track that is not there is refused with the key's error and nothing of
 * its statement is kept; deleting a release or an artist deletes its rows, deleting a track keeps its
 * rows without it.
 */
async function keepsItsKeys(db: Db) {
  const artist = await buildArtist(db);
  const other = await buildArtist(db);
  const release = await buildRelease(db, { userId: artist.id, status: 'live' });
  const second = await buildRelease(db, { userId: artist.id, status: 'live' });
  const track = await buildTrack(db, { releaseId: release.id });
  const gone = '00000000-0000-4000-8000-000000000000';
  const usage = (fields: { releaseId?: string; userId?: string; trackId?: string | null }) => ({
    platform: 'Spotify',
    country: 'IN',
    date: '2026-10-01',
    streams: 1,
    downloads: 0,
    releaseId: release.id,
    userId: artist.id,
    trackId: track.id,
    ...fields,
  });
  const count = async (where: Record<string, string>) =>
    Number((await db('analytics').where(where).count({ n: '*' }).first())?.n);

  for (const [fields, key, table] of [
    [{ releaseId: gone }, 'release_id', 'releases'],
    [{ userId: 'nobody-here' }, 'user_id', 'users'],
    [{ trackId: gone }, 'track_id', 'tracks'],
  ] as const) {
    // A statement of several rows, one of them naming what is not there: none of them is kept.
    const refused = db('analytics').insert([usage({}), usage(fields)]);
    await expect(refused).rejects.toMatchObject({
      code: '23503',
      message: expect.stringContaining(`violates foreign key constraint "analytics_${key}_foreign"`),
    });
    await expect(refused).rejects.toMatchObject({
      detail: `Key (${key})=(${Object.values(fields)[0]}) is not present in table "${table}".`,
    });
  }
  await expect(db('analytics').where({ userId: artist.id }).update({ releaseId: gone })).resolves.toBe(0); // no rows yet: nothing to check
  expect(await count({ userId: artist.id })).toBe(0);

  // Rows of two releases and two artists; a row without a track is fine.
  await db('analytics').insert([
    usage({}),
    usage({ trackId: null }),
    usage({ releaseId: second.id, trackId: null }),
  ]);
  await buildUsage(db, { releaseId: release.id, userId: other.id });
  await expect(db('analytics').where({ userId: other.id }).update({ trackId: gone })).rejects.toMatchObject({
    code: '23503',
  });

  await db('tracks').where({ id: track.id }).delete();
  expect(await count({ releaseId: release.id })).toBe(3);
  expect(await db('analytics').where({ releaseId: release.id }).whereNotNull('trackId')).toEqual([]);

  await db('releases').where({ id: release.id }).delete();
  expect([await count({ releaseId: release.id }), await count({ releaseId: second.id })]).toEqual([0, 1]);

  // A release deleted with its tracks (their rows set to none on the way) and an artist with hers.
  const third = await buildRelease(db, { userId: artist.id, status: 'live' });
  for (const [of, releaseId] of [
    [third, third.id],
    [second, second.id],
  ] as const) {
    const itsTrack = await buildTrack(db, { releaseId });
    await db('analytics').insert([
      usage({ releaseId, trackId: itsTrack.id }),
      usage({ releaseId, trackId: null }),
    ]);
    expect(await count({ releaseId: of.id })).toBeGreaterThanOrEqual(2);
  }
  await db('releases').where({ id: third.id }).delete();
  expect(await count({ releaseId: third.id })).toBe(0);

  await db('users').where({ id: artist.id }).delete();
  expect(await count({ releaseId: second.id })).toBe(0);
  expect(await count({ userId: artist.id })).toBe(0);
}

describe("a report's analytics, summed from its lines", () => {
  dbTest(
    'one row per release, track, store, country and day of the matched lines; the rows go with their report',
    async ({ db }) => {
      await sumsTheLines(db);
    },
  );

  dbTest('the rows keep their release, artist and track as foreign keys would', async ({ db }) => {
    await keepsItsKeys(db);
  });

  // Another transaction (PostgreSQL: PGlite has one connection) waits, as it would on a foreign key.
  describe.runIf(inject('databaseUrl'))('while rows are being written', () => {
    dbTest('their release, artist and track cannot be deleted until the transaction ends', async ({ db }) => {
      const artist = await buildArtist(db);
      const release = await buildRelease(db, { userId: artist.id, status: 'live' });
      const track = await buildTrack(db, { releaseId: release.id });
      const named = [
        ['tracks', track.id],
        ['releases', release.id],
        ['users', artist.id],
      ] as const;
      const deleteElsewhere = (table: string, id: string) =>
        db.transaction(async (other) => {
          await other.raw("set local lock_timeout = '300ms'");
          return other(table).where({ id }).delete();
        });
      const writing = await db.transaction();
      try {
        await writing('analytics').insert({
          platform: 'Spotify',
          date: '2026-10-01',
          releaseId: release.id,
          userId: artist.id,
          trackId: track.id,
        });
        for (const [table, id] of named) {
          await expect(deleteElsewhere(table, id), table).rejects.toMatchObject({ code: '55P03' });
        }
      } finally {
        await writing.rollback();
      }
      for (const [table, id] of named) expect(await deleteElsewhere(table, id)).toBe(1);
    });
  });

  // The other driver too: PGlite when the run has PostgreSQL (the embedded database of make start).
  describe.runIf(inject('databaseUrl'))('on PGlite', () => {
    let pglite: Db | undefined;
    afterAll(() => pglite?.destroy());
    const embedded = async () => {
      if (pglite) return pglite;
      pglite = await openEmbeddedDb();
      return pglite;
    };
    dbTest('the same rows', async () => {
      await sumsTheLines(await embedded());
    });
    dbTest('the same keys', async () => {
      await keepsItsKeys(await embedded());
    });
  });
});
