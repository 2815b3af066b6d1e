import type { ReportLineStatus } from '@riffline/contracts';
import type { ReportLineRow } from './imports.ts';

/**
 * A store report's lines in blocks (`store_report_line_blocks`, migration 20261128000100): one row per
 * BLOCK_LINES lines of the file in file order, instead of a row per line. A million-line report is a
 * thousand rows, not a million: PostgreSQL's own work for a row (its tuple, its key, its WAL) was most of
 * what an import cost.
 *
 * A block's `entries` is JSON text, one entry per line in file order:
 * - a matched line, whole: `[lineNumber, match, period, saleDate, store, country, isrc, upc, saleType,
 *   units, netRevenue, currency, ratePerUsd, revenueUsd, listeners]`, where `match` numbers what it
 *   matched (its track, release, artist and royalty row) in `store_report_line_matches`: a report has a
 *   few of those per track and sale month, a block's lines name hundreds of them;
 * - a kept line (unmatched or invalid), as its number and status only: `[lineNumber, status]`. Its
 *   reason and cells are its row in `store_report_lines` (kept lines only), which the admin's
 *   `?status=unmatched` list reads through its index.
 * `records_before` and `matched_before` (the lines, and the matched ones, in the report's earlier blocks)
 * find a page of lines by position without reading the blocks before it.
 */
export const BLOCK_LINES = 1_000;

/**
 * A line of a report as the admin reads it: a kept line's row, or a matched line out of its block, with
 * what it matched (its revenue in USD, decimal text with eight places, and its track, release, artist and
 * royalty row).
 */
export interface ReportLineRecord extends Omit<ReportLineRow, 'status'> {
  reportId: string;
  status: ReportLineStatus;
  revenueUsd: string | null;
  trackId: string | null;
  releaseId: string | null;
  userId: string | null;
  royaltyId: string | null;
}

/** What a kept line's record says of a match: it has none. */
export const noMatch = {
  revenueUsd: null,
  trackId: null,
  releaseId: null,
  userId: null,
  royaltyId: null,
} as const satisfies Partial<ReportLineRecord>;

/** What a matched line is stored with (the line as checked, converted, and what it matched). */
export interface MatchedLineEntry {
  lineNumber: number;
  period: string;
  saleDate: string;
  store: string;
  country: string;
  isrc: string | null;
  upc: string | null;
  saleType: string;
  units: number;
  netRevenue: string;
  currency: string;
  ratePerUsd: string;
  revenueUsd: string;
  listeners: number | null;
  trackId: string | null;
  releaseId: string;
  userId: string;
  royaltyId: string;
}

/** A block as written. */
export interface ReportLineBlock {
  block: number;
  firstLine: number;
  lastLine: number;
  recordsBefore: number;
  records: number;
  matchedBefore: number;
  matched: number;
  /** JSON text of the entries. */
  entries: string;
}

/** What matched lines of a report matched, by number (`match` in their entries). */
export interface ReportLineMatch {
  match: number;
  trackId: string | null;
  releaseId: string;
  userId: string;
  royaltyId: string;
}

/** A rate as the database prints numeric(12,6): "83.12" → "83.120000". */
export function sixPlaces(rate: string): string {
  const point = rate.indexOf('.');
  const decimals = point < 0 ? 0 : rate.length - point - 1;
  if (decimals >= 6) return rate;
  return `${point < 0 ? `${rate}.` : rate}${'0'.repeat(6 - decimals)}`;
}

/** A value as JSON text (text of letters, digits, spaces, dots and dashes as it is: most of a line's values). */
const PLAIN = /^[\w .-]*$/;
const json = (value: string | null) =>
  value === null ? 'null' : PLAIN.test(value) ? `"${value}"` : JSON.stringify(value);

/**
 * Gathers an import's lines into blocks as they are read, in file order: `add…` each line, `take` the
 * full blocks (and at the end `take(true)` the last, partial one).
 */
export class LineBlockWriter {
  /** Each line's entry as JSON text (written as text: no array per line, no stringify of a block). */
  private entries: string[] = [];
  /** What matched lines matched, by royalty row, then by track (or release): its number. */
  private matchIndex = new Map<string, Map<string, number>>();
  private matchCount = 0;
  private newMatches: ReportLineMatch[] = [];
  private firstLine = 0;
  private lastLine = 0;
  private matchedHere = 0;
  private recordsBefore = 0;
  private matchedBefore = 0;
  private block = 0;
  private full: ReportLineBlock[] = [];

  addMatched(e: MatchedLineEntry): void {
    // A royalty row is one artist's, for one release: with the track (or the release), it names the match.
    let byTarget = this.matchIndex.get(e.royaltyId);
    if (!byTarget) this.matchIndex.set(e.royaltyId, (byTarget = new Map()));
    const target = e.trackId ?? e.releaseId;
    let match = byTarget.get(target);
    if (match === undefined) {
      match = this.matchCount++;
      byTarget.set(target, match);
      const { trackId, releaseId, userId, royaltyId } = e;
      this.newMatches.push({ match, trackId, releaseId, userId, royaltyId });
    }
    this.matchedHere += 1;
    this.push(
      e.lineNumber,
      `[${e.lineNumber},${match},${json(e.period)},${json(e.saleDate)},${json(e.store)},${json(e.country)},` +
        `${json(e.isrc)},${json(e.upc)},${json(e.saleType)},${e.units},${json(e.netRevenue)},` +
        `${json(e.currency)},${json(e.ratePerUsd)},${json(e.revenueUsd)},${e.listeners === null ? 'null' : e.listeners}]`,
    );
  }

  addKept(lineNumber: number, status: 'unmatched' | 'invalid'): void {
    this.push(lineNumber, `[${lineNumber},"${status}"]`);
  }

  /**
   * The blocks filled since the last call (with `all`, the one being filled too), and the matches first
   * named since then.
   */
  take(all = false): { blocks: ReportLineBlock[]; matches: ReportLineMatch[] } {
    if (all && this.entries.length) this.close();
    const out = { blocks: this.full, matches: this.newMatches };
    this.full = [];
    this.newMatches = [];
    return out;
  }

  private push(lineNumber: number, entry: string) {
    if (!this.entries.length) this.firstLine = lineNumber;
    this.lastLine = lineNumber;
    this.entries.push(entry);
    if (this.entries.length === BLOCK_LINES) this.close();
  }

  private close() {
    const records = this.entries.length;
    this.full.push({
      block: this.block,
      firstLine: this.firstLine,
      lastLine: this.lastLine,
      recordsBefore: this.recordsBefore,
      records,
      matchedBefore: this.matchedBefore,
      matched: this.matchedHere,
      entries: `[${this.entries.join(',')}]`,
    });
    this.block += 1;
    this.recordsBefore += records;
    this.matchedBefore += this.matchedHere;
    this.entries = [];
    this.matchedHere = 0;
  }
}

/** A block's entries, parsed. */
export const blockEntries = (entries: string) => JSON.parse(entries) as unknown[][];

/** The matches a block's entries name. */
export function matchesOf(entries: unknown[][]): number[] {
  const out = new Set<number>();
  for (const e of entries) if (e.length > 2) out.add(e[1] as number);
  return [...out];
}

/**
 * A block's lines, read back: matched lines whole (with what they matched, from `matches`), kept lines as
 * their number and status (`reason` and `fields` null: they are in `store_report_lines`).
 */
export function readLineBlock(
  reportId: string,
  entries: unknown[][],
  matches: ReadonlyMap<number, ReportLineMatch>,
): ReportLineRecord[] {
  return entries.map((e): ReportLineRecord => {
    if (e.length === 2) return keptStub(reportId, e[0] as number, e[1] as 'unmatched' | 'invalid');
    const match = matches.get(e[1] as number);
    if (!match)
      throw new Error(`line ${String(e[0])} of report ${reportId} names a match that is not stored`);
    const { trackId, releaseId, userId, royaltyId } = match;
    return {
      reportId,
      lineNumber: e[0] as number,
      status: 'matched',
      reason: null,
      period: e[2] as string,
      saleDate: e[3] as string,
      store: e[4] as string,
      country: e[5] as string,
      isrc: e[6] as string | null,
      upc: e[7] as string | null,
      saleType: e[8] as string,
      units: e[9] as number,
      netRevenue: e[10] as string,
      currency: e[11] as string,
      ratePerUsd: e[12] as string,
      revenueUsd: e[13] as string,
      listeners: e[14] as number | null,
      trackId,
      releaseId,
      userId,
      royaltyId,
      fields: null,
    };
  });
}

function keptStub(reportId: string, lineNumber: number, status: 'unmatched' | 'invalid'): ReportLineRecord {
  return {
    reportId,
    lineNumber,
    status,
    reason: null,
    period: null,
    saleDate: null,
    store: null,
    country: null,
    isrc: null,
    upc: null,
    saleType: null,
    units: null,
    netRevenue: null,
    currency: null,
    ratePerUsd: null,
    listeners: null,
    fields: null,
    ...noMatch,
  };
}
