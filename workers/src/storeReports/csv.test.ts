import { Readable } from 'node:stream';
import { Parser } from 'csv-parse';
import { describe, expect, it } from 'vitest';
import {
  storeReportCsvOptions,
  storeReportRecords,
  type CsvItem,
  type NumberedRecord,
  type SkippedRecord,
} from './csv.ts';

/** What a reading gives, comparable: each record's cells and line, each skipped line's error and line. */
type Seen = Array<{ line: number; cells: string[] } | { lines: number | undefined; error: string }>;

const seen = (items: Array<NumberedRecord | SkippedRecord>): Seen =>
  items.map((item) =>
    'skipped' in item
      ? { lines: item.skipped.lines, error: item.skipped.message }
      : { line: item.line, cells: item.cells },
  );

/**
 * The oracle: csv-parse itself on the whole file, each record numbered by `info.lines` when it is pushed
 * (then `info` describes it), each skipped line as csv-parse reports it, in the order they happen.
 */
async function byCsvParse(file: Buffer, delimiter: string): Promise<Seen> {
  const out: Seen = [];
  class Recording extends Parser {
    override push(record: unknown, encoding?: BufferEncoding): boolean {
      if (Array.isArray(record)) out.push({ line: this.info.lines, cells: record as string[] });
      return super.push(record, encoding);
    }
  }
  const parser = new Recording(storeReportCsvOptions(delimiter));
  parser.on('skip', (error: Error & { lines?: number }) =>
    out.push({ lines: error.lines, error: error.message }),
  );
  parser.resume();
  await new Promise<void>((resolve, reject) => {
    parser.on('end', resolve);
    parser.on('error', reject);
    parser.end(file);
  });
  return out;
}

/**
 * The file in pieces of `size` bytes (a multi-byte character or a \r\n may be cut in two), each run of
 * lines split by their bytes read as records at once (it holds them until the next batch is asked for).
 */
async function byReportRecords(
  file: Buffer,
  delimiter: string,
  size: number,
): Promise<Array<NumberedRecord | SkippedRecord>> {
  const pieces: Buffer[] = [];
  for (let at = 0; at < file.length; at += size) pieces.push(file.subarray(at, at + size));
  const out: Array<NumberedRecord | SkippedRecord> = [];
  for await (const batch of storeReportRecords(Readable.from(pieces), delimiter))
    out.push(...batch.flatMap(records));
  return out;
}

const records = (item: CsvItem): Array<NumberedRecord | SkippedRecord> => {
  if (!('run' in item)) return [item];
  const { run, from, to } = item;
  const out: NumberedRecord[] = [];
  for (let k = from; k < to; k++) out.push({ cells: run.cells(k), line: run.lines[k]!, bytes: run.bytes });
  return out;
};

const files: Record<string, { text: string; delimiter?: string; encoding?: BufferEncoding }> = {
  plain: { text: 'Period,Store,Units\n2026-09,Spotify,12\n2026-09,Deezer,3\n' },
  'no newline at the end': { text: 'a,b\n1,2\n3,4' },
  'quoted cells: delimiters, doubled quotes, empty': {
    text: 'a,b,c\n"x, y","say ""hi""",""\n"",plain,"last"\n',
  },
  'CRLF line ends': { text: 'a,b\r\n1,"2,5"\r\n\r\n3,4\r\n' },
  'a byte order mark': { text: '\uFEFFa,b\n1,2\n' },
  'empty lines, and lines of a delimiter or a space': { text: 'a,b\n\n1,2\n\n\n,\n \n3,4\n' },
  semicolons: { text: 'a;b;c\n1;"2;3";4\n', delimiter: ';' },
  tabs: { text: 'a\tb\n1\t"2\t3"\n', delimiter: '\t' },
  'multi-byte characters': { text: 'a,b\nBjörk,東京\n"Ólafur, Arnalds",🎵\nend,é\n' },
  'a quoted cell over two lines, then plain lines': {
    text: 'a,b\n1,2\n"two\nlines",3\n4,5\n6,"7"\n',
  },
  'a quote inside an unquoted cell': { text: 'a,b\n1,2\n12" vinyl,3\n4,5\n' },
  'plain cells around quoted ones (split at once before the first quote and after the last)': {
    text: 'a,b,c,d\n1,"2,x",3,4\n"q",r,s,t\n5,6,,"7"\n8,"9",\n,"a""b",c,"d"\n',
  },
  'a quote inside an unquoted cell after a quoted one': { text: 'a,b,c\n1,"2",3"x\n4,5,6\n' },
  // (From the first line that is not plain csv-parse reads the rest: each case its own file.)
  'a quote inside an unquoted cell before a quoted one': { text: 'a,b,c\n1,x"y,"3"\n4,5,6\n' },
  'a quote inside the first cell, then one that closes': { text: 'a,b\n1,2\nx"y",z\n3,4\n' },
  'a quote inside a later cell, then one that closes': { text: 'a,b,c\n1,2,3\n1,x"y",z\n4,5,6\n' },
  'text after a closing quote': { text: 'a,b\n1,2\n"x"y,3\n4,5\n' },
  'a quote never closed': { text: 'a,b\n1,2\n"open,3\n4,5\n' },
  'a lone carriage return inside a line': { text: 'a,b\n1,2\n3\r,4\n5,6\n' },
  'CRLF, then a line ending in LF only': { text: 'a,b\r\n1,2\r\n3,4\n5,6\r\n' },
  'LF, then a line ending in CRLF': { text: 'a,b\n1,2\n3,4\r\n5,6\n' },
  'the first line not plain': { text: '"a\nb",c\n1,2\n' },
  'bytes that are not UTF-8 (Latin-1), then a line that is not plain': {
    text: 'a,b\nCafé,Zoë\n"x"y,é\n1,2\n',
    encoding: 'latin1',
  },
  'quoted cells at the ends of lines, empty ones, and a delimiter after the last': {
    text: 'a,b,c\n1,"2",\n"x",,""\n"",",",\t\n',
  },
  'a carriage return inside a quoted cell': { text: 'a,b\n1,"x\ry"\n4,5\n' },
  'bytes that are not UTF-8 beside delimiters': {
    text: 'a,b\n\u00e2,\u00c3\u00a9x\n\u00f0,"\u00e9"\n',
    encoding: 'latin1',
  },
  'a quoted line longer than a record may be': {
    text: `a,b\n1,2\n"${'x'.repeat(1024 * 1024 + 10)}",3\n4,5\n`,
  },
};

describe('storeReportRecords: records and line numbers as csv-parse gives them', () => {
  for (const [name, { text, delimiter = ',', encoding = 'utf8' }] of Object.entries(files)) {
    it(name, async () => {
      const file = Buffer.from(text, encoding);
      const expected = await byCsvParse(file, delimiter);
      expect(expected.length).toBeGreaterThan(0);
      // Every way a small file can be cut; a large one in pieces of a size streams use.
      for (const size of file.length < 10_000 ? [1, 2, 3, 5, 7, 64, 65_536] : [4_096, 65_536]) {
        expect(seen(await byReportRecords(file, delimiter, size)), `${size}-byte pieces`).toEqual(expected);
      }
    });
  }

  it("a plain line longer than a record may be is refused with csv-parse's reason, and the next line read", async () => {
    // csv-parse refuses such a line too, and loses the line after it (and, fed in pieces, reports the
    // refusal once per piece); here the reading goes on after its newline.
    for (const long of ['x'.repeat(1024 * 1024 + 10), 'é'.repeat(600_000)]) {
      for (const ending of ['\n', '\r\n']) {
        const file = Buffer.from(['a,b', '1,2', `${long},3`, '4,5', ''].join(ending));
        // Pieces smaller than the line, and the whole file in one (600,000 characters fit the limit in
        // characters, not in bytes).
        for (const size of [4_096, 65_536, file.length]) {
          expect(seen(await byReportRecords(file, ',', size)), `${size}-byte pieces`).toEqual([
            { line: 1, cells: ['a', 'b'] },
            { line: 2, cells: ['1', '2'] },
            {
              lines: 3,
              error:
                'Max Record Size: record exceed the maximum number of tolerated bytes of 1048576 at line 3',
            },
            { line: 4, cells: ['4', '5'] },
          ]);
        }
      }
    }
    // At the end of the file, without a newline after it.
    const last = Buffer.from(`a,b\n${'x'.repeat(1024 * 1024 + 10)}`);
    expect(seen(await byReportRecords(last, ',', 65_536)).at(-1)).toMatchObject({ lines: 2 });
  });

  it('a large plain file: every record, in batches, the byte count reaching the file size', async () => {
    const rows = ['Period,Store,Track,Units'];
    for (let i = 0; i < 20_000; i++) rows.push(`2026-09,Spotify,"Track ${i}, live",${i}`);
    const file = Buffer.from(`${rows.join('\n')}\n`);
    const items = await byReportRecords(file, ',', 64 * 1024);
    expect(seen(items)).toEqual(await byCsvParse(file, ','));
    // Split by their bytes, all of them: no text made per cell.
    let inRuns = 0;
    for await (const batch of storeReportRecords(Readable.from([file]), ','))
      for (const item of batch) if ('run' in item) inRuns += item.to - item.from;
    expect(inRuns).toBe(rows.length);
    const last = items.at(-1)!;
    expect('bytes' in last && last.bytes).toBe(file.length);
  });
});
