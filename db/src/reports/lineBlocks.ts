import type { ReportLineStatus } from '@riffline/contracts';

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

/** A line's amounts are kept to eight decimals (contracts' REVENUE_DECIMALS). */
const AMOUNT_DECIMALS = 8;

/**
 * A kept line (unmatched or invalid) as the import stores it, with its reason and its cells as read
 * (`fields`); what could not be read of an invalid line is null.
 */
export interface KeptLineEntry {
  lineNumber: number;
  status: Exclude<ReportLineStatus, 'matched'>;
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
export interface ReportLineRecord extends Omit<KeptLineEntry, 'status'> {
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
  unmatchedBefore: number;
  unmatched: number;
  invalidBefore: number;
  invalid: number;
  /** The entries as JSON, UTF-8. */
  entries: Buffer<ArrayBuffer>;
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

/** Text that is its own JSON (letters, digits, spaces, dots and dashes: most of a line's values). */
const PLAIN = /^[\w .-]*$/;
const json = (value: string) => (PLAIN.test(value) ? `"${value}"` : JSON.stringify(value));

const COMMA = 44;
const OPEN = 91;
const CLOSE = 93;
const QUOTE = 34;
const MINUS = 45;
const POINT = 46;
const ZERO = 48;
const NULL = Buffer.from('null');

/**
 * A block's JSON as UTF-8 bytes, written in place: no string per entry to be joined (and flattened) when
 * the block closes. The texts that repeat on line after line (months, days, stores, countries, codes,
 * rates) are encoded once each; numbers are written digit by digit.
 */
class JsonBytes {
  private buf = Buffer.allocUnsafe(256 * 1024);
  private at = 0;
  /** Texts as JSON bytes, each encoded once (bounded: emptied when a report has very many). */
  private readonly encoded = new Map<string, Uint8Array>();

  get length() {
    return this.at;
  }

  /** The bytes written since the last `reset`, copied out. */
  copy(): Buffer<ArrayBuffer> {
    return Buffer.from(this.buf.subarray(0, this.at));
  }

  reset() {
    this.at = 0;
  }

  private room(bytes: number) {
    if (this.at + bytes <= this.buf.length) return;
    const larger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.at + bytes));
    this.buf.copy(larger, 0, 0, this.at);
    this.buf = larger;
  }

  byte(code: number) {
    this.room(1);
    this.buf[this.at++] = code;
  }

  /** A whole number or null. */
  number(value: number | null) {
    if (value === null) this.bytes(NULL);
    else this.int(value);
  }

  /** A whole number of 0 or more, as digits (anything else through its text). */
  int(value: number) {
    if (!(Number.isSafeInteger(value) && value >= 0)) {
      this.bytes(Buffer.from(String(value)));
      return;
    }
    let digits = 1;
    for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits += 1;
    this.room(digits);
    let rest = value;
    for (let i = this.at + digits - 1; i >= this.at; i--) {
      this.buf[i] = 48 + (rest % 10);
      rest = Math.floor(rest / 10);
    }
    this.at += digits;
  }

  bytes(bytes: Uint8Array) {
    const count = bytes.length;
    this.room(count);
    const { buf, at } = this;
    if (count > 16) buf.set(bytes, at);
    else for (let i = 0; i < count; i++) buf[at + i] = bytes[i]!;
    this.at = at + count;
  }

  /** A text as a JSON string (null as null). */
  text(value: string | null) {
    this.bytes(this.encode(value));
  }

  /** Text written as it is, in UTF-8 (JSON already: seldom the same twice, so not kept). */
  utf8(value: string) {
    this.room(value.length * 3);
    this.at += this.buf.write(value, this.at, 'utf8');
  }

  /** A text's JSON bytes (null's for null), each text encoded once. */
  encode(value: string | null): Uint8Array {
    if (value === null) return NULL;
    let bytes = this.encoded.get(value);
    if (!bytes) {
      if (this.encoded.size >= 50_000) this.encoded.clear();
      bytes = Buffer.from(json(value));
      this.encoded.set(value, bytes);
    }
    return bytes;
  }

  /** An amount scaled by 10^decimals, as fromScaled writes it (every decimal), as a JSON string. */
  scaled(value: bigint | number, decimals: number) {
    const negative = value < 0;
    // A number is a safe integer (below 2^53: no exponent in its text).
    const digits =
      typeof value === 'number' ? String(Math.abs(value)) : (negative ? -value : value).toString();
    const whole = Math.max(digits.length - decimals, 0);
    this.room(digits.length + decimals + 5);
    const { buf } = this;
    let at = this.at;
    buf[at++] = QUOTE;
    if (negative) buf[at++] = MINUS;
    if (!whole) buf[at++] = ZERO;
    for (let i = 0; i < whole; i++) buf[at++] = digits.charCodeAt(i);
    if (decimals) {
      buf[at++] = POINT;
      for (let i = digits.length - whole; i < decimals; i++) buf[at++] = ZERO;
      for (let i = whole; i < digits.length; i++) buf[at++] = digits.charCodeAt(i);
    }
    buf[at++] = QUOTE;
    this.at = at;
  }

  /** A decimal text of digits, a point and a sign (an amount: one of its own on almost every line). */
  amount(value: string) {
    this.room(value.length + 2);
    const { buf } = this;
    const from = this.at;
    buf[from] = QUOTE;
    for (let i = 0; i < value.length; i++) {
      const code = value.charCodeAt(i);
      // Anything but digits, a point and a minus (not an amount after all) is written as any text is.
      if ((code < 48 || code > 57) && code !== 46 && code !== 45) return this.text(value);
      buf[from + 1 + i] = code;
    }
    buf[from + 1 + value.length] = QUOTE;
    this.at = from + value.length + 2;
  }
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
  private newMatches: ReportLineMatch[] = [];
  private firstLine = 0;
  private lastLine = 0;
  /** This block's lines of each status, and those of the blocks before it. */
  private here = { matched: 0, unmatched: 0, invalid: 0 };
  private before = { matched: 0, unmatched: 0, invalid: 0 };
  private recordsBefore = 0;
  private block = 0;
  private full: ReportLineBlock[] = [];

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

  /**
   * A matched line, its texts already as JSON (encode): `texts` are its period, sale date, store, country,
   * ISRC, UPC and sale type; its amounts scaled by 10^8 (bigints, or a safe integer for the net revenue;
   * written as fromScaled writes them) or their decimal text.
   */
  addMatchedEncoded(
    lineNumber: number,
    match: number,
    texts: readonly Uint8Array[],
    units: number,
    netRevenue: bigint | number | string,
    currency: Uint8Array,
    ratePerUsd: Uint8Array,
    revenueUsd: bigint | string,
    listeners: number | null,
  ): void {
    this.here.matched += 1;
    const out = this.start(lineNumber);
    out.byte(COMMA);
    out.int(match);
    for (const text of texts) {
      out.byte(COMMA);
      out.bytes(text);
    }
    out.byte(COMMA);
    out.int(units);
    out.byte(COMMA);
    if (typeof netRevenue === 'string') out.amount(netRevenue);
    else out.scaled(netRevenue, AMOUNT_DECIMALS);
    out.byte(COMMA);
    out.bytes(currency);
    out.byte(COMMA);
    out.bytes(ratePerUsd);
    out.byte(COMMA);
    if (typeof revenueUsd === 'bigint') out.scaled(revenueUsd, AMOUNT_DECIMALS);
    else out.amount(revenueUsd);
    out.byte(COMMA);
    out.number(listeners);
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
  take(all = false): { blocks: ReportLineBlock[]; matches: ReportLineMatch[] } {
    if (all && this.records) this.close();
    const out = { blocks: this.full, matches: this.newMatches };
    this.full = [];
    this.newMatches = [];
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
  matches: ReadonlyMap<number, ReportLineMatch>,
): ReportLineRecord[] {
  return entries.map((e): ReportLineRecord => {
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
function keptRecord(reportId: string, e: unknown[]): ReportLineRecord {
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
