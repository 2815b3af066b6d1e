import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, inject } from 'vitest';
import { dbTest, openEmbeddedDb } from '#test/support/db.ts';
import type { Db } from '../connection.ts';
import { StoreReport } from '../models/StoreReport.ts';
import { insertStoreReportLineBlocks, storeReportLineCount } from './imports.ts';
import {
  BLOCK_LINES,
  LineBlockWriter,
  noMatch,
  type KeptLineEntry,
  type StoreReportLineRecord,
} from './lineBlocks.ts';
import { storeReportLinesPage } from './queries.ts';

/** Text JSON and COPY must both carry. */
const stores = ['Spotify', 'tab\there', 'line\nbreak', 'back\\slash "quoted"', 'ünïcødé ♫', '\\N'];

/**
 * A report of `count` lines (numbered with gaps, as records spanning lines are), mostly matched, written
 * the way the import writes them: in several batches, each its full blocks. Answers the lines as
 * they must read back, in file order.
 */
async function writeReport(
  db: Db,
  count: number,
): Promise<{ reportId: string; lines: StoreReportLineRecord[] }> {
  const report = await StoreReport.query(db)
    .insert({ filename: 'r.csv', fileKey: 'reports/r.csv', contentHash: 'x'.repeat(64), size: 1 })
    .returning('*');
  const reportId = report.id;
  const tracks = Array.from({ length: 7 }, (_, i) => ({
    trackId: i === 6 ? null : randomUUID(),
    releaseId: randomUUID(),
    userId: `usr_${i % 3}`,
    royaltyId: randomUUID(),
  }));
  const writer = new LineBlockWriter();
  const lines: StoreReportLineRecord[] = [];
  const flush = (last: boolean) => {
    const blocks = writer.take(last);
    return db.transaction((trx) => insertStoreReportLineBlocks(trx, reportId, blocks));
  };
  for (let i = 0; i < count; i++) {
    const lineNumber = 2 + i + Math.floor(i / 9);
    const store = stores[i % stores.length]!;
    const status = i % 10 === 4 ? 'unmatched' : i % 17 === 8 ? 'invalid' : 'matched';
    const common = {
      reportId,
      lineNumber,
      period: '2026-10',
      saleDate: `2026-10-${String(1 + (i % 28)).padStart(2, '0')}`,
      store,
      country: 'IN',
      isrc: `QZABC26${String(i % 7).padStart(5, '0')}`,
      upc: null,
      saleType: 'stream',
      units: i * 1_000_003,
      netRevenue: `${i}.12345678`,
      currency: 'INR',
      listeners: i % 3 ? null : i,
    };
    if (status === 'matched') {
      const match = tracks[i % tracks.length]!;
      const line = { ...common, ratePerUsd: '83.120000', revenueUsd: `${i % 97}.00000001`, ...match };
      writer.addMatched(line);
      lines.push({ ...line, status, reason: null, fields: null });
    } else {
      const { reportId: _, ...read } = common;
      // An invalid line is kept with what could be read of it (here: its store only).
      const row: KeptLineEntry =
        status === 'unmatched'
          ? { ...read, status, reason: `why ${lineNumber}`, ratePerUsd: '83.120000', fields: { store } }
          : {
              lineNumber,
              status,
              reason: `why ${lineNumber} "${store}"`,
              period: null,
              saleDate: null,
              store,
              country: null,
              isrc: null,
              upc: null,
              saleType: null,
              units: null,
              netRevenue: null,
              currency: null,
              ratePerUsd: null,
              listeners: null,
              fields: { store, 'a "key"\\': store },
            };
      writer.addKept(row);
      lines.push({ ...row, reportId, ...noMatch });
    }
    if (i % 700 === 699) await flush(false);
  }
  await flush(true);
  return { reportId, lines };
}

async function pagesRead(db: Db) {
  const count = 2 * BLOCK_LINES + 345;
  const { reportId, lines } = await writeReport(db, count);
  expect(await storeReportLineCount(db, reportId)).toBe(count);
  for (const status of [undefined, 'matched', 'unmatched', 'invalid'] as const) {
    const all = lines.filter((l) => !status || l.status === status);
    for (const order of ['asc', 'desc'] as const) {
      const ordered = order === 'asc' ? all : [...all].reverse();
      // Pages inside a block, across one and two block edges, at the ends, and past the end.
      for (const [offset, limit] of [
        [0, 25],
        [990, 25],
        [BLOCK_LINES - 1, BLOCK_LINES + 2],
        [all.length - 10, 25],
        [all.length + 5, 10],
        [0, count],
      ] as const) {
        const page = await storeReportLinesPage(db, reportId, { status, order, offset, limit });
        expect(page.total, `${status} ${order} ${offset}`).toBe(all.length);
        expect(page.rows, `${status} ${order} ${offset}`).toEqual(ordered.slice(offset, offset + limit));
      }
    }
  }
  // A few lines by number (react-admin's getMany), in several blocks, one of them not a line.
  const wanted = [lines[3]!, lines[1_500]!, lines[count - 1]!, lines[4]!].map((l) => l.lineNumber);
  const many = await storeReportLinesPage(db, reportId, {
    lineNumbers: [...wanted, 999_999],
    order: 'asc',
    offset: 0,
    limit: 100,
  });
  expect(many.rows).toEqual(lines.filter((l) => wanted.includes(l.lineNumber)));
  const keptOnly = await storeReportLinesPage(db, reportId, {
    lineNumbers: wanted,
    status: 'unmatched',
    order: 'asc',
    offset: 0,
    limit: 100,
  });
  expect(keptOnly.rows).toEqual(
    lines.filter((l) => wanted.includes(l.lineNumber) && l.status === 'unmatched'),
  );

  // A report's lines go with it (a trigger, migration 20261128000100), another report's stay.
  const other = await writeReport(db, 30);
  await StoreReport.query(db).deleteById(reportId);
  const left = async (id: string) =>
    Promise.all(
      ['store_report_line_blocks', 'store_report_line_matches'].map(async (table) =>
        Number((await db(table).where({ reportId: id }).count({ n: '*' }).first())?.n),
      ),
    );
  expect(await left(reportId)).toEqual([0, 0]);
  const [blocks, matches] = await left(other.reportId);
  expect(blocks).toBe(1);
  expect(matches).toBeGreaterThan(0);
}

describe("a report's lines in blocks", () => {
  dbTest(
    'read back by page, by status, in either order and by number, exactly as written',
    async ({ db }) => {
      await pagesRead(db);
    },
  );

  describe.runIf(inject('databaseUrl'))('on PGlite', () => {
    let pglite: Db | undefined;
    afterAll(() => pglite?.destroy());
    dbTest('the same', async () => {
      pglite = await openEmbeddedDb();
      await pagesRead(pglite);
    });
  });
});
