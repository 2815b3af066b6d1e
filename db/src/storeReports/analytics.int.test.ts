import { afterAll, describe, expect, inject } from 'vitest';
import { dbTest, openEmbeddedDb } from '#test/support/db.ts';
import { buildArtist, buildRelease, buildTrack, buildUsage } from '#test/support/factories.ts';
import type { Db } from '../connection.ts';
import { StoreReport } from '../models/StoreReport.ts';
import { clearStoreReportRows, insertAnalyticsRows, type AnalyticsRow } from './imports.ts';

/**
 * A report's cells (summed by the import: workers/src/storeReports/projections.ts) written as given, with ids
 * made in order by the one write, COPY's text escaped; and the rows go with their report.
 */
async function writesTheCells(db: Db) {
  const artist = await buildArtist(db);
  const release = await buildRelease(db, { userId: artist.id, status: 'live' });
  const track = await buildTrack(db, { releaseId: release.id, title: 'Night\tDrive \\ 2\n' });
  const report = await StoreReport.query(db)
    .insert({ filename: 'r.csv', fileKey: 'reports/r.csv', contentHash: 'a'.repeat(64), size: 1 })
    .returning('*');
  const cell = (fields: Partial<AnalyticsRow> = {}): AnalyticsRow => ({
    userId: artist.id,
    releaseId: release.id,
    trackId: track.id,
    track: track.title,
    platform: 'Spotify',
    country: 'IN',
    date: '2026-10-01',
    streams: 159,
    downloads: 2,
    revenueUsd: '2.98000001',
    listeners: 45,
    ...fields,
  });
  const cells = [
    cell(),
    cell({ platform: 'Apple Music', streams: 10, downloads: 0, listeners: null }),
    cell({ trackId: null, track: null, streams: 1, downloads: 0, revenueUsd: '0.00000000', listeners: null }),
    cell({ date: '2026-10-02', streams: 1, downloads: 0, revenueUsd: '-0.50000000', listeners: null }),
    cell({ country: 'US', streams: 9_007_199_254_740_991, downloads: 0, listeners: null }),
  ];
  await db.transaction((trx) => insertAnalyticsRows(trx, report.id, cells));

  const rows = await db('analytics')
    .where({ reportId: report.id })
    .orderBy('id')
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
  expect(rows.map(({ id: _id, ...row }) => ({ ...row, streams: String(row.streams) }))).toEqual(
    cells.map((c) => ({ ...c, streams: String(c.streams), downloads: c.downloads })),
  );
  expect(rows[0]!.track).toBe('Night\tDrive \\ 2\n');
  // Ids made in order by the one write: version 7, one prefix, each row's own number.
  const ids = rows.map((r) => String(r.id));
  expect(ids.map((id) => id.slice(24))).toEqual([1, 2, 3, 4, 5].map((n) => n.toString(16).padStart(12, '0')));
  for (const id of ids)
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(new Set(ids.map((id) => id.slice(0, 24))).size).toBe(1);

  // The rows name their report without a foreign key (migration 20261127000100): they go with it.
  const other = await StoreReport.query(db)
    .insert({ filename: 'o.csv', fileKey: 'reports/o.csv', contentHash: 'b'.repeat(64), size: 1 })
    .returning('*');
  await db.transaction((trx) => insertAnalyticsRows(trx, other.id, cells.slice(0, 2)));
  await StoreReport.query(db).deleteById(report.id);
  const left = async (reportId: string) =>
    Number((await db('analytics').where({ reportId }).count({ n: '*' }).first())?.n);
  expect([await left(report.id), await left(other.id)]).toEqual([0, 2]);
  // A cell naming a release that is not there: the write is refused whole (the keys' trigger).
  const refused = db.transaction((trx) =>
    insertAnalyticsRows(trx, other.id, [cell(), cell({ releaseId: '00000000-0000-4000-8000-000000000000' })]),
  );
  await expect(refused).rejects.toMatchObject({ code: '23503' });
  expect(await left(other.id)).toBe(2);

  // A report keeps the range of its cells' ids (migration 20261129000100), which finds them again.
  const otherIds = (await db('analytics').where({ reportId: other.id }).select('id')).map((r) =>
    String(r.id),
  );
  expect((await StoreReport.query(db).findById(other.id))?.analyticsIds).toBe(otherIds[0]!.slice(0, 24));
  const third = await StoreReport.query(db)
    .insert({ filename: 't.csv', fileKey: 'reports/t.csv', contentHash: 'c'.repeat(64), size: 1 })
    .returning('*');
  // A report without cells has an empty range (nothing to look for); its import then names its own.
  expect((await StoreReport.query(db).findById(third.id))?.analyticsIds).toBe('');
  await db.transaction((trx) => insertAnalyticsRows(trx, third.id, cells.slice(0, 3)));
  await db.transaction((trx) => clearStoreReportRows(trx, other.id));
  expect([await left(other.id), await left(third.id)]).toEqual([0, 3]);
  // A report whose cells have no one range (written before ids were made in order): found all the same.
  await db('store_reports').where({ id: third.id }).update({ analyticsIds: null });
  await db.transaction((trx) => clearStoreReportRows(trx, third.id));
  expect(await left(third.id)).toBe(0);
  await db.transaction((trx) => insertAnalyticsRows(trx, third.id, cells.slice(0, 3)));
  await db.transaction((trx) => insertAnalyticsRows(trx, other.id, cells.slice(0, 1)));
  await db('store_reports').where({ id: third.id }).update({ analyticsIds: null });
  await StoreReport.query(db).deleteById(third.id);
  expect([await left(third.id), await left(other.id)]).toEqual([0, 1]);
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

describe("a report's analytics", () => {
  dbTest(
    'its cells are written as given, with ids in order; the rows go with their report',
    async ({ db }) => {
      await writesTheCells(db);
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
      await writesTheCells(await embedded());
    });
    dbTest('the same keys', async () => {
      await keepsItsKeys(await embedded());
    });
  });
});
