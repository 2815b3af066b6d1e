import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { csvLayoutOf, readHeaderRow, type CsvFit, type UsageField } from '@riffline/contracts';
import { ReportFileProblem, type FileFacts, type ReportSink, type UsageCells } from './usage.ts';

/**
 * CSV layouts (contracts' csvLayouts: our own, a DistroKid-style export) read through csv-parse: the
 * header row names the layout, each record becomes a usage line's cells.
 */

/** Stores whose sales are downloads in a DistroKid-style export (it names no sale type). */
const DOWNLOAD_STORES = /itunes|download|beatport|bandcamp|7digital|amazon mp3/i;

/** A field's cell in a record of the layout (what the layout implies where it has no such column). */
function cellOf({ layout, positions }: CsvFit, record: readonly string[], field: UsageField): string {
  const at = positions[field];
  return at === undefined ? (layout.implied?.[field] ?? '') : (record[at] ?? '').trim();
}

function cellsOf(fit: CsvFit, record: readonly string[]): UsageCells {
  const store = cellOf(fit, record, 'store');
  const saleType =
    fit.layout.format === 'distrokid'
      ? /album/i.test(cellOf(fit, record, 'kind')) || DOWNLOAD_STORES.test(store)
        ? 'download'
        : 'stream'
      : cellOf(fit, record, 'sale_type');
  return {
    store,
    country: cellOf(fit, record, 'country'),
    start: cellOf(fit, record, 'period'),
    end: '',
    isrc: cellOf(fit, record, 'isrc'),
    upc: cellOf(fit, record, 'upc'),
    saleType,
    units: cellOf(fit, record, 'units'),
    netRevenue: cellOf(fit, record, 'net_revenue'),
    currency: cellOf(fit, record, 'currency'),
    summaryId: '',
    listeners: cellOf(fit, record, 'listeners'),
    track: cellOf(fit, record, 'track'),
    release: cellOf(fit, record, 'release'),
    artist: cellOf(fit, record, 'artist'),
  };
}

/**
 * Reads a CSV report (decoded text) into the sink; `batch` is awaited after every `every` records so the
 * caller can write what it holds. A record csv-parse cannot read (a quote left open) fails the file.
 */
export async function readCsv(
  text: Readable,
  headerLine: string,
  sink: ReportSink,
  batch: () => Promise<void>,
  every = 20_000,
): Promise<FileFacts> {
  const parser = text.pipe(
    parse({
      delimiter: readHeaderRow(headerLine).delimiter,
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      info: true,
    }),
  );
  let fit: CsvFit | null = null;
  let header: string[] = [];
  let count = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      if (!fit) {
        const layout = csvLayoutOf(record);
        if ('problem' in layout) throw new ReportFileProblem(layout.problem);
        fit = layout.fit;
        header = record.map((name) => name.trim());
        continue;
      }
      if (record.every((cell) => !cell.trim())) continue;
      if (record.length > header.length && record.slice(header.length).some((cell) => cell.trim())) {
        const fields = Object.fromEntries(record.map((cell, i) => [header[i] ?? `column ${i + 1}`, cell]));
        sink.invalid(info.lines, `the line has ${record.length} cells, the header ${header.length}`, fields);
      } else
        sink.usage(info.lines, cellsOf(fit, record), () =>
          Object.fromEntries(header.map((h, i) => [h, record[i] ?? ''])),
        );
      if (++count % every === 0) await batch();
    }
  } catch (error) {
    if (error instanceof ReportFileProblem) throw error;
    const lines = (error as { lines?: number }).lines;
    throw new ReportFileProblem(`Line ${lines ?? '?'}: ${(error as Error).message}`);
  }
  if (!fit) throw new ReportFileProblem('The report is empty: it needs a header row and lines');
  return {
    format: fit.layout.format,
    messageId: null,
    sender: null,
    service: null,
    usageStart: null,
    usageEnd: null,
    fileNumber: 1,
    numberOfFiles: 1,
  };
}
