import { z } from 'zod';
import { DecimalAmount, isSafeText } from './common.ts';
import { currencies, type Currency } from './enums.ts';
import { ISRC_PATTERN, isValidUpc } from './identifiers.ts';

/**
 * Store sales reports (../shared/DOMAIN.md, docs/reports.md): the layouts an import recognises, the one
 * rule set every usage line is checked by, whatever its format, and what the console shows of a report.
 */

/**
 * An import job: `pending` (uploaded) → `running` → `completed` | `failed`; a part of a report sent in
 * several files is `waiting` (nothing counted) until its last part imports them all; a report whose
 * amounts are not sane is `held` (its lines read, nothing credited) until an admin confirms it.
 */
export const storeReportStatuses = ['pending', 'running', 'waiting', 'held', 'completed', 'failed'] as const;
export type StoreReportStatus = (typeof storeReportStatuses)[number];

/** What became of a line: matched to our catalogue, kept as unmatched, or kept as invalid (with why). */
export const storeReportLineStatuses = ['matched', 'unmatched', 'invalid'] as const;
export type StoreReportLineStatus = (typeof storeReportLineStatuses)[number];

/** The formats recognised from a file's content: DDEX DSR flat files, our CSV, a DistroKid-style export. */
export const storeReportFormats = ['dsr', 'csv', 'distrokid'] as const;
export type StoreReportFormat = (typeof storeReportFormats)[number];

/** What a report's file says about itself (DSR's HEAD; a CSV only its format), days as `YYYY-MM-DD`. */
export interface StoreReportFacts {
  format: StoreReportFormat;
  messageId: string | null;
  sender: string | null;
  service: string | null;
  usageStart: string | null;
  usageEnd: string | null;
  fileNumber: number;
  numberOfFiles: number;
}

/** Sale types of DOMAIN.md; `stream`, `ugc` and `video` count as streams, `download` as downloads. */
export const saleTypes = ['stream', 'download', 'ugc', 'video'] as const;
export type SaleType = (typeof saleTypes)[number];

/** The largest report file taken (413 past it). */
export const MAX_STORE_REPORT_BYTES = 512 * 1024 * 1024;

/** Revenue is kept to 8 decimals (stores pay fractions of a cent per stream), in the line's currency. */
export const REVENUE_DECIMALS = 8;

/** The usage fields a CSV layout fills (the rest of a usage line: DSR's period range and summary). */
export type UsageField =
  | 'period'
  | 'store'
  | 'country'
  | 'isrc'
  | 'upc'
  | 'sale_type'
  | 'units'
  | 'net_revenue'
  | 'currency'
  | 'listeners'
  | 'track'
  | 'release'
  | 'artist'
  | 'kind';

/**
 * A CSV layout: each field with the header names that carry it (compared lower-case, with spaces, dashes
 * and underscores alike), the fields it needs, and what it leaves implied.
 */
export interface CsvLayout {
  format: Exclude<StoreReportFormat, 'dsr'>;
  columns: Partial<Record<UsageField, readonly string[]>>;
  required: readonly UsageField[];
  /** Fields the layout does not carry: a DistroKid export's earnings are in USD. */
  implied?: Partial<Record<UsageField, string>>;
}

export const csvLayouts: readonly CsvLayout[] = [
  {
    format: 'csv',
    columns: {
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
    },
    required: ['period', 'store', 'country', 'sale_type', 'units', 'net_revenue', 'currency'],
  },
  {
    format: 'distrokid',
    columns: {
      period: ['sale_month'],
      store: ['store'],
      country: ['country_of_sale'],
      isrc: ['isrc'],
      upc: ['upc'],
      units: ['quantity'],
      net_revenue: ['earnings_(usd)'],
      track: ['title'],
      artist: ['artist'],
      kind: ['song/album'],
    },
    required: ['period', 'store', 'country', 'units', 'net_revenue'],
    implied: { currency: 'USD' },
  },
];

const DISTROKID_NAMES: Record<string, string> = {
  period: 'Sale Month',
  store: 'Store',
  country: 'Country of Sale',
  units: 'Quantity',
  net_revenue: 'Earnings (USD)',
  'isrc or upc': 'ISRC or UPC',
};

/** A header cell as layouts name it: "Net Revenue", "net-revenue" and "NET_REVENUE" are `net_revenue`. */
export const headerKey = (name: string): string =>
  name
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

const listed = (items: readonly string[]) =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/** Which of each field's names the header has, by position; and what the layout lacks. */
function fitOf(layout: CsvLayout, header: readonly string[]) {
  const keys = header.map(headerKey);
  const positions: Partial<Record<UsageField, number>> = {};
  for (const [field, names] of Object.entries(layout.columns) as Array<[UsageField, readonly string[]]>) {
    const at = keys.findIndex((k) => names.includes(k));
    if (at >= 0) positions[field] = at;
  }
  const missing: string[] = layout.required.filter((f) => positions[f] === undefined);
  if (positions.isrc === undefined && positions.upc === undefined) missing.push('isrc or upc');
  return { layout, positions, missing };
}

export type CsvFit = ReturnType<typeof fitOf>;

/** Splits one CSV line on `delimiter`, honouring double quotes ("" inside quotes is a quote). */
function splitLine(line: string, delimiter: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted && ch === '"' && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === delimiter) {
      cells.push(cell);
      cell = '';
    } else cell += ch;
  }
  cells.push(cell);
  return cells;
}

/** A CSV's header row: its delimiter (comma, semicolon or tab: whichever gives the most cells) and cells. */
export function readHeaderRow(line: string): { delimiter: string; cells: string[] } {
  const text = line.replace(/^\uFEFF/, '');
  return [',', ';', '\t']
    .map((delimiter) => ({ delimiter, cells: splitLine(text, delimiter) }))
    .reduce((best, next) => (next.cells.length > best.cells.length ? next : best));
}

/** A DDEX DSR flat file starts (after `#` heading lines) with its HEAD record. */
export const isDsrHead = (line: string): boolean => /^HEAD(\.\d+)?\t/.test(line);

/** Why a report cannot be imported, judged from its first lines (at upload), or null. */
export function storeReportStartProblem(text: string): string | null {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const first = lines.find((line) => !line.startsWith('#')) ?? '';
  if (isDsrHead(first)) return null;
  const header = lines[0] ?? '';
  if (!header.trim()) return 'The report must start with a header row naming its columns';
  const layout = csvLayoutOf(readHeaderRow(header).cells);
  return 'problem' in layout ? layout.problem : null;
}

/**
 * The layout a CSV header row is in, or why it is in none: the columns missing from the layout it comes
 * closest to.
 */
export function csvLayoutOf(header: readonly string[]): { fit: CsvFit } | { problem: string } {
  const fits = csvLayouts.map((layout) => fitOf(layout, header));
  const fit = fits.find((f) => !f.missing.length);
  if (fit) return { fit };
  const closest = fits.reduce((a, b) =>
    Object.keys(b.positions).length > Object.keys(a.positions).length ? b : a,
  );
  const { layout } = closest;
  // A DistroKid export's columns by the names it gives them.
  const names: Record<string, string> = layout.format === 'csv' ? {} : DISTROKID_NAMES;
  const missing = closest.missing.map((field) => names[field] ?? field);
  const needs =
    layout.format === 'csv'
      ? `a CSV with a header row: ${layout.required.join(', ')}, and isrc and/or upc`
      : 'a DistroKid export: Sale Month, Store, Country of Sale, Quantity, Earnings (USD), and ISRC and/or UPC';
  return {
    problem: `The report is missing the column${missing.length > 1 ? 's' : ''} ${listed(missing)} (${needs})`,
  };
}

/** A usage line as every format gives it (text cells: '' where there is nothing). */
export interface UsageText {
  store: string;
  country: string;
  /** `YYYY-MM` or `YYYY-MM-DD`; with `end`, the first day of a range. */
  start: string;
  end: string;
  isrc: string;
  upc: string;
  saleType: string;
  units: string;
  /** '' where the line shares its summary's revenue (`summaryId`). */
  netRevenue: string;
  currency: string;
  summaryId: string;
  listeners: string;
  track: string;
  release: string;
  artist: string;
}

/** A usage line that passed the checks, normalised. */
export interface Usage {
  store: string;
  country: string;
  /** The usage period, `YYYY-MM-DD` both: a month's line covers the month. */
  startDate: string;
  endDate: string;
  /** The sale month of the royalty ledger, `YYYY-MM` (the start's). */
  period: string;
  isrc: string | null;
  upc: string | null;
  saleType: SaleType;
  units: number;
  /** Decimal text with at most REVENUE_DECIMALS places; null when shared from the summary. */
  netRevenue: string | null;
  currency: Currency | null;
  summaryId: string | null;
  listeners: number | null;
  track: string | null;
  release: string | null;
  artist: string | null;
}

const MAX_UNITS = 1_000_000_000_000;
const MAX_TEXT = 200;
const AMOUNT = new RegExp(`^-?\\d{1,12}(\\.\\d{1,${REVENUE_DECIMALS}})?$`);
const WHOLE = /^\d{1,13}$/;
const COUNTRY = /^[A-Z]{2}$/;
const MONTH_OR_DAY = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/;
const CURRENCY_LIST = currencies.join(', ');

const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const two = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM` or `YYYY-MM-DD` → the first and last day it stands for; null when it is neither. */
export function readPeriod(text: string): { first: string; last: string } | null {
  const match = MONTH_OR_DAY.exec(text);
  if (!match) return null;
  const [, y, m, d] = match;
  const year = Number(y);
  const month = Number(m);
  if (year < 1900 || month < 1 || month > 12) return null;
  if (d === undefined) return { first: `${y}-${m}-01`, last: `${y}-${m}-${two(lastDay(year, month))}` };
  if (Number(d) < 1 || Number(d) > lastDay(year, month)) return null;
  return { first: `${y}-${m}-${d}`, last: `${y}-${m}-${d}` };
}

const whole = (text: string) => (WHOLE.test(text) && Number(text) <= MAX_UNITS ? Number(text) : null);

/**
 * Checks one usage line and normalises it; otherwise every problem found, in one reason ("units must be a
 * whole number of 0 or more; currency must be one of …").
 */
/** A cell's text, or '' (and a problem) when it holds characters text may not. */
function safe(value: string, label: string, problems: string[]): string {
  if (isSafeText(value)) return value;
  problems.push(`${label} contains characters that are not allowed`);
  return '';
}

/** A free-text cell: null when empty, or (with a problem) when too long. */
function text(value: string, label: string, problems: string[]): string | null {
  const clean = safe(value.trim(), label, problems);
  if (clean.length <= MAX_TEXT) return clean || null;
  problems.push(`${label} must be at most ${MAX_TEXT} characters`);
  return null;
}

export function checkUsage(cells: UsageText): { usage: Usage } | { reason: string } {
  const problems: string[] = [];

  const startText = safe(cells.start.trim(), 'period', problems);
  const endText = safe(cells.end.trim(), 'period', problems);
  const start = readPeriod(startText);
  const end = endText ? readPeriod(endText) : start;
  if (!startText) problems.push('period is required');
  else if (!start)
    problems.push(`period must be a month (YYYY-MM) or a day (YYYY-MM-DD), not "${startText}"`);
  else if (!end || end.last < start.first)
    problems.push(`the usage period ends before it starts ("${endText}")`);

  const store = text(cells.store, 'store', problems);
  if (!store) problems.push('store is required');
  const country = safe(cells.country.trim(), 'country', problems).toUpperCase();
  if (!COUNTRY.test(country)) problems.push('country must be a two-letter ISO 3166 code');

  const isrc = safe(cells.isrc, 'isrc', problems).replace(/[-\s]/g, '').toUpperCase();
  const upc = safe(cells.upc, 'upc', problems).replace(/[-\s]/g, '');
  if (!isrc && !upc) problems.push('an ISRC or a UPC is required');
  if (isrc && !ISRC_PATTERN.test(isrc)) problems.push(`ISRC "${isrc}" is not a valid ISRC`);
  if (upc && !isValidUpc(upc)) {
    problems.push(`UPC "${upc}" is not a valid UPC-A or EAN-13 (12 or 13 digits with a check digit)`);
  }

  const saleType = saleTypes.find(
    (t) => t === safe(cells.saleType.trim(), 'sale_type', problems).toLowerCase(),
  );
  if (!saleType) problems.push(`sale_type must be one of ${saleTypes.join(', ')}`);
  const units = whole(safe(cells.units.trim(), 'units', problems));
  if (units === null) problems.push('units must be a whole number of 0 or more');

  const summaryId = safe(cells.summaryId.trim(), 'summary', problems);
  const net = safe(cells.netRevenue.trim(), 'net_revenue', problems);
  if (!(summaryId && !net) && !AMOUNT.test(net)) {
    problems.push(`net_revenue must be a number with at most ${REVENUE_DECIMALS} decimals`);
  }
  const currencyText = safe(cells.currency.trim(), 'currency', problems).toUpperCase();
  const currency = currencies.find((c) => c === currencyText) ?? null;
  if (!(summaryId && !currencyText) && !currency) problems.push(`currency must be one of ${CURRENCY_LIST}`);

  const listenersText = safe(cells.listeners.trim(), 'listeners', problems);
  const listeners = listenersText ? whole(listenersText) : null;
  if (listenersText && listeners === null) problems.push('listeners must be a whole number of 0 or more');
  const track = text(cells.track, 'track', problems);
  const release = text(cells.release, 'release', problems);
  const artist = text(cells.artist, 'artist', problems);

  if (problems.length) return { reason: problems.join('; ') };
  return {
    usage: {
      store: store!,
      country,
      startDate: start!.first,
      endDate: end!.last,
      period: start!.first.slice(0, 7),
      isrc: isrc || null,
      upc: upc || null,
      saleType: saleType!,
      units: units!,
      netRevenue: net || null,
      currency,
      summaryId: summaryId || null,
      listeners,
      track,
      release,
      artist,
    },
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
  /** Recognised from the content once the import has read it. */
  format: z.enum(storeReportFormats).nullable(),
  /** DSR: the HEAD's MessageId, sender, service and usage period. */
  messageId: z.string().nullable(),
  sender: z.string().nullable(),
  service: z.string().nullable(),
  usageStart: z.string().nullable(),
  usageEnd: z.string().nullable(),
  /** DSR: which part of a report in several files this file is. */
  fileNumber: z.number().int().nullable(),
  numberOfFiles: z.number().int().nullable(),
  /** A part of a report in several files: the report (its last part) whose import counted it. */
  importedWith: z.string().nullable(),
  linesRead: z.number().int(),
  linesTotal: z.number().int(),
  linesMatched: z.number().int(),
  linesUnmatched: z.number().int(),
  linesInvalid: z.number().int(),
  streams: z.number().int(),
  downloads: z.number().int(),
  /** The net revenue of the counted lines per currency, as reported, and in USD. */
  totals: z.array(z.object({ currency: z.string(), netRevenue: z.string(), revenueUsd: z.string() })),
  /** The matched lines' net revenue in USD, before commission. */
  revenueUsd: DecimalAmount,
  /** What the artists were credited in the royalty ledger, in USD. */
  royaltiesUsd: DecimalAmount,
  /** What the import found that an admin must see (a footer that disagrees with its file). */
  warnings: z.array(z.string()),
  /** Why a `held` report credits nothing until an admin confirms it, the lines named. */
  holds: z.array(z.string()),
  error: z.string().nullable(),
  uploadedBy: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type AdminStoreReportResponse = z.infer<typeof AdminStoreReportResponse>;

/** GET /api/admin/reports/:id/lines: a line as the import kept it, with why it was not matched. */
export const AdminStoreReportLineResponse = z.object({
  /** `<report id>:<file number>:<line number>`. */
  id: z.string(),
  reportId: z.string(),
  /** The part of a report in several files the line is in (1 otherwise), and its number in that file. */
  fileNumber: z.number().int(),
  lineNumber: z.number().int(),
  status: z.enum(storeReportLineStatuses),
  reason: z.string().nullable(),
  period: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  store: z.string().nullable(),
  country: z.string().nullable(),
  isrc: z.string().nullable(),
  upc: z.string().nullable(),
  saleType: z.string().nullable(),
  units: z.number().int().nullable(),
  /** DSR: the summary whose revenue the line shares. */
  summaryId: z.string().nullable(),
  netRevenue: z.string().nullable(),
  currency: z.string().nullable(),
  /** The rate per USD it was converted at. */
  ratePerUsd: z.string().nullable(),
  /** The net revenue in USD, 8 decimals. */
  revenueUsd: z.string().nullable(),
  track: z.string().nullable(),
  release: z.string().nullable(),
  artist: z.string().nullable(),
  trackId: z.string().nullable(),
  releaseId: z.string().nullable(),
  /** The royalty ledger row this line's revenue went into. */
  royaltyId: z.string().nullable(),
  /** The cells of a line that could not be read, as read (by the header's names, or numbered in order). */
  fields: z.record(z.string(), z.string()).nullable(),
});
export type AdminStoreReportLineResponse = z.infer<typeof AdminStoreReportLineResponse>;
