import { afterAll, describe, expect, inject } from 'vitest';
import { dbTest, openEmbeddedDb } from '#test/support/db.ts';
import type { Db } from '../connection.ts';
import { StoreReport, StoreReportLine } from '../models/StoreReport.ts';
import { bulkInsert } from './bulk.ts';
import { insertReportLines, type ReportLineRow } from './imports.ts';

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

const line = (lineNumber: number, store: string | null): ReportLineRow => ({
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
  await db.transaction((trx) => insertReportLines(trx, report.id, rows));
  const back = await StoreReportLine.query(db).where({ reportId: report.id }).orderBy('lineNumber');
  expect(back.map((r) => [r.lineNumber, r.store, r.fields, String(r.netRevenue), Number(r.units)])).toEqual(
    rows.map((r) => [r.lineNumber, r.store, r.fields, '-0.00000001', 9_007_199_254]),
  );
  expect(back[0]!.upc).toBeNull();
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
