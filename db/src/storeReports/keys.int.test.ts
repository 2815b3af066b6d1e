import { afterAll, describe, expect, inject } from 'vitest';
import { dbTest, openEmbeddedDb } from '#test/support/db.ts';
import {
  buildArtist,
  buildRelease,
  buildStoreReport,
  buildTrack,
  uniqueIsrc,
  uniqueUpc,
} from '#test/support/factories.ts';
import type { Db } from '../connection.ts';
import { openUsageStaging, stageUsages, writeStoreReportCredits, writeStoreReportLines } from './imports.ts';

const tables = ['store_reports', 'store_report_summaries', 'store_report_lines', 'analytics', 'royalties'];

/** Each table's declared foreign keys, as `column → table`, and the triggers on it that are not a key's. */
async function keysAndTriggers(db: Db) {
  const { rows: keys } = (await db.raw(
    `select c.conrelid::regclass::text as "table", array_to_string(array_agg(a.attname order by k.n), ',') as columns,
            c.confrelid::regclass::text as target
       from pg_constraint c
       cross join lateral unnest(c.conkey) with ordinality k(attnum, n)
       join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum
      where c.contype = 'f' and c.conrelid::regclass::text = any(?) and c.conparentid = 0
      group by c.oid, c.conrelid, c.confrelid`,
    [tables],
  )) as { rows: Array<{ table: string; columns: string; target: string }> };
  const { rows: triggers } = (await db.raw(
    `select tgname from pg_trigger where not tgisinternal
        and tgrelid::regclass::text = any(?::text[] || array['releases', 'tracks', 'users'])`,
    [tables],
  )) as { rows: Array<{ tgname: string }> };
  return {
    keys: keys.map((k) => `${k.table}(${k.columns}) → ${k.target}`).sort(),
    triggers: triggers.map((t) => t.tgname),
  };
}

async function declaresItsKeys(db: Db) {
  expect(await keysAndTriggers(db)).toEqual({
    keys: [
      'analytics(release_id) → releases',
      'analytics(report_id) → store_reports',
      'analytics(track_id) → tracks',
      'analytics(user_id) → users',
      'royalties(expense_id) → release_expenses',
      'royalties(payee_id) → payees',
      'royalties(release_id) → releases',
      'royalties(report_id) → store_reports',
      'royalties(split_id) → splits',
      'royalties(track_id) → tracks',
      'royalties(user_id) → users',
      'store_report_lines(release_id) → releases',
      'store_report_lines(report_id) → store_reports',
      'store_report_lines(report_id,summary_id) → store_report_summaries',
      'store_report_lines(track_id) → tracks',
      'store_report_lines(user_id) → users',
      'store_report_summaries(report_id) → store_reports',
      'store_reports(imported_with) → store_reports',
      'store_reports(uploaded_by) → users',
    ],
    triggers: [],
  });
}

/** A report of two matched lines (one track of each of two releases) written as an import writes them. */
async function imported(db: Db) {
  const artist = await buildArtist(db);
  const releases = [
    await buildRelease(db, { userId: artist.id, upc: uniqueUpc() }),
    await buildRelease(db, { userId: artist.id, upc: uniqueUpc() }),
  ];
  const tracks = await Promise.all(
    releases.map((r) => buildTrack(db, { releaseId: r.id, isrc: uniqueIsrc() })),
  );
  const report = await buildStoreReport(db);
  await db.transaction(async (trx) => {
    await openUsageStaging(trx);
    await stageUsages(
      trx,
      tracks.map((t, i) => ({
        file: 1,
        line: i + 2,
        usage: {
          store: 'Spotify',
          country: 'US',
          startDate: '2026-10-01',
          endDate: '2026-10-31',
          period: '2026-10',
          isrc: t.isrc,
          upc: null,
          saleType: 'stream',
          units: 10,
          netRevenue: '1.5',
          currency: 'USD',
          summaryId: null,
          listeners: null,
          track: null,
          release: null,
          artist: null,
        },
      })),
    );
    await writeStoreReportLines(trx, report.id);
    await writeStoreReportCredits(trx, report.id, '0');
  });
  return { artist, releases, tracks, report };
}

const countOf = async (db: Db, table: string, where: Record<string, string>) =>
  Number(((await db(table).where(where).count({ n: '*' })) as Array<{ n: string }>)[0]!.n);

async function keysHold(db: Db) {
  await declaresItsKeys(db);
  const { releases, tracks, report } = await imported(db);
  const reportId = report.id;
  expect([
    await countOf(db, 'analytics', { reportId }),
    await countOf(db, 'royalties', { reportId }),
  ]).toEqual([2, 2]);
  // A track deleted: its cells and lines keep the release, without the track.
  await db('tracks').where({ id: tracks[0]!.id }).delete();
  expect(await db('analytics').where({ reportId }).whereNull('trackId').count({ n: '*' })).toEqual([
    { n: expect.anything() },
  ]);
  expect(await countOf(db, 'store_report_lines', { reportId, status: 'matched' })).toBe(2);
  // A release deleted: its cells go, its royalty and lines keep their amounts without it.
  await db('releases').where({ id: releases[1]!.id }).delete();
  expect(await countOf(db, 'analytics', { reportId })).toBe(1);
  expect(await db('store_report_lines').where({ reportId }).whereNull('releaseId').count({ n: '*' })).toEqual(
    [{ n: expect.anything() }],
  );
  expect(await countOf(db, 'royalties', { reportId })).toBe(2);
  // The report deleted: every row of it goes with it.
  await db('store_reports').where({ id: reportId }).delete();
  for (const table of ['analytics', 'royalties', 'store_report_lines']) {
    expect(await countOf(db, table, { reportId }), table).toBe(0);
  }
  // A row naming a release that is not there is refused by the key itself.
  const other = await buildStoreReport(db);
  await expect(
    db('analytics').insert({
      reportId: other.id,
      releaseId: releases[1]!.id,
      platform: 'x',
      date: '2026-10-01',
      endDate: '2026-10-01',
    }),
  ).rejects.toMatchObject({ code: '23503' });
}

describe("the store reports' tables", () => {
  dbTest(
    'declare their foreign keys, with no trigger standing in for one, and the keys hold',
    async ({ db }) => {
      await keysHold(db);
    },
  );

  describe.runIf(inject('databaseUrl'))('on PGlite', () => {
    let pglite: Db | undefined;
    afterAll(() => pglite?.destroy());
    dbTest('the same keys', async () => {
      pglite = await openEmbeddedDb();
      await keysHold(pglite);
    });
  });
});
