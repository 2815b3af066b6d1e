import { z } from 'zod';
import { isSafeText } from './common.ts';
import { currencies, type Currency } from './enums.ts';
import { ISRC_PATTERN, isValidUpc } from './identifiers.ts';
import { DecimalAmount } from './common.ts';
import { readScaled, scaledNumber } from './money.ts';

/**
 * Store sales reports (../shared/DOMAIN.md): the CSV an admin imports, one line per store, country, period,
 * recording or release and sale type, and what the import makes of each line.
 */

/** An import job: `pending` (uploaded) → `running` → `completed` | `failed`. */
export const storeReportStatuses = ['pending', 'running', 'completed', 'failed'] as const;
export type StoreReportStatus = (typeof storeReportStatuses)[number];

/** What became of a line: matched to our catalogue, kept as unmatched, or kept as invalid (with why). */
export const storeReportLineStatuses = ['matched', 'unmatched', 'invalid'] as const;
export type StoreReportLineStatus = (typeof storeReportLineStatuses)[number];

/** Sale types of DOMAIN.md; `stream`, `ugc` and `video` count as streams, `download` as downloads. */
export const saleTypes = ['stream', 'download', 'ugc', 'video'] as const;
export type SaleType = (typeof saleTypes)[number];

/** The largest report file taken (413 past it). */
export const MAX_STORE_REPORT_BYTES = 512 * 1024 * 1024;

/** Revenue is kept to 8 decimals (stores pay fractions of a cent per stream), in the line's currency. */
export const REVENUE_DECIMALS = 8;

/** Each column the import reads, by its canonical name, with the other names stores give it. */
export const storeReportColumns = {
  period: ['period', 'sale_period', 'sales_period', 'month'],
  store: ['store', 'platform', 'dsp', 'service'],
  country: ['country', 'territory', 'country_code'],
  isrc: ['isrc'],
  upc: ['upc', 'ean', 'icpn', 'barcode'],
  sale_type: ['sale_type', 'type', 'usage_type', 'transaction_type'],
  units: ['units', 'quantity', 'qty'],
  net_revenue: ['net_revenue', 'net', 'revenue', 'net_amount'],
  currency: ['currency', 'currency_code'],
  listeners: ['listeners', 'monthly_listeners'],
  track: ['track', 'track_title'],
  release: ['release', 'release_title', 'album'],
  artist: ['artist', 'artist_name'],
} as const;
export type StoreReportColumn = keyof typeof storeReportColumns;

/** Columns every report needs, besides an `isrc` or a `upc` column (or both). */
export const REQUIRED_STORE_REPORT_COLUMNS = [
  'period',
  'store',
  'country',
  'sale_type',
  'units',
  'net_revenue',
  'currency',
] as const satisfies readonly StoreReportColumn[];

const aliases = new Map<string, string>(
  Object.entries(storeReportColumns).flatMap(([canonical, names]) => names.map((n) => [n, canonical])),
);

/** A header cell as the import reads it: "Net Revenue" and "net-revenue" are `net_revenue`, "EAN" is `upc`. */
export function normalizeColumn(name: string): string {
  const key = name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return aliases.get(key) ?? key;
}

/** The columns a header lacks, canonical names, `isrc or upc` when it has neither. */
export function missingStoreReportColumns(header: readonly string[]): string[] {
  const present = new Set(header.map(normalizeColumn));
  const missing: string[] = REQUIRED_STORE_REPORT_COLUMNS.filter((c) => !present.has(c));
  if (!present.has('isrc') && !present.has('upc')) missing.push('isrc or upc');
  return missing;
}

const listed = (items: string[]) =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/** Why a header row cannot be imported, or null. */
export function storeReportHeaderProblem(header: readonly string[]): string | null {
  const missing = missingStoreReportColumns(header);
  if (!missing.length) return null;
  return `The report is missing the column${missing.length > 1 ? 's' : ''} ${listed(missing)} (a CSV with a header row: ${REQUIRED_STORE_REPORT_COLUMNS.join(', ')}, and isrc and/or upc)`;
}

const DELIMITERS = [',', ';', '\t'] as const;
export type StoreReportDelimiter = (typeof DELIMITERS)[number];

/** Splits one CSV line on `delimiter`, honouring double quotes ("" inside quotes is a quote). */
function splitLine(line: string, delimiter: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === delimiter) {
      cells.push(cell);
      cell = '';
    } else cell += ch;
  }
  cells.push(cell);
  return cells;
}

/**
 * The header row of a report (its first line, without the line break): its delimiter (comma, semicolon
 * or tab: whichever gives the most columns) and its cells.
 */
export function readStoreReportHeader(line: string): { delimiter: StoreReportDelimiter; columns: string[] } {
  const text = line.replace(/^\uFEFF/, '');
  let best = { delimiter: ',' as StoreReportDelimiter, columns: splitLine(text, ',') };
  for (const delimiter of DELIMITERS.slice(1)) {
    const columns = splitLine(text, delimiter);
    if (columns.length > best.columns.length) best = { delimiter, columns };
  }
  return { delimiter: best.delimiter, columns: best.columns.map((c) => c.trim()) };
}

/** A report line that passed validation: what it says, normalised. */
export interface StoreReportLine {
  /** The sale month, `YYYY-MM` (the royalty ledger's period). */
  period: string;
  /** The day of the usage: the line's own day, or the first of its month for a monthly report. */
  date: string;
  store: string;
  /** ISO 3166 alpha-2, upper case. */
  country: string;
  /** Without hyphens, upper case. */
  isrc: string | null;
  upc: string | null;
  saleType: SaleType;
  units: number;
  /** Net revenue in `currency`, scaled by 10^REVENUE_DECIMALS. */
  netRevenue: bigint;
  currency: Currency;
  listeners: number | null;
  track: string | null;
  release: string | null;
  artist: string | null;
}

export type StoreReportLineCheck = { line: StoreReportLine } | { reason: string };

/** Record fields are the normalised header's names (normalizeColumn), each cell trimmed. */
export type StoreReportRecord = Record<string, string | undefined>;

const MAX_UNITS = 1_000_000_000_000;
const MAX_REVENUE = 10n ** 12n * 10n ** BigInt(REVENUE_DECIMALS);
const MAX_TEXT = 200;

function isRealDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** `YYYY-MM` or `YYYY-MM-DD` → the month and the day it stands for; null when it is neither. */
export function readPeriod(text: string): { period: string; date: string } | null {
  const match = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(text);
  if (!match) return null;
  const [, y, m, d] = match;
  const year = Number(y);
  const month = Number(m);
  if (year < 1900 || month < 1 || month > 12) return null;
  if (d !== undefined && !isRealDay(year, month, Number(d))) return null;
  return { period: `${y}-${m}`, date: `${y}-${m}-${d ?? '01'}` };
}

const wholeNumber = (text: string, max: number): number | null =>
  /^\d{1,13}$/.test(text) && Number(text) <= max ? Number(text) : null;

const CURRENCY_LIST = currencies.join(', ');

/** A cell, trimmed; '' (and a problem) when it holds characters text may not. */
function readCell(raw: string, column: StoreReportColumn, problems: string[]): string {
  const value = raw.trim();
  if (!isSafeText(value)) {
    problems.push(`${column} contains characters that are not allowed`);
    return '';
  }
  return value;
}

/** A free-text cell: null when empty, or (with a problem) when too long. */
function readText(raw: string, column: StoreReportColumn, problems: string[]): string | null {
  const value = readCell(raw, column, problems);
  if (value.length > MAX_TEXT) {
    problems.push(`${column} must be at most ${MAX_TEXT} characters`);
    return null;
  }
  return value || null;
}

/**
 * Text of its own: not a slice of a larger string (the piece of the file a cell was read from), which a
 * remembered value would otherwise keep alive. Exact for any text, well formed or not.
 */
export function ownText(text: string): string {
  return text.isWellFormed() ? decoder.decode(encoder.encode(text)) : text.split('').join('');
}
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * The problems of the line being checked. One array for every call (the function runs to its end
 * without waiting, once per line of a report): a line without problems allocates none.
 */
const problems: string[] = [];

/** What one cell says, alone: its value and the problems it causes, in the order checkStoreReportLine gives them. */
export interface CellReading<T> {
  value: T;
  problems: readonly string[];
}

/**
 * A column's cells read once per text: a report repeats the same months, stores, countries, codes, types
 * and currencies on line after line. Bounded: emptied when a file has more texts than that in a column.
 */
export class ColumnReadings<T> {
  private readonly read = new Map<string, CellReading<T>>();
  constructor(private readonly compute: (raw: string, problems: string[]) => T) {}

  /** What a cell says (an absent cell says what an empty one does). */
  of(raw: string): CellReading<T> {
    let reading = this.read.get(raw);
    if (reading === undefined) {
      if (raw.length > MAX_REMEMBERED) return this.reading(raw);
      if (this.read.size >= 10_000) this.read.clear();
      reading = this.reading(raw);
      this.read.set(ownText(raw), reading);
    }
    return reading;
  }

  private reading(raw: string): CellReading<T> {
    const problems: string[] = [];
    const value = this.compute(raw, problems);
    return {
      value: typeof value === 'string' ? (ownText(value) as T) : value,
      problems: problems.length ? problems.map(ownText) : NO_PROBLEMS,
    };
  }
}
/** Longer cells are read every time (a text that long is not a month or a code a report repeats). */
const MAX_REMEMBERED = 256;
const NO_PROBLEMS: readonly string[] = [];

const saleTypeOf = new Map<string, SaleType>(saleTypes.map((t) => [t, t]));
const currencyOf = new Map<string, Currency>(currencies.map((c) => [c, c]));
/** Already as an ISRC or a UPC is compared (no hyphen, no space, upper case): most cells. */
const NORMAL_CODE = /^[A-Z0-9]*$/;
const COUNTRY = /^[A-Z]{2}$/;

const periods = new ColumnReadings((raw, problems) => {
  const text = readCell(raw, 'period', problems);
  const period = readPeriod(text);
  if (!text) problems.push('period is required');
  else if (!period) problems.push(`period must be a month (YYYY-MM) or a day (YYYY-MM-DD), not "${text}"`);
  return period && { period: ownText(period.period), date: ownText(period.date) };
});
const stores = new ColumnReadings((raw, problems) => {
  const store = readText(raw, 'store', problems);
  if (!store) problems.push('store is required');
  return store;
});
const countries = new ColumnReadings((raw, problems) => {
  const cell = readCell(raw, 'country', problems);
  const text = COUNTRY.test(cell) ? cell : cell.toUpperCase();
  if (!COUNTRY.test(text)) problems.push('country must be a two-letter ISO 3166 code');
  return text;
});
/**
 * An ISRC or a UPC cell: its text as compared, the problem of its characters (`problems`), and whether it
 * is valid (`invalid`: the problem given after the check that one of the two is there).
 */
const codeReadings = (column: 'isrc' | 'upc') =>
  new ColumnReadings((raw, problems) => {
    const cell = readCell(raw, column, problems);
    if (column === 'isrc') {
      const text = NORMAL_CODE.test(cell) ? cell : cell.replace(/[-\s]/g, '').toUpperCase();
      return {
        text: ownText(text),
        invalid: text && !ISRC_PATTERN.test(text) ? `ISRC "${text}" is not a valid ISRC` : null,
      };
    }
    const text = NORMAL_CODE.test(cell) ? cell : cell.replace(/[-\s]/g, '');
    return {
      text: ownText(text),
      invalid:
        text && !isValidUpc(text)
          ? `UPC "${text}" is not a valid UPC-A or EAN-13 (12 or 13 digits with a check digit)`
          : null,
    };
  });
const isrcs = codeReadings('isrc');
const upcs = codeReadings('upc');
const saleTypesRead = new ColumnReadings((raw, problems) => {
  const cell = readCell(raw, 'sale_type', problems);
  const saleType = saleTypeOf.get(cell) ?? saleTypeOf.get(cell.toLowerCase()) ?? null;
  if (!saleType) problems.push(`sale_type must be one of ${saleTypes.join(', ')}`);
  return saleType;
});
const unitsRead = new ColumnReadings((raw, problems) => {
  const units = wholeNumber(readCell(raw, 'units', problems), MAX_UNITS);
  if (units === null) problems.push('units must be a whole number of 0 or more');
  return units;
});
const currenciesRead = new ColumnReadings((raw, problems) => {
  const cell = readCell(raw, 'currency', problems);
  const currency = currencyOf.get(cell) ?? currencyOf.get(cell.toUpperCase()) ?? null;
  if (!currency) problems.push(`currency must be one of ${CURRENCY_LIST}`);
  return currency;
});
const listenersRead = new ColumnReadings((raw, problems) => {
  const text = readCell(raw, 'listeners', problems);
  const listeners = text ? wholeNumber(text, MAX_UNITS) : null;
  if (text && listeners === null) problems.push('listeners must be a whole number of 0 or more');
  return listeners;
});
const textReadings = (column: 'track' | 'release' | 'artist') =>
  new ColumnReadings((raw, problems) => readText(raw, column, problems));
const tracks = textReadings('track');
const releases = textReadings('release');
const artists = textReadings('artist');

/** Each column checkStoreReportLine reads (bar the net revenue, read on every line), read once per text. */
export const cellReadings = {
  period: periods,
  store: stores,
  country: countries,
  isrc: isrcs,
  upc: upcs,
  sale_type: saleTypesRead,
  units: unitsRead,
  currency: currenciesRead,
  listeners: listenersRead,
  track: tracks,
  release: releases,
  artist: artists,
} as const;

type Reading<K extends keyof typeof cellReadings> = CellReading<
  (typeof cellReadings)[K] extends ColumnReadings<infer T> ? T : never
>;

/** What a line's cells say, one reading per column (cellReadings), and its net revenue's text. */
export interface LineReadings {
  period: Reading<'period'>;
  store: Reading<'store'>;
  country: Reading<'country'>;
  isrc: Reading<'isrc'>;
  upc: Reading<'upc'>;
  saleType: Reading<'sale_type'>;
  units: Reading<'units'>;
  netRevenue: string;
  currency: Reading<'currency'>;
  listeners: Reading<'listeners'>;
  track: Reading<'track'>;
  release: Reading<'release'>;
  artist: Reading<'artist'>;
}

/** A cell's problems, added to the line's (a function of the module: one made per line costs). */
function addProblems(reading: CellReading<unknown>): void {
  for (const problem of reading.problems) problems.push(problem);
}

/**
 * Why a line is invalid (every problem, in one reason), or null when it is valid: then `net.value` is its
 * net revenue (× 10^REVENUE_DECIMALS: a number where that is a safe integer, else a BigInt) and the
 * readings' values are what it says. A line without problems builds no text.
 */
export function lineProblems(r: LineReadings, net: { value: bigint | number }): string | null {
  const add = addProblems;
  problems.length = 0;
  add(r.period);
  add(r.store);
  add(r.country);
  add(r.isrc);
  add(r.upc);
  if (!r.isrc.value.text && !r.upc.value.text) problems.push('an ISRC or a UPC is required');
  if (r.isrc.value.invalid) problems.push(r.isrc.value.invalid);
  if (r.upc.value.invalid) problems.push(r.upc.value.invalid);
  add(r.saleType);
  add(r.units);

  const netText = readCell(r.netRevenue, 'net_revenue', problems);
  // Most amounts are read as a number (a safe integer: far within range); the rest as a BigInt.
  const quick = scaledNumber(netText, REVENUE_DECIMALS);
  const value = quick ?? readScaled(netText, REVENUE_DECIMALS);
  if (value === null) problems.push(`net_revenue must be a number with at most ${REVENUE_DECIMALS} decimals`);
  else {
    net.value = value;
    if (value >= MAX_REVENUE || value <= -MAX_REVENUE) problems.push('net_revenue is out of range');
  }

  add(r.currency);
  add(r.listeners);
  add(r.track);
  add(r.release);
  add(r.artist);
  return problems.length ? problems.join('; ') : null;
}

/**
 * Validates one line of a report (its cells by column name) and normalises it; otherwise every problem
 * found, in one reason ("units must be a whole number of 0 or more; currency must be one of …").
 * What a cell says is read once per text of its column (cellReadings), and only the net revenue is read
 * on every line (lineProblems).
 */
export function checkStoreReportLine(record: StoreReportRecord): StoreReportLineCheck {
  const readings: LineReadings = {
    period: periods.of(record.period ?? ''),
    store: stores.of(record.store ?? ''),
    country: countries.of(record.country ?? ''),
    isrc: isrcs.of(record.isrc ?? ''),
    upc: upcs.of(record.upc ?? ''),
    saleType: saleTypesRead.of(record.sale_type ?? ''),
    units: unitsRead.of(record.units ?? ''),
    netRevenue: record.net_revenue ?? '',
    currency: currenciesRead.of(record.currency ?? ''),
    listeners: listenersRead.of(record.listeners ?? ''),
    track: tracks.of(record.track ?? ''),
    release: releases.of(record.release ?? ''),
    artist: artists.of(record.artist ?? ''),
  };
  const net: { value: bigint | number } = { value: 0n };
  const reason = lineProblems(readings, net);
  if (reason !== null) return { reason };
  return { line: lineOf(readings, BigInt(net.value)) };
}

/** A valid line's readings as the line they say. */
export function lineOf(r: LineReadings, netRevenue: bigint): StoreReportLine {
  return {
    period: r.period.value!.period,
    date: r.period.value!.date,
    store: r.store.value!,
    country: r.country.value,
    isrc: r.isrc.value.text || null,
    upc: r.upc.value.text || null,
    saleType: r.saleType.value!,
    units: r.units.value!,
    netRevenue,
    currency: r.currency.value!,
    listeners: r.listeners.value,
    track: r.track.value,
    release: r.release.value,
    artist: r.artist.value,
  };
}

/** GET /api/admin/reports(/:id), POST /api/admin/reports: an import job and what it made of the file. */
export const AdminStoreReportResponse = z.object({
  id: z.string(),
  filename: z.string(),
  size: z.number().int(),
  /** SHA-256 of the file, hex: the same file uploaded again is refused unless forced. */
  contentHash: z.string(),
  forced: z.boolean(),
  status: z.enum(storeReportStatuses),
  /** 0-100, from the bytes read so far. */
  progress: z.number().int(),
  linesRead: z.number().int(),
  linesTotal: z.number().int(),
  linesMatched: z.number().int(),
  linesUnmatched: z.number().int(),
  linesInvalid: z.number().int(),
  streams: z.number().int(),
  downloads: z.number().int(),
  /** The matched lines' net revenue in USD (SPEC §9 rates), before commission. */
  revenueUsd: DecimalAmount,
  /** What the artists were credited in the royalty ledger, in USD. */
  royaltiesUsd: DecimalAmount,
  error: z.string().nullable(),
  uploadedBy: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type AdminStoreReportResponse = z.infer<typeof AdminStoreReportResponse>;

/** GET /api/admin/reports/:id/lines: a line as the import kept it, with why it was not matched. */
export const AdminStoreReportLineResponse = z.object({
  /** `<report id>:<line number>`. */
  id: z.string(),
  reportId: z.string(),
  /** The line's number in the file (the header is line 1). */
  lineNumber: z.number().int(),
  status: z.enum(storeReportLineStatuses),
  reason: z.string().nullable(),
  period: z.string().nullable(),
  store: z.string().nullable(),
  country: z.string().nullable(),
  isrc: z.string().nullable(),
  upc: z.string().nullable(),
  saleType: z.string().nullable(),
  units: z.number().int().nullable(),
  netRevenue: z.string().nullable(),
  currency: z.string().nullable(),
  /** The SPEC §9 rate per USD it was converted at. */
  ratePerUsd: z.string().nullable(),
  /** The net revenue in USD, 8 decimals (matched lines). */
  revenueUsd: z.string().nullable(),
  trackId: z.string().nullable(),
  releaseId: z.string().nullable(),
  /** The royalty ledger row this line's revenue went into. */
  royaltyId: z.string().nullable(),
  /** The line's cells as read (unmatched and invalid lines). */
  fields: z.record(z.string(), z.string()).nullable(),
});
export type AdminStoreReportLineResponse = z.infer<typeof AdminStoreReportLineResponse>;
