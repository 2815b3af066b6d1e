import type { StoreReportLineStatus } from '@riffline/contracts';
import { CLOSE, COMMA, JsonBytes, matchedEntryTail, OPEN, type MatchedTail } from './lineEntries.ts';

export { JsonBytes, sixPlaces } from './lineEntries.ts';

/**
 * A store report's lines in blocks (`store_report_line_blocks`, migrations 20261128000100 and
 * 20261130000100): one row per BLOCK_LINES lines of the file in file order, instead of a row per line. A
 * million-line report is a thousand rows, not a million: PostgreSQL's own work for a row (its tuple, its
 * key, its WAL) was most of what an import cost.
 *
 * A block's `entries` is JSON text, one entry per line in file order:
 * - a matched line, whole: `[lineNumber, match, period, saleDate, store, country, isrc, upc, saleType,
 *   units, netRevenue, currency, ratePerUsd, revenueUsd, listeners]`, where `match` (a number) numbers what
 *   it matched (its track, release, artist and royalty row) in `store_report_line_matches`: a report has a
 *   few of those per track and sale month, a block's lines name hundreds of them;
 * - a kept line (unmatched or invalid), whole too: `[lineNumber, status, reason, period, saleDate, store,
 *   country, isrc, upc, saleType, units, netRevenue, currency, ratePerUsd, listeners, fields]`, its status
 *   (a text) where a matched line has its match, and `fields` its cells by column as read (an object), or
 *   null.
 * The block counts its lines, its matched, unmatched and invalid ones, and the same of the report's
 * earlier blocks (`records_before`, `matched_before`, …): a page of lines, of all or of one status, is found
 * by position without reading the blocks before it.
 */
export const BLOCK_LINES = 1_000;

/**
 * A kept line (unmatched or invalid) as the import stores it, with its reason and its cells as read
 * (`fields`); what could not be read of an invalid line is null.
 */
export interface KeptLineEntry {
  lineNumber: number;
  status: Exclude<StoreReportLineStatus, 'matched'>;
  reason: string | null;
  period: string | null;
  saleDate: string | null;
  store: string | null;
  country: string | null;
  isrc: string | null;
  upc: string | null;
  saleType: string | null;
  units: number | null;
  /** Decimal text, eight places. */
  netRevenue: string | null;
  currency: string | null;
  /** The SPEC §9 rate per USD the revenue was converted at (frozen on the line), six places. */
  ratePerUsd: string | null;
  listeners: number | null;
  fields: Record<string, string> | null;
}

/**
 * A line of a report as the admin reads it out of its block: a kept line as stored, or a matched line with
 * what it matched (its revenue in USD, decimal text with eight places, and its track, release, artist and
 * royalty row).
 */
export interface StoreReportLineRecord extends Omit<KeptLineEntry, 'status'> {
  reportId: string;
  status: StoreReportLineStatus;
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
} as const satisfies Partial<StoreReportLineRecord>;

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
export interface StoreReportLineBlock {
  block: number;
  firstLine: number;
  lastLine: number;
  recordsBefore: number;
  records: number;
  matchedBefore: number;
  matched: number;
  unmatchedBefore: number;
  unmatched: number;
  invalidBefore: number;
  invalid: number;
  /** The entries as JSON, UTF-8. */
  entries: Buffer<ArrayBuffer>;
}

/** What matched lines of a report matched, by number (`match` in their entries). */
export interface StoreReportLineMatch {
  match: number;
  trackId: string | null;
  releaseId: string;
  userId: string;
  royaltyId: string;
}

/**
 * Gathers an import's lines into blocks as they are read, in file order: `add…` each line, `take` the
 * full blocks (and at the end `take(true)` the last, partial one).
 */
export class LineBlockWriter {
  /** The block being filled: its entries as JSON, written as they come. */
  private readonly entries = new JsonBytes();
  private records = 0;
  /** What matched lines matched, by royalty row, then by track (or release): its number. */
  private matchIndex = new Map<string, Map<string, number>>();
  private matchCount = 0;
  private newMatches: StoreReportLineMatch[] = [];
  private firstLine = 0;
  private lastLine = 0;
  /** This block's lines of each status, and those of the blocks before it. */
  private here = { matched: 0, unmatched: 0, invalid: 0 };
  private before = { matched: 0, unmatched: 0, invalid: 0 };
  private recordsBefore = 0;
  private block = 0;
  private full: StoreReportLineBlock[] = [];

  addMatched(e: MatchedLineEntry): void {
    const match = this.matchOf(e);
    const out = this.entries;
    this.addMatchedEncoded(
      e.lineNumber,
      match,
      [
        out.encode(e.period),
        out.encode(e.saleDate),
        out.encode(e.store),
        out.encode(e.country),
        out.encode(e.isrc),
        out.encode(e.upc),
        out.encode(e.saleType),
      ],
      e.units,
      e.netRevenue,
      out.encode(e.currency),
      out.encode(e.ratePerUsd),
      e.revenueUsd,
      e.listeners,
    );
  }

  /**
   * The number of what a matched line matched (its track or release, and its royalty row: one artist's,
   * for one release), numbered as first named.
   */
  matchOf(e: Pick<MatchedLineEntry, 'trackId' | 'releaseId' | 'userId' | 'royaltyId'>): number {
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
    return match;
  }

  /** A text's JSON bytes, for addMatchedEncoded (each text encoded once). */
  encode(value: string | null): Uint8Array {
    return this.entries.encode(value);
  }

  /** A matched line, its entry after its match as matchedEntryTail writes it (texts already as JSON: encode). */
  addMatchedEncoded(lineNumber: number, match: number, ...tail: MatchedTail): void {
    matchedEntryTail(this.startMatched(lineNumber, match), ...tail);
    this.end();
  }

  /**
   * A matched line whose entry after its match is written already (matchedEntryTail: the reading thread
   * writes it for every line it checks): `tail`'s bytes `from` to `to`.
   */
  addMatchedTail(lineNumber: number, match: number, tail: Uint8Array, from: number, to: number): void {
    this.startMatched(lineNumber, match).bytes(tail.subarray(from, to));
    this.end();
  }

  /** A kept line, whole. */
  addKept(e: KeptLineEntry): void {
    this.addKeptEncoded(e, JSON.stringify(e.fields));
  }

  /**
   * A kept line, its cells (`fields`) already as JSON. Written in one JSON.stringify: its texts are seldom
   * the same as another line's.
   */
  addKeptEncoded(e: Omit<KeptLineEntry, 'fields'>, fields: string): void {
    this.here[e.status] += 1;
    const out = this.start(e.lineNumber);
    const rest = JSON.stringify([
      e.status,
      e.reason,
      e.period,
      e.saleDate,
      e.store,
      e.country,
      e.isrc,
      e.upc,
      e.saleType,
      e.units,
      e.netRevenue,
      e.currency,
      e.ratePerUsd,
      e.listeners,
    ]);
    // `[lineNumber` is written: the rest follows without its brackets, then the cells, closed by `end`.
    out.byte(COMMA);
    out.utf8(rest.slice(1, -1));
    out.byte(COMMA);
    out.utf8(fields);
    this.end();
  }

  /**
   * The blocks filled since the last call (with `all`, the one being filled too), and the matches first
   * named since then.
   */
  take(all = false): { blocks: StoreReportLineBlock[]; matches: StoreReportLineMatch[] } {
    if (all && this.records) this.close();
    const out = { blocks: this.full, matches: this.newMatches };
    this.full = [];
    this.newMatches = [];
    return out;
  }

  /** Opens a matched line's entry, its number and its match written. */
  private startMatched(lineNumber: number, match: number): JsonBytes {
    this.here.matched += 1;
    const out = this.start(lineNumber);
    out.byte(COMMA);
    out.int(match);
    return out;
  }

  /** Opens a line's entry (and the block, for its first line), its number written. */
  private start(lineNumber: number): JsonBytes {
    const out = this.entries;
    if (!this.records) {
      this.firstLine = lineNumber;
      out.byte(OPEN);
    } else out.byte(COMMA);
    this.lastLine = lineNumber;
    out.byte(OPEN);
    out.int(lineNumber);
    return out;
  }

  private end() {
    this.entries.byte(CLOSE);
    this.records += 1;
    if (this.records === BLOCK_LINES) this.close();
  }

  private close() {
    const { records, here, before } = this;
    this.entries.byte(CLOSE);
    this.full.push({
      block: this.block,
      firstLine: this.firstLine,
      lastLine: this.lastLine,
      recordsBefore: this.recordsBefore,
      records,
      matchedBefore: before.matched,
      matched: here.matched,
      unmatchedBefore: before.unmatched,
      unmatched: here.unmatched,
      invalidBefore: before.invalid,
      invalid: here.invalid,
      entries: this.entries.copy(),
    });
    this.entries.reset();
    this.block += 1;
    this.recordsBefore += records;
    for (const status of STATUSES) {
      before[status] += here[status];
      here[status] = 0;
    }
    this.records = 0;
  }
}

const STATUSES = ['matched', 'unmatched', 'invalid'] as const;

/** A block's entries, parsed. */
export const blockEntries = (entries: string) => JSON.parse(entries) as unknown[][];

/** Whether an entry is a kept line's (its status where a matched line has its match number). */
const isKept = (e: unknown[]) => typeof e[1] === 'string';

/** The matches a block's entries name. */
export function matchesOf(entries: unknown[][]): number[] {
  const out = new Set<number>();
  for (const e of entries) if (!isKept(e)) out.add(e[1] as number);
  return [...out];
}

/** A block's lines, read back: matched lines with what they matched (from `matches`), kept lines whole. */
export function readLineBlock(
  reportId: string,
  entries: unknown[][],
  matches: ReadonlyMap<number, StoreReportLineMatch>,
): StoreReportLineRecord[] {
  return entries.map((e): StoreReportLineRecord => {
    if (isKept(e)) return keptRecord(reportId, e);
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

/** A kept line's entry as a line record (it matched nothing). */
function keptRecord(reportId: string, e: unknown[]): StoreReportLineRecord {
  const at = (i: number) => (e[i] ?? null) as never;
  return {
    reportId,
    lineNumber: e[0] as number,
    status: e[1] as 'unmatched' | 'invalid',
    reason: at(2),
    period: at(3),
    saleDate: at(4),
    store: at(5),
    country: at(6),
    isrc: at(7),
    upc: at(8),
    saleType: at(9),
    units: at(10),
    netRevenue: at(11),
    currency: at(12),
    ratePerUsd: at(13),
    listeners: at(14),
    fields: at(15),
    ...noMatch,
  };
}
