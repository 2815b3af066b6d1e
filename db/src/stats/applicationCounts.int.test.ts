import { afterAll, describe, expect, inject } from 'vitest';
import { buildApplication, buildArtist } from '#test/support/factories.ts';
import { dbTest, openEmbeddedDb } from '#test/support/db.ts';
import type { Db } from '../connection.ts';
import * as migration from '../migrations/20261127000300_application_counts.ts';
import { applicationCount } from './index.ts';

const test = dbTest.extend({ freshDb: true });

/** Each status's count as `count(*)` has it, beside the kept counts (every status and all of them). */
async function expectCountsHold(db: Db) {
  const rows: Array<{ status: string; n: string | number }> = await db('applications')
    .select('status')
    .count({ n: '*' })
    .groupBy('status');
  const counted = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  for (const status of ['pending', 'approved', 'rejected']) {
    expect(await applicationCount(db, status), status).toBe(counted[status] ?? 0);
  }
  expect(await applicationCount(db)).toBe(rows.reduce((sum, r) => sum + Number(r.n), 0));
}

/** Inserts, updates (one row and many, a status to itself too), deletes and a truncation. */
async function keepsCounts(db: Db) {
  const artists = await Promise.all(Array.from({ length: 6 }, () => buildArtist(db)));
  await expectCountsHold(db);
  // One statement, several rows and statuses.
  await db('applications').insert(
    artists.map((a, i) => ({
      userId: a.id,
      legalName: 'Legal',
      artistName: `Artist ${i}`,
      age: 25,
      genre: 'pop',
      artistStory: 'A story',
      instagram: 'https://instagram.com/x',
      youtube: 'https://youtube.com/x',
      status: i < 4 ? 'pending' : 'rejected',
    })),
  );
  await expectCountsHold(db);
  const [first, second] = await db('applications').where({ status: 'pending' }).orderBy('id').limit(2);
  await db('applications').where({ id: first.id }).update({ status: 'approved' });
  await expectCountsHold(db);
  await db('applications').where({ status: 'rejected' }).update({ status: 'rejected', genre: 'rock' });
  await db('applications').where({ id: second.id }).delete();
  await expectCountsHold(db);
  expect(await applicationCount(db, 'pending')).toBe(2);
  // An artist deleted takes her application with her (the foreign key's cascade).
  await db('users').where({ id: artists[5]!.id }).delete();
  await expectCountsHold(db);

  await db.raw('truncate applications');
  await expectCountsHold(db);
  await buildApplication(db, { userId: artists[0]!.id });
  await expectCountsHold(db);
  expect(await applicationCount(db)).toBe(1);
}

describe('the applications counted per status', () => {
  test('stay equal to the rows through inserts, updates, deletes and a truncation', async ({ db }) => {
    await keepsCounts(db);
  });

  test('hold under concurrent applications and reviews', async ({ db }) => {
    const artists = await Promise.all(Array.from({ length: 20 }, () => buildArtist(db)));
    const applied = await Promise.all(
      artists.map((a) => db.transaction((trx) => buildApplication(trx, { userId: a.id }))),
    );
    // Reviews in transactions of two, in both orders: the counts' rows are taken in one order.
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        db.transaction(async (trx) => {
          const [a, b] = i % 2 ? [applied[i]!, applied[i + 10]!] : [applied[i + 10]!, applied[i]!];
          await trx('applications').where({ id: a.id }).update({ status: 'approved' });
          await trx('applications').where({ id: b.id }).update({ status: 'rejected' });
        }),
      ),
    );
    await expectCountsHold(db);
  });

  test('start from the rows a database has when the migration adds them', async ({ db }) => {
    const artist = await buildArtist(db);
    await buildApplication(db, { userId: artist.id, status: 'rejected' });
    await migration.down(db);
    await migration.up(db);
    await expectCountsHold(db);
  });

  // The other driver too: PGlite (the embedded database of make start).
  describe.runIf(inject('databaseUrl'))('on PGlite', () => {
    let pglite: Db | undefined;
    afterAll(() => pglite?.destroy());
    test('the same counts', async () => {
      pglite = await openEmbeddedDb();
      await keepsCounts(pglite);
    });
  });
});
