import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readCsv } from './csv.ts';
import { ReportFileProblem, type LineFields, type ReportSink, type UsageCells } from './usage.ts';

/** What a reader hands over, in order. */
function recording() {
  const seen: Array<{ line: number; cells?: UsageCells; reason?: string; fields?: LineFields }> = [];
  const sink: ReportSink = {
    usage: (line, cells) => seen.push({ line, cells }),
    invalid: (line, reason, fields) => seen.push({ line, reason, fields }),
    summary: () => {
      throw new Error('a CSV has no summaries');
    },
    warn: () => undefined,
  };
  return { seen, sink };
}

async function read(text: string) {
  const { seen, sink } = recording();
  let batches = 0;
  const facts = await readCsv(
    Readable.from([text]),
    text.split('\n')[0]!,
    sink,
    async () => void (batches += 1),
    2,
  );
  return { facts, seen, batches };
}

describe('reading CSV reports', () => {
  it('reads our layout: named columns in any order and case, a quoted cell over two lines, empty lines skipped', async () => {
    const { facts, seen, batches } = await read(
      '\uFEFFSale Type;Units;Net Revenue;Currency;Period;Store;Country;ISRC;Track\n' +
        'stream;12;0.5;EUR;2026-10;Spotify;DE;QZABC2600001;"Two\nlines"\n\n' +
        'download;1;0.99;EUR;2026-10-03;iTunes;DE;QZABC2600001;Plain\n',
    );
    expect(facts).toMatchObject({ format: 'csv', messageId: null, fileNumber: 1, numberOfFiles: 1 });
    expect(seen.map((s) => [s.line, s.cells?.saleType, s.cells?.start, s.cells?.track])).toEqual([
      [3, 'stream', '2026-10', 'Two\nlines'],
      [5, 'download', '2026-10-03', 'Plain'],
    ]);
    expect(seen[0]!.cells).toMatchObject({ netRevenue: '0.5', currency: 'EUR', upc: '', summaryId: '' });
    expect(batches).toBe(1);
  });

  it('reads a DistroKid-style export: earnings in USD, downloads told by the store or an album sale', async () => {
    const { facts, seen } = await read(
      'Reporting Date,Sale Month,Store,Artist,Title,ISRC,UPC,Quantity,Team Percentage,Song/Album,Country of Sale,Songwriter Royalties Withheld (USD),Earnings (USD)\n' +
        '2026-11-05,2026-09,Spotify,Mira,Night Drive,QZABC2600001,036000291452,1200,100,Song,US,0,3.21\n' +
        '2026-11-05,2026-09,iTunes,Mira,Night Drive,QZABC2600001,036000291452,2,100,Song,GB,0,1.40\n' +
        '2026-11-05,2026-09,Amazon,Mira,Night Drive,,036000291452,1,100,Album,FR,0,5.00\n',
    );
    expect(facts.format).toBe('distrokid');
    expect(
      seen.map((s) => s.cells && [s.cells.saleType, s.cells.currency, s.cells.netRevenue, s.cells.country]),
    ).toEqual([
      ['stream', 'USD', '3.21', 'US'],
      ['download', 'USD', '1.40', 'GB'],
      ['download', 'USD', '5.00', 'FR'],
    ]);
    expect(seen[0]!.cells).toMatchObject({
      start: '2026-09',
      track: 'Night Drive',
      artist: 'Mira',
      units: '1200',
    });
  });

  it('keeps a line with more cells than the header as invalid, its cells by the header names', async () => {
    const { seen } = await read(
      'Period,Store,Country,ISRC,Sale Type,Units,Net Revenue,Currency\n2026-10,Spotify,US,QZABC2600001,stream,1,1,USD,extra\n',
    );
    expect(seen).toEqual([
      {
        line: 2,
        reason: 'the line has 9 cells, the header 8',
        fields: expect.objectContaining({ Period: '2026-10', 'column 9': 'extra' }),
      },
    ]);
  });

  it('refuses a header of no known layout, and a quote never closed, naming the line', async () => {
    await expect(read('period,store,isrc\n2026-10,Spotify,QZABC2600001\n')).rejects.toThrow(
      'The report is missing the columns country, sale_type, units, net_revenue and currency',
    );
    const broken = read(
      'Period,Store,Country,ISRC,Sale Type,Units,Net Revenue,Currency\n2026-10,Spotify,US,QZABC2600001,stream,1,1,USD\n2026-10,"Spotify,US\n',
    );
    await expect(broken).rejects.toThrow(ReportFileProblem);
    await expect(broken).rejects.toThrow(/^Line 3: Quote Not Closed/);
  });
});
