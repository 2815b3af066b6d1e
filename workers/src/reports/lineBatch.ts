import type { Currency, ReportLine, SaleType } from '@riffline/contracts';

/**
 * A batch of a store report's lines as read and checked (reader.ts), in a form that crosses from the
 * thread that reads them to the one that matches and writes them (readerThread.ts) at the cost of a copy:
 * typed arrays, whose memory moves without one, and a few texts. A line's texts (its month, day, store,
 * country, codes, type, currency and titles) are numbers naming the batch's texts, each sent once per
 * batch; its units, listeners and net revenue are numbers; its cells (kept with a line that is not
 * matched) are one text for the batch with where each cell ends.
 */
export interface LineBatchData {
  count: number;
  lineNumbers: Int32Array;
  /** VALID, INVALID or UNREADABLE (not readable as CSV: no cells). */
  kinds: Uint8Array;
  /** A valid line's texts, TEXT_COLUMNS.length per line: the number of the text in `texts`, -1 for null. */
  textNumbers: Int32Array;
  /** The batch's texts, each once, by column. */
  texts: string[][];
  units: Float64Array;
  /** NaN where the line gives none. */
  listeners: Float64Array;
  /** Net revenue × 10^8 where it fits in 64 bits; the rest are in `largeNet` (index → amount). */
  net: BigInt64Array;
  largeNet: Array<[number, bigint]>;
  /** Why each invalid or unreadable line is, in order. */
  reasons: string[];
  /** Every readable line's cells, one after another; `cellEnds` where each ends; `lineCells` each line's last cell's end in `cellEnds`. */
  cells: string;
  cellEnds: Int32Array;
  lineCells: Int32Array;
  /** The file's bytes read by the batch's last line. */
  bytesRead: number;
  /** In the first batch: the names a kept line's cells are stored under (the header's, made safe). */
  keptNames: string[] | null;
}

export const VALID = 0;
export const INVALID = 1;
export const UNREADABLE = 2;

const TEXT_COLUMNS = [
  'period',
  'date',
  'store',
  'country',
  'isrc',
  'upc',
  'saleType',
  'currency',
  'track',
  'release',
  'artist',
] as const satisfies ReadonlyArray<keyof ReportLine>;
const TEXTS = TEXT_COLUMNS.length;
export type TextColumn = (typeof TEXT_COLUMNS)[number];
/** Each text column's place among a line's text numbers. */
export const COLUMN = Object.fromEntries(TEXT_COLUMNS.map((column, i) => [column, i])) as Record<
  TextColumn,
  number
>;
const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);

/**
 * What is known of the catalogue so far, as the matching learns it: the release of each ISRC's track and
 * each UPC's release (null: none). A valid line that these show to match is sent without its cells (only
 * a line kept as unmatched or invalid is stored with them); any other line, with them.
 */
export class KnownCodes {
  readonly isrcs = new Map<string, string | null>();
  readonly upcs = new Map<string, string | null>();

  learn(isrcs: ReadonlyArray<[string, string | null]>, upcs: ReadonlyArray<[string, string | null]>) {
    for (const [code, releaseId] of isrcs) this.isrcs.set(code, releaseId);
    for (const [code, releaseId] of upcs) this.upcs.set(code, releaseId);
  }

  /** The release of an ISRC's track (`isrc`) or of a UPC's; null for none, undefined while unknown. */
  releaseOf(kind: 'isrc' | 'upc', code: string): string | null | undefined {
    return (kind === 'isrc' ? this.isrcs : this.upcs).get(code);
  }
}

/**
 * Whether a line matches by what is known of its ISRC's track's release and its UPC's release (null:
 * none, undefined: not known yet): the importer's rule, its track, else its release, not two that differ.
 */
export function knownToMatch(track: string | null | undefined, release: string | null | undefined): boolean {
  if (track === undefined || release === undefined) return false;
  if (track && release) return track === release;
  return Boolean(track || release);
}

/** Gathers lines into a batch (the reading thread's side). */
export class LineBatchEncoder {
  private numbers = TEXT_COLUMNS.map(() => new Map<string, number>());
  private texts: string[][] = TEXT_COLUMNS.map(() => []);
  private count = 0;
  private lineNumbers: Int32Array;
  private kinds: Uint8Array;
  private textNumbers: Int32Array;
  private units: Float64Array;
  private listeners: Float64Array;
  private net: BigInt64Array;
  private largeNet: Array<[number, bigint]> = [];
  /** What is known of the batch's ISRCs and UPCs, by number. */
  private isrcReleases: Array<string | null | undefined> = [];
  private upcReleases: Array<string | null | undefined> = [];
  private reasons: string[] = [];
  private cells: string[] = [];
  private cellEnds: Int32Array;
  private cellCount = 0;
  private cellLength = 0;
  private lineCells: Int32Array;
  bytesRead = 0;
  keptNames: string[] | null = null;

  constructor(
    private readonly capacity: number,
    private readonly known = new KnownCodes(),
  ) {
    this.lineNumbers = new Int32Array(capacity);
    this.kinds = new Uint8Array(capacity);
    this.textNumbers = new Int32Array(capacity * TEXTS);
    this.units = new Float64Array(capacity);
    this.listeners = new Float64Array(capacity);
    this.net = new BigInt64Array(capacity);
    this.cellEnds = new Int32Array(capacity * 16);
    this.lineCells = new Int32Array(capacity);
  }

  get size() {
    return this.count;
  }

  get full() {
    return this.count === this.capacity;
  }

  valid(lineNumber: number, line: ReportLine, cells: string[]): void {
    const i = this.count;
    this.textNumbers[i * TEXTS] = this.textNumber(0, line.period);
    this.textNumbers[i * TEXTS + 1] = this.textNumber(1, line.date);
    this.textNumbers[i * TEXTS + 2] = this.textNumber(2, line.store);
    this.textNumbers[i * TEXTS + 3] = this.textNumber(3, line.country);
    const isrc = (this.textNumbers[i * TEXTS + 4] = this.textNumber(4, line.isrc));
    const upc = (this.textNumbers[i * TEXTS + 5] = this.textNumber(5, line.upc));
    this.textNumbers[i * TEXTS + 6] = this.textNumber(6, line.saleType);
    this.textNumbers[i * TEXTS + 7] = this.textNumber(7, line.currency);
    this.textNumbers[i * TEXTS + 8] = this.textNumber(8, line.track);
    this.textNumbers[i * TEXTS + 9] = this.textNumber(9, line.release);
    this.textNumbers[i * TEXTS + 10] = this.textNumber(10, line.artist);
    this.units[i] = line.units;
    this.listeners[i] = line.listeners ?? NaN;
    const net = line.netRevenue;
    if (net <= INT64_MAX && net >= INT64_MIN) this.net[i] = net;
    else this.largeNet.push([i, net]);
    const track = isrc < 0 ? null : this.knownRelease(this.isrcReleases, isrc, 'isrc', line.isrc!);
    const release = upc < 0 ? null : this.knownRelease(this.upcReleases, upc, 'upc', line.upc!);
    this.add(lineNumber, VALID, knownToMatch(track, release) ? null : cells);
  }

  invalid(lineNumber: number, reason: string, cells: string[] | null): void {
    this.reasons.push(reason);
    this.add(lineNumber, cells ? INVALID : UNREADABLE, cells);
  }

  /** The batch, and the memory its arrays hold (to be moved, not copied); the encoder starts a new one. */
  take(): { batch: LineBatchData; transfer: ArrayBuffer[] } {
    const n = this.count;
    const batch: LineBatchData = {
      count: n,
      lineNumbers: this.lineNumbers.slice(0, n),
      kinds: this.kinds.slice(0, n),
      textNumbers: this.textNumbers.slice(0, n * TEXTS),
      texts: this.texts,
      units: this.units.slice(0, n),
      listeners: this.listeners.slice(0, n),
      net: this.net.slice(0, n),
      largeNet: this.largeNet,
      reasons: this.reasons,
      cells: this.cells.join(''),
      cellEnds: this.cellEnds.slice(0, this.cellCount),
      lineCells: this.lineCells.slice(0, n),
      bytesRead: this.bytesRead,
      keptNames: this.keptNames,
    };
    this.keptNames = null;
    this.numbers = TEXT_COLUMNS.map(() => new Map());
    this.texts = TEXT_COLUMNS.map(() => []);
    this.isrcReleases = [];
    this.upcReleases = [];
    this.count = 0;
    this.largeNet = [];
    this.reasons = [];
    this.cells = [];
    this.cellCount = 0;
    this.cellLength = 0;
    const transfer = [
      batch.lineNumbers,
      batch.kinds,
      batch.textNumbers,
      batch.units,
      batch.listeners,
      batch.net,
      batch.cellEnds,
      batch.lineCells,
    ].map((array) => array.buffer as ArrayBuffer);
    return { batch, transfer };
  }

  /** What is known of a code, by its number in the batch (looked up again while unknown). */
  private knownRelease(
    releases: Array<string | null | undefined>,
    n: number,
    kind: 'isrc' | 'upc',
    code: string,
  ): string | null | undefined {
    let release = releases[n];
    if (release === undefined) {
      release = this.known.releaseOf(kind, code);
      if (release !== undefined) releases[n] = release;
    }
    return release;
  }

  private textNumber(column: number, text: string | null): number {
    if (text === null) return -1;
    const numbers = this.numbers[column]!;
    let n = numbers.get(text);
    if (n === undefined) {
      n = this.texts[column]!.push(text) - 1;
      numbers.set(text, n);
    }
    return n;
  }

  private add(lineNumber: number, kind: number, cells: string[] | null) {
    const i = this.count++;
    this.lineNumbers[i] = lineNumber;
    this.kinds[i] = kind;
    if (cells) {
      if (this.cellCount + cells.length > this.cellEnds.length) {
        const larger = new Int32Array(Math.max(this.cellEnds.length * 2, this.cellCount + cells.length));
        larger.set(this.cellEnds);
        this.cellEnds = larger;
      }
      for (const cell of cells) {
        this.cells.push(cell);
        this.cellLength += cell.length;
        this.cellEnds[this.cellCount++] = this.cellLength;
      }
    }
    this.lineCells[i] = this.cellCount;
  }
}

/**
 * A batch as the matching thread reads it: each line's number, kind, checked line, reason and cells.
 * `line(i)` fills one object again for every line (read it before the next line is asked for).
 */
export class LineBatch {
  private readonly reasonAt: Int32Array;
  private readonly large: Map<number, bigint>;
  private readonly current: ReportLine = {
    period: '',
    date: '',
    store: '',
    country: '',
    isrc: null,
    upc: null,
    saleType: 'stream',
    units: 0,
    netRevenue: 0n,
    currency: 'USD',
    listeners: null,
    track: null,
    release: null,
    artist: null,
  };

  constructor(readonly data: LineBatchData) {
    this.reasonAt = new Int32Array(data.count);
    let reason = 0;
    for (let i = 0; i < data.count; i++) this.reasonAt[i] = data.kinds[i] === VALID ? -1 : reason++;
    this.large = new Map(data.largeNet);
  }

  /** A batch of no lines (what the reading ends with). */
  static empty(): LineBatch {
    return new LineBatch(new LineBatchEncoder(1).take().batch);
  }

  get count() {
    return this.data.count;
  }

  /** The batch's texts of a column, each once, by number. */
  texts(column: TextColumn): readonly string[] {
    return this.data.texts[COLUMN[column]]!;
  }

  /** The number of a valid line's text of a column (`COLUMN[column]`) among the batch's; -1 for null. */
  textNumber(i: number, column: number): number {
    return this.data.textNumbers[i * TEXTS + column]!;
  }

  units(i: number): number {
    return this.data.units[i]!;
  }

  listeners(i: number): number | null {
    const listeners = this.data.listeners[i]!;
    return Number.isNaN(listeners) ? null : listeners;
  }

  /** Net revenue × 10^8. */
  net(i: number): bigint {
    return this.large.size ? (this.large.get(i) ?? this.data.net[i]!) : this.data.net[i]!;
  }

  lineNumber(i: number): number {
    return this.data.lineNumbers[i]!;
  }

  isValid(i: number): boolean {
    return this.data.kinds[i] === VALID;
  }

  reason(i: number): string {
    return this.data.reasons[this.reasonAt[i]!]!;
  }

  /** A valid line, checked: the same object for every line, filled again. */
  line(i: number): ReportLine {
    const { data, current } = this;
    const at = i * TEXTS;
    const numbers = data.textNumbers;
    current.period = this.text(0, numbers[at]!)!;
    current.date = this.text(1, numbers[at + 1]!)!;
    current.store = this.text(2, numbers[at + 2]!)!;
    current.country = this.text(3, numbers[at + 3]!)!;
    current.isrc = this.text(4, numbers[at + 4]!);
    current.upc = this.text(5, numbers[at + 5]!);
    current.saleType = this.text(6, numbers[at + 6]!) as SaleType;
    current.currency = this.text(7, numbers[at + 7]!) as Currency;
    current.track = this.text(8, numbers[at + 8]!);
    current.release = this.text(9, numbers[at + 9]!);
    current.artist = this.text(10, numbers[at + 10]!);
    current.units = data.units[i]!;
    current.listeners = this.listeners(i);
    current.netRevenue = this.net(i);
    return current;
  }

  /**
   * The line's cells as read (null for a line not readable as CSV). Only a line that may be kept has them
   * (KnownCodes): asking for another's is a mistake of the importer's.
   */
  cells(i: number): string[] | null {
    const { data } = this;
    if (data.kinds[i] === UNREADABLE) return null;
    const from = i === 0 ? 0 : data.lineCells[i - 1]!;
    const to = data.lineCells[i]!;
    if (from === to)
      throw new Error(`line ${data.lineNumbers[i]} was read as matching: its cells were not kept`);
    const out: string[] = [];
    for (let c = from; c < to; c++)
      out.push(data.cells.slice(c === 0 ? 0 : data.cellEnds[c - 1]!, data.cellEnds[c]!));
    return out;
  }

  private text(column: number, n: number): string | null {
    return n < 0 ? null : this.data.texts[column]![n]!;
  }
}
