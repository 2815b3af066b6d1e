import { z } from 'zod';
import { isSafeText } from './common.ts';
import { currencies, type Currency } from './enums.ts';
import { ISRC_PATTERN, isValidUpc } from './identifiers.ts';
import { DecimalAmount } from './common.ts';
import { toScaled } from './money.ts';

/**
 * Store sales reports (../shared/DOMAIN.md): the CSV an admin imports, one line per store, country, period,
 * recording or release and sale type, and what the import makes of each line.
 */

/** An import job: `pending` (uploaded) → `running` → `completed` | `failed`. */
export const reportStatuses = ['pending', 'running', 'completed', 'failed'] as const;
export type ReportStatus = (typeof reportStatuses)[number];

/** What became of a line: matched to our catalogue, kept as unmatched, or kept as invalid (with why). */
export const reportLineStatuses = ['matched', 'unmatched', 'invalid'] as const;
export type ReportLineStatus = (typeof reportLineStatuses)[number];

/** Sale types of DOMAIN.md; `stream`, `ugc` and `video` count as streams, `download` as downloads. */
export const saleTypes = ['stream', 'download', 'ugc', 'video'] as const;
export type SaleType = (typeof saleTypes)[number];

/** The largest report file taken (413 past it). */
export const MAX_REPORT_BYTES = 512 * 1024 * 1024;

/** Revenue is kept to 8 decimals (stores pay fractions of a cent per stream), in the line's currency. */
export const REVENUE_DECIMALS = 8;

/** Each column the import reads, by its canonical name, with the other names stores give it. */
export const reportColumns = {
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
export type ReportColumn = keyof typeof reportColumns;

/** Columns every report needs, besides an `isrc` or a `upc` column (or both). */
export const REQUIRED_REPORT_COLUMNS = [
  'period',
  'store',
  'country',
  'sale_type',
  'units',
  'net_revenue',
  'currency',
] as const satisfies readonly ReportColumn[];

const aliases = new Map<string, string>(
  Object.entries(reportColumns).flatMap(([canonical, names]) => names.map((n) => [n, canonical])),
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
export function missingReportColumns(header: readonly string[]): string[] {
  const present = new Set(header.map(normalizeColumn));
  const missing: string[] = REQUIRED_REPORT_COLUMNS.filter((c) => !present.has(c));
  if (!present.has('isrc') && !present.has('upc')) missing.push('isrc or upc');
  return missing;
}

const listed = (items: string[]) =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/** Why a header row cannot be imported, or null. */
export function reportHeaderProblem(header: readonly string[]): string | null {
  const missing = missingReportColumns(header);
  if (!missing.length) return null;
  return `The report is missing the column${missing.length > 1 ? 's' : ''} ${listed(missing)} (a CSV with a header row: ${REQUIRED_REPORT_COLUMNS.join(', ')}, and isrc and/or upc)`;
}

const DELIMITERS = [',', ';', '\t'] as const;
export type ReportDelimiter = (typeof DELIMITERS)[number];

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
export function readReportHeader(line: string): { delimiter: ReportDelimiter; columns: string[] } {
  const text = line.replace(/^\uFEFF/, '');
  let best = { delimiter: ',' as ReportDelimiter, columns: splitLine(text, ',') };
  for (const delimiter of DELIMITERS.slice(1)) {
    const columns = splitLine(text, delimiter);
    if (columns.length > best.columns.length) best = { delimiter, columns };
  }
  return { delimiter: best.delimiter, columns: best.columns.map((c) => c.trim()) };
}

/** A report line that passed validation: what it says, normalised. */
export interface ReportLine {
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

export type ReportLineCheck = { line: ReportLine } | { reason: string };

/** Record fields are the normalised header's names (normalizeColumn), each cell trimmed. */
export type ReportRecord = Record<string, string | undefined>;

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

/**
 * Validates one line of a report (its cells by column name) and normalises it; otherwise every problem
 * found, in one reason ("units must be a whole number of 0 or more; currency must be one of …").
 */
/** A cell, trimmed; '' (and a problem) when it holds characters text may not. */
function readCell(record: ReportRecord, column: ReportColumn, problems: string[]): string {
  const value = (record[column] ?? '').trim();
  if (!isSafeText(value)) {
    problems.push(`${column} contains characters that are not allowed`);
    return '';
  }
  return value;
}

/** A free-text cell: null when empty, or (with a problem) when too long. */
function readText(record: ReportRecord, column: ReportColumn, problems: string[]): string | null {
  const value = readCell(record, column, problems);
  if (value.length > MAX_TEXT) {
    problems.push(`${column} must be at most ${MAX_TEXT} characters`);
    return null;
  }
  return value || null;
}

/**
 * What a period cell means, remembered: a report names a few months or days on every one of its lines.
 * Bounded: emptied when a file names more than that.
 */
const periodsRead = new Map<string, { period: string; date: string } | null>();
function periodOf(text: string) {
  let period = periodsRead.get(text);
  if (period === undefined) {
    if (periodsRead.size >= 10_000) periodsRead.clear();
    period = readPeriod(text);
    periodsRead.set(text, period);
  }
  return period;
}

const saleTypeOf = new Map<string, SaleType>(saleTypes.map((t) => [t, t]));
const currencyOf = new Map<string, Currency>(currencies.map((c) => [c, c]));
/** Already as an ISRC or a UPC is compared (no hyphen, no space, upper case): most cells. */
const NORMAL_CODE = /^[A-Z0-9]*$/;
const COUNTRY = /^[A-Z]{2}$/;

/**
 * The problems of the line being checked. One array for every call (the function runs to its end
 * without waiting, once per line of a report): a line without problems allocates none.
 */
const problems: string[] = [];

export function checkReportLine(record: ReportRecord): ReportLineCheck {
  // Called for every line of a report: helpers at module level, not closures made per call; the cells
  // most lines hold as they are compared are not copied (changed case, hyphens taken out) again.
  problems.length = 0;

  const periodText = readCell(record, 'period', problems);
  const period = periodOf(periodText);
  if (!periodText) problems.push('period is required');
  else if (!period)
    problems.push(`period must be a month (YYYY-MM) or a day (YYYY-MM-DD), not "${periodText}"`);

  const store = readText(record, 'store', problems);
  if (!store) problems.push('store is required');

  const countryCell = readCell(record, 'country', problems);
  const countryText = COUNTRY.test(countryCell) ? countryCell : countryCell.toUpperCase();
  if (!COUNTRY.test(countryText)) problems.push('country must be a two-letter ISO 3166 code');

  const isrcCell = readCell(record, 'isrc', problems);
  const isrcText = NORMAL_CODE.test(isrcCell) ? isrcCell : isrcCell.replace(/[-\s]/g, '').toUpperCase();
  const upcCell = readCell(record, 'upc', problems);
  const upcText = NORMAL_CODE.test(upcCell) ? upcCell : upcCell.replace(/[-\s]/g, '');
  if (!isrcText && !upcText) problems.push('an ISRC or a UPC is required');
  if (isrcText && !ISRC_PATTERN.test(isrcText)) problems.push(`ISRC "${isrcText}" is not a valid ISRC`);
  if (upcText && !isValidUpc(upcText)) {
    problems.push(`UPC "${upcText}" is not a valid UPC-A or EAN-13 (12 or 13 digits with a check digit)`);
  }

  const saleTypeCell = readCell(record, 'sale_type', problems);
  const saleType = saleTypeOf.get(saleTypeCell) ?? saleTypeOf.get(saleTypeCell.toLowerCase()) ?? null;
  if (!saleType) problems.push(`sale_type must be one of ${saleTypes.join(', ')}`);

  const units = wholeNumber(readCell(record, 'units', problems), MAX_UNITS);
  if (units === null) problems.push('units must be a whole number of 0 or more');

  const netText = readCell(record, 'net_revenue', problems);
  let netRevenue: bigint | null = null;
  try {
    netRevenue = toScaled(netText, REVENUE_DECIMALS);
    if (netRevenue >= MAX_REVENUE || netRevenue <= -MAX_REVENUE) {
      netRevenue = null;
      problems.push('net_revenue is out of range');
    }
  } catch {
    problems.push(`net_revenue must be a number with at most ${REVENUE_DECIMALS} decimals`);
  }

  const currencyCell = readCell(record, 'currency', problems);
  const currency = currencyOf.get(currencyCell) ?? currencyOf.get(currencyCell.toUpperCase()) ?? null;
  if (!currency) problems.push(`currency must be one of ${CURRENCY_LIST}`);

  const listenersText = readCell(record, 'listeners', problems);
  const listeners = listenersText ? wholeNumber(listenersText, MAX_UNITS) : null;
  if (listenersText && listeners === null) problems.push('listeners must be a whole number of 0 or more');

  const track = readText(record, 'track', problems);
  const release = readText(record, 'release', problems);
  const artist = readText(record, 'artist', problems);

  if (problems.length) return { reason: problems.join('; ') };
  return {
    line: {
      period: period!.period,
      date: period!.date,
      store: store!,
      country: countryText,
      isrc: isrcText || null,
      upc: upcText || null,
      saleType: saleType!,
      units: units!,
      netRevenue: netRevenue!,
      currency: currency!,
      listeners,
      track,
      release,
      artist,
    },
  };
}

/** GET /api/admin/reports(/:id), POST /api/admin/reports: an import job and what it made of the file. */
export const AdminReportResponse = z.object({
  id: z.string(),
  filename: z.string(),
  size: z.number().int(),
  /** SHA-256 of the file, hex: the same file uploaded again is refused unless forced. */
  contentHash: z.string(),
  forced: z.boolean(),
  status: z.enum(reportStatuses),
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
export type AdminReportResponse = z.infer<typeof AdminReportResponse>;

/** GET /api/admin/reports/:id/lines: a line as the import kept it, with why it was not matched. */
export const AdminReportLineResponse = z.object({
  /** `<report id>:<line number>`. */
  id: z.string(),
  reportId: z.string(),
  /** The line's number in the file (the header is line 1). */
  lineNumber: z.number().int(),
  status: z.enum(reportLineStatuses),
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
export type AdminReportLineResponse = z.infer<typeof AdminReportLineResponse>;
