import { afterAll, describe, expect, inject } from 'vitest';
import { dbTest, openEmbeddedDb } from '#test/support/db.ts';
import type { Db } from '../connection.ts';
import { bulkInsertText, copyText } from './bulk.ts';

/** Text COPY must escape, and what it may not change. */
const awkward = [
  'tab\there',
  'line\nbreak',
  'back\\slash',
  'carriage\rreturn',
  '\\N',
  'quote " \'',
  'ünïcødé ♫',
  '',
];

async function roundTrip(db: Db) {
  // Enough rows for several pieces of COPY's text, a long one too.
  const texts = [
    ...awkward,
    null,
    ...Array.from({ length: 3_000 }, (_, i) => `${awkward[i % 8]} ${'♫'.repeat(i % 300)}`),
  ];
  const rows = [...texts, '♫'.repeat(100_000)].map((text, n) => [n, text, n % 3 ? null : -n * 1_000_003]);
  const back = await db.transaction(async (trx) => {
    await trx.raw('create temporary table copied (n integer, t text, w bigint) on commit drop');
    // A few hundred rows a piece: multi-byte text across the pieces' edges.
    const pieces = Array.from({ length: Math.ceil(rows.length / 500) }, (_, i) =>
      rows
        .slice(i * 500, i * 500 + 500)
        .map((row) => `${row.map(copyText).join('\t')}\n`)
        .join(''),
    );
    await bulkInsertText(trx, 'copied', ['n', 't', 'w'], pieces);
    return (await trx.raw('select n, t, w::text as w from copied order by n')) as {
      rows: Array<{ n: number; t: string | null; w: string | null }>;
    };
  });
  expect(back.rows).toEqual(rows.map(([n, t, w]) => ({ n, t, w: w === null ? null : String(w) })));
}

describe('bulkInsertText', () => {
  dbTest('writes every value as it was, awkward text and nulls included', async ({ db }) => {
    await roundTrip(db);
  });

  dbTest('refuses to run outside a transaction', async ({ db }) => {
    await expect(bulkInsertText(db as never, 'store_reports', [], [])).rejects.toThrow(
      'bulkInsertText must run inside a transaction',
    );
  });

  // The other driver too: PGlite when the run has PostgreSQL (then PostgreSQL's COPY ran above).
  describe.runIf(inject('databaseUrl'))("on PGlite (its COPY from '/dev/blob')", () => {
    let pglite: Db | undefined;
    afterAll(() => pglite?.destroy());
    dbTest('writes every value as it was', async () => {
      pglite = await openEmbeddedDb();
      await roundTrip(pglite);
    });
  });
});
