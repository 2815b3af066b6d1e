import { describe, expect, it } from 'vitest';
import {
  checkStoreReportLine,
  normalizeColumn,
  storeReportColumns,
  type StoreReportColumn,
} from '@riffline/contracts';
import { KnownCodes, LineBatch, LineBatchEncoder } from './lineBatch.ts';

const HEADER = [
  'Period',
  'Store',
  'Country',
  'ISRC',
  'UPC',
  'Sale Type',
  'Units',
  'Net Revenue',
  'Currency',
  'Listeners',
  'Track',
];
const names = HEADER.map(normalizeColumn);
const at = Object.fromEntries(
  Object.keys(storeReportColumns).map((column) => [column, names.lastIndexOf(column)]),
) as Record<StoreReportColumn, number>;
const record = (cells: string[]) =>
  Object.fromEntries(
    Object.keys(storeReportColumns).map((c) => [
      c,
      at[c as StoreReportColumn] < 0 ? undefined : cells[at[c as StoreReportColumn]],
    ]),
  );

/** Cells of every kind a column may hold: valid, normalised, invalid, empty, missing. */
const variants: string[][] = [
  ['2026-09', '2026-09-15', ' 2026-10 ', '2026-13', '2026-02-30', '', 'Sept'],
  ['Spotify', ' Deezer ', '', 'Spo\u0000tify', 'x'.repeat(201)],
  ['US', 'gb', 'USA', ''],
  ['QZABC2600001', 'qz-abc-26-00001', '', 'NOPE'],
  ['', '036000291452', '036000291453', '0360-0029-1452'],
  ['stream', 'Download', 'ugc', 'radio', ''],
  ['1', '007', '', '-4', '1.5', ' 12 ', '999999999999', '1000000000000', '99999999999999', '1e3'],
  ['1.5', '-0.25', '', 'abc', '0.123456789', '99999999999999999999', '12345678901.12345678'],
  ['USD', 'eur', 'XYZ', ''],
  ['', '40', '-1', 'many'],
  ['', 'A song', ' A song ', 't'.repeat(201)],
];

describe('LineBatchEncoder', () => {
  it('reads each line as checkStoreReportLine checks it, in batches, its texts by number', () => {
    let seed = 11;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    // Mostly a column's first cell (valid), so that many lines are valid and many invalid.
    const pick = <T>(list: readonly T[]) => list[next() < 0.9 ? 0 : Math.floor(next() * list.length)]!;
    const lines = Array.from({ length: 3_000 }, () => variants.map(pick));
    // A line cut short (fewer cells than the header) reads its missing cells as empty.
    lines.push(['2026-09', 'Spotify', 'US', 'QZABC2600001']);
    const known = new KnownCodes();
    known.learn([['QZABC2600001', 'release-1']], []);
    const encoder = new LineBatchEncoder(700, known);
    encoder.columnsAt(at);
    const batches: LineBatch[] = [];
    lines.forEach((cells, i) => {
      encoder.read(i + 2, cells);
      if (encoder.full) batches.push(new LineBatch(encoder.take().batch));
    });
    batches.push(new LineBatch(encoder.take().batch));

    let n = 0;
    let valid = 0;
    for (const batch of batches) {
      for (let i = 0; i < batch.count; i++, n++) {
        const check = checkStoreReportLine(record(lines[n]!));
        expect(batch.lineNumber(i)).toBe(n + 2);
        if ('line' in check) {
          valid += 1;
          expect(batch.isValid(i)).toBe(true);
          expect({ ...batch.line(i) }).toEqual(check.line);
          // A line the known catalogue matches (its ISRC's track, no UPC) comes without its cells.
          if (check.line.isrc === 'QZABC2600001' && !check.line.upc) expect(() => batch.cells(i)).toThrow();
          else expect(batch.cells(i)).toEqual(lines[n]);
        } else {
          expect(batch.isValid(i)).toBe(false);
          expect(batch.reason(i)).toBe(check.reason);
          expect(batch.cells(i)).toEqual(lines[n]);
        }
      }
    }
    expect(n).toBe(lines.length);
    expect(valid).toBeGreaterThan(100);
    expect(lines.length - valid).toBeGreaterThan(1_000);
  });
});
