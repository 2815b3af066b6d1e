import { afterAll, describe, expect, inject, it } from 'vitest';
import { dbTest, openEmbeddedDb } from '#test/support/db.ts';
import type { Db } from '../connection.ts';
import { StoreReport } from '../models/StoreReport.ts';
import { randomUUID } from 'node:crypto';
import { BinaryCopy, bulkInsert, bulkInsertText } from './bulk.ts';
import { insertStoreReportLineBlocks } from './imports.ts';
import { LineBlockWriter, noMatch, type KeptLineEntry } from './lineBlocks.ts';
import { storeReportLinesPage } from './queries.ts';

/** Text COPY must escape, JSON must carry, and what neither may change. */
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

const line = (lineNumber: number, store: string | null): KeptLineEntry => ({
  lineNumber,
  status: 'unmatched',
  reason: `No track has ISRC QZABC2600001 (${store})`,
  period: '2026-10',
  saleDate: '2026-10-01',
  store,
  country: 'IN',
  isrc: 'QZABC2600001',
  upc: null,
  saleType: 'stream',
  units: 9_007_199_254,
  netRevenue: '-0.00000001',
  currency: 'INR',
  ratePerUsd: '83.12',
  listeners: null,
  fields: store === null ? null : { store, 'a "key"': store },
});

async function roundTrip(db: Db) {
  const report = await StoreReport.query(db)
    .insert({ filename: 'r.csv', fileKey: 'reports/r.csv', contentHash: 'x'.repeat(64), size: 1 })
    .returning('*');
  // Enough rows for several chunks of COPY's bytes (multi-byte text across their edges), and one row
  // larger than a chunk by itself.
  const stores = [
    ...awkward,
    null,
    ...Array.from({ length: 3_000 }, (_, i) => `${awkward[i % awkward.length]} ${'♫'.repeat(i % 300)}`),
  ];
  const rows = [...stores, '♫'.repeat(100_000)].map((store, i) => line(i + 2, store));
  // Kept lines in their blocks: JSON whose escapes (a backslash each) COPY's text must carry doubled.
  const writer = new LineBlockWriter();
  for (const row of rows) writer.addKept(row);
  await db.transaction((trx) => insertStoreReportLineBlocks(trx, report.id, writer.take(true)));
  const back = await storeReportLinesPage(db, report.id, {
    status: 'unmatched',
    order: 'asc',
    offset: 0,
    limit: rows.length,
  });
  expect(back.total).toBe(rows.length);
  expect(back.rows).toEqual(rows.map((r) => ({ ...r, reportId: report.id, ...noMatch })));
}

describe('bulkInsert', () => {
  dbTest('writes every value as it was, awkward text and nulls included', async ({ db }) => {
    await roundTrip(db);
  });

  dbTest('refuses to run outside a transaction', async ({ db }) => {
    await expect(bulkInsert(db as never, 'store_reports', [], [[]])).rejects.toThrow(
      'bulkInsert must run inside a transaction',
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

// COPY's binary format is PostgreSQL's (the analytics cells of an import); PGlite takes their text.
describe.runIf(inject('databaseUrl'))('BinaryCopy', () => {
  dbTest(
    'writes uuids (repeated ones too), text, whole numbers, days and amounts as PostgreSQL reads them back',
    async ({ db }) => {
      const amounts = [
        '0.00000000',
        '-0.00000001',
        '0.00010000',
        '12345678.12345678',
        '10000.00000000',
        '-9999.99990000',
        '100000000.00000000',
        '1234567890123456.00000001',
      ];
      const days = ['2000-01-01', '1999-12-31', '2024-02-29', '1900-01-01', '2099-12-31'];
      const texts = [...awkward, '♫'.repeat(100_000), null];
      const count = 2_500; // several chunks
      // Uuids that repeat (written by repeatedUuid: read once, then copied), first met in several chunks.
      const repeated = Array.from({ length: 13 }, () => randomUUID());
      const rows = Array.from({ length: count }, (_, i) => ({
        id: i % 7 === 0 ? randomUUID().toUpperCase() : randomUUID(),
        other: i % 5 === 0 ? null : repeated[(i * i) % 13]!,
        text: texts[i % texts.length]!,
        whole: [0, 1, -5, Number.MAX_SAFE_INTEGER, null][i % 5]!,
        day: days[i % days.length]!,
        amount: amounts[i % amounts.length]!,
      }));
      const back = await db.transaction(async (trx) => {
        await trx.raw(
          'create temporary table binary_copy (n bigint, id uuid, other uuid, t text, w bigint, d date, a numeric(24,8)) on commit drop',
        );
        function* chunks() {
          const out = new BinaryCopy();
          for (const [n, r] of rows.entries()) {
            out.row(7);
            out.int8(n);
            out.uuid(r.id);
            out.repeatedUuid(r.other);
            out.text(r.text);
            out.int8(r.whole);
            out.date(r.day);
            out.numeric(r.amount, 8);
            yield* out.take();
          }
          yield* out.end();
        }
        await bulkInsertText(trx, 'binary_copy', ['n', 'id', 'other', 't', 'w', 'd', 'a'], chunks(), {
          binary: true,
        });
        const { rows: read } = await trx.raw(
          'select id::text, other::text, t, w::text, d::text, a::text from binary_copy order by n',
        );
        return read as Array<Record<string, string | null>>;
      });
      expect(back).toEqual(
        rows.map((r) => ({
          id: r.id.toLowerCase(),
          other: r.other,
          t: r.text,
          w: r.whole === null ? null : String(r.whole),
          d: r.day,
          a: r.amount,
        })),
      );
    },
  );

  it('refuses what is not its type', () => {
    const out = new BinaryCopy();
    expect(() => out.uuid('not-a-uuid')).toThrow('not a uuid');
    expect(() => out.date('2026-02-30x')).toThrow('not a day');
    expect(() => out.numeric('1e5', 8)).toThrow('not a decimal');
    expect(() => out.int8(1.5)).toThrow('not a whole number');
  });
});
