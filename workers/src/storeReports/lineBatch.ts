import {
  cellReadings,
  convertScaled,
  convertScaledNumber,
  lineProblems,
  ratesPerUsd,
  type CellReading,
  type Currency,
  type LineReadings,
  type StoreReportColumn,
  type StoreReportLine,
  type SaleType,
} from '@riffline/contracts';
import { JsonBytes, matchedEntryTail, sixPlaces } from '@riffline/db/lineEntries';
import type { PlainLines } from './csv.ts';
import { grown } from './projections.ts';

/**
 * A batch of a store report's lines as read and checked (reader.ts), in a form that crosses from the
 * thread that reads them to the one that matches and writes them (readerThread.ts) at the cost of a copy:
 * typed arrays, whose memory moves without one, and a few texts. A line's texts (its month, day, store,
 * country, codes, type, currency and titles) are the numbers of its cells' texts in the batch, what each
 * says sent once per batch; its units, listeners and net revenue are numbers; its cells (kept with a line that is not
 * matched) are one text for the batch with where each cell ends.
 */
export interface LineBatchData {
  count: number;
  lineNumbers: Int32Array;
  /** VALID, INVALID or UNREADABLE (not readable as CSV: no cells). */
  kinds: Uint8Array;
  /** A valid line's texts, TEXT_COLUMNS.length per line: the number of the text in `texts`, -1 for null. */
  textNumbers: Int32Array;
  /** By column, what each cell text of the batch says, by its number (two cells may say the same). */
  texts: string[][];
  units: Float64Array;
  /** NaN where the line gives none. */
  listeners: Float64Array;
  /** Net revenue × 10^8 where it is a safe integer (most); the rest are in `largeNet` (index → amount). */
  net: Float64Array;
  largeNet: Array<[number, bigint]>;
  /** Revenue in USD × 10^8 of each valid line where it is a safe integer (most); the rest in `largeUsd`. */
  usd: Float64Array;
  largeUsd: Array<[number, bigint]>;
  /**
   * Each valid line's entry in its block after its match (matchedEntryTail), written here for the matching
   * to copy if it matches: line i's are the bytes from `tailEnds[i - 1]` (0 for the first) to `tailEnds[i]`.
   */
  tails: Uint8Array;
  tailEnds: Int32Array;
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
] as const satisfies ReadonlyArray<keyof StoreReportLine>;
const TEXTS = TEXT_COLUMNS.length;
export type TextColumn = (typeof TEXT_COLUMNS)[number];
/** Each text column's place among a line's text numbers. */
export const COLUMN = Object.fromEntries(TEXT_COLUMNS.map((column, i) => [column, i])) as Record<
  TextColumn,
  number
>;

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

/** The texts a matched line's entry in its block holds, in its order (@riffline/db's lineBlocks.ts). */
const ENTRY_TEXTS = [
  COLUMN.period,
  COLUMN.date,
  COLUMN.store,
  COLUMN.country,
  COLUMN.isrc,
  COLUMN.upc,
  COLUMN.saleType,
] as const;

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** The columns a line's cells are read by (contracts' cellReadings), each cell once per text and batch. */
const READ_COLUMNS = [
  'period',
  'store',
  'country',
  'isrc',
  'upc',
  'sale_type',
  'units',
  'currency',
  'listeners',
  'track',
  'release',
  'artist',
] as const satisfies ReadonlyArray<keyof typeof cellReadings>;
const READ = {
  period: 0,
  store: 1,
  country: 2,
  isrc: 3,
  upc: 4,
  saleType: 5,
  units: 6,
  currency: 7,
  listeners: 8,
  track: 9,
  release: 10,
  artist: 11,
} as const;

type AnyReading = CellReading<unknown>;

/**
 * Numbers by the bytes of a text (a cell of a run split by its bytes, csv.ts), without a text made to look
 * one up: open addressing on the bytes' hash, each text's bytes kept in one array of its own.
 */
export class ByteTexts {
  /** Each slot: an entry's index + 1, 0 for none. */
  private slots = new Int32Array(256);
  private hashes = new Int32Array(128);
  private starts = new Int32Array(128);
  private ends = new Int32Array(128);
  private numbers = new Int32Array(128);
  private bytes = new Uint8Array(4096);
  private used = 0;
  private size = 0;

  /** The number of the text of `chunk`'s bytes `from` to `to` (hashed to `hash`); -1 if not set. */
  get(chunk: Uint8Array, from: number, to: number, hash: number): number {
    const { slots, hashes, starts, ends, bytes } = this;
    const mask = slots.length - 1;
    const length = to - from;
    for (let slot = (hash ^ (hash >>> 16)) & mask; ; slot = (slot + 1) & mask) {
      const entry = slots[slot]! - 1;
      if (entry < 0) return -1;
      if (hashes[entry] !== hash || ends[entry]! - starts[entry]! !== length) continue;
      const start = starts[entry]!;
      let i = 0;
      while (i < length && bytes[start + i] === chunk[from + i]) i++;
      if (i === length) return this.numbers[entry]!;
    }
  }

  /** Numbers the text of `chunk`'s bytes `from` to `to` (not set yet). */
  set(chunk: Uint8Array, from: number, to: number, hash: number, n: number): void {
    if (2 * (this.size + 1) > this.slots.length) this.rehash(this.slots.length * 2);
    if (this.size === this.hashes.length) {
      this.hashes = grown(this.hashes);
      this.starts = grown(this.starts);
      this.ends = grown(this.ends);
      this.numbers = grown(this.numbers);
    }
    const length = to - from;
    if (this.used + length > this.bytes.length) {
      const bytes = new Uint8Array(Math.max(this.bytes.length * 2, this.used + length));
      bytes.set(this.bytes.subarray(0, this.used));
      this.bytes = bytes;
    }
    this.bytes.set(chunk.subarray(from, to), this.used);
    const entry = this.size++;
    this.hashes[entry] = hash;
    this.starts[entry] = this.used;
    this.ends[entry] = this.used += length;
    this.numbers[entry] = n;
    this.place(entry);
  }

  /** Every text forgotten (a new batch numbers its own). */
  clear(): void {
    if (!this.size) return;
    this.slots.fill(0);
    this.size = 0;
    this.used = 0;
  }

  private place(entry: number): void {
    const { slots } = this;
    const mask = slots.length - 1;
    const hash = this.hashes[entry]!;
    let slot = (hash ^ (hash >>> 16)) & mask;
    while (slots[slot]) slot = (slot + 1) & mask;
    slots[slot] = entry + 1;
  }

  private rehash(size: number): void {
    this.slots = new Int32Array(size);
    for (let entry = 0; entry < this.size; entry++) this.place(entry);
  }
}

/** The text column each read column's value goes into (-1: a number, not a text; the period gives two). */
const TEXT_OF_READ = READ_COLUMNS.map((column) => {
  const text = column === 'sale_type' ? 'saleType' : column;
  return text in COLUMN ? COLUMN[text as TextColumn] : -1;
});

/**
 * Gathers lines into a batch (the reading thread's side). Each cell's text is numbered within the batch
 * (one lookup), and what it says is read once per text and batch (contracts' cellReadings, remembered
 * across batches too); a line is then checked from its cells' readings (lineProblems) without a text per
 * value, and its texts are the numbers the batch sends.
 */
export class LineBatchEncoder {
  /** By read column: each cell text's number in the batch, and what it says. */
  private rawNumbers = READ_COLUMNS.map(() => new Map<string, number>());
  private readings: AnyReading[][] = READ_COLUMNS.map(() => []);
  /** Where each read column (then the net revenue) is among a line's cells; -1 where the file has none. */
  private positions = new Int32Array(READ_COLUMNS.length + 1).fill(-1);
  private readonly line: LineReadings;
  /** The numbers of the line's cells being read, by read column (-1: units read at once). */
  private readonly got = new Int32Array(READ_COLUMNS.length);
  /** By read column: the batch's numbers of the cell texts met in runs split by their bytes, by those bytes. */
  private readonly byteTexts = READ_COLUMNS.map(() => new ByteTexts());
  /** The run and line readPlain reads (for its cells, if it may be kept). */
  private plain: PlainLines | null = null;
  private plainLine = 0;
  /** By read column, the batch's number of the empty cell of a column the file does not have (-1: none yet). */
  private emptyNumbers = new Int32Array(READ_COLUMNS.length).fill(-1);
  /** The reading of a units cell of digits only (unitsCell), filled again for each such line. */
  private readonly quickUnits: { value: number | null; problems: readonly string[] } = {
    value: 0,
    problems: [],
  };
  private readonly net: { value: bigint | number } = { value: 0n };
  private texts: string[][] = TEXT_COLUMNS.map(() => []);
  private count = 0;
  private lineNumbers: Int32Array;
  private kinds: Uint8Array;
  private textNumbers: Int32Array;
  private units: Float64Array;
  private listeners: Float64Array;
  private netRevenue: Float64Array;
  private largeNet: Array<[number, bigint]> = [];
  private usd: Float64Array;
  private largeUsd: Array<[number, bigint]> = [];
  private readonly tails = new JsonBytes();
  private tailEnds: Int32Array;
  /** By text column: the JSON of each of the batch's texts (by number) an entry holds, at first need. */
  private textJson: Array<Array<Uint8Array | undefined>> = TEXT_COLUMNS.map(() => []);
  /** The rate each currency's lines are converted at, as an entry holds it (numeric(12,6)'s text, JSON). */
  private readonly rateJson = new Map<string, Uint8Array>();
  /** A line's entry texts (period, sale date, store, country, ISRC, UPC, sale type), filled again per line. */
  private readonly entryTexts: Uint8Array[] = ENTRY_TEXTS.map(() => new Uint8Array());
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
    this.netRevenue = new Float64Array(capacity);
    this.usd = new Float64Array(capacity);
    this.tailEnds = new Int32Array(capacity);
    this.cellEnds = new Int32Array(capacity * 16);
    this.lineCells = new Int32Array(capacity);
    this.line = {
      period: cellReadings.period.of(''),
      store: cellReadings.store.of(''),
      country: cellReadings.country.of(''),
      isrc: cellReadings.isrc.of(''),
      upc: cellReadings.upc.of(''),
      saleType: cellReadings.sale_type.of(''),
      units: cellReadings.units.of(''),
      netRevenue: '',
      currency: cellReadings.currency.of(''),
      listeners: cellReadings.listeners.of(''),
      track: cellReadings.track.of(''),
      release: cellReadings.release.of(''),
      artist: cellReadings.artist.of(''),
    };
  }

  /** Where the file has each column a line is read by (contracts' canonical names; -1: not there). */
  columnsAt(at: Record<StoreReportColumn, number>): void {
    READ_COLUMNS.forEach((column, c) => (this.positions[c] = at[column]));
    this.positions[READ_COLUMNS.length] = at.net_revenue;
  }

  /** A line read as CSV: checked from its cells, valid with what it says or invalid with why. */
  read(lineNumber: number, cells: string[]): void {
    const { positions, got } = this;
    for (let c = 0; c < READ_COLUMNS.length; c++)
      got[c] = c === READ.units ? this.unitsCell(cells, positions) : this.cell(c, cells, positions);
    const netAt = positions[READ_COLUMNS.length]!;
    this.check(lineNumber, netAt < 0 ? '' : (cells[netAt] ?? ''), cells);
  }

  /**
   * Line k of a run split by its bytes (csv.ts): read as `read` reads its cells, each cell numbered by its
   * bytes (a text made only for one not met yet in the batch), and its cells made text only if it may be kept.
   */
  readPlain(lineNumber: number, plain: PlainLines, k: number): void {
    const { positions, got, byteTexts } = this;
    const { chunk, bounds } = plain;
    const first = plain.firsts[k]!;
    const count = plain.firsts[k + 1]! - first;
    for (let c = 0; c < READ_COLUMNS.length; c++) {
      const position = positions[c]!;
      if (position < 0 || position >= count) {
        got[c] = this.textNumber(c, '', position < 0);
        continue;
      }
      const from = bounds[2 * (first + position)]!;
      const to = bounds[2 * (first + position) + 1]!;
      if (c === READ.units && this.quickUnitBytes(chunk, from, to)) {
        got[c] = -1;
        continue;
      }
      // FNV-1a over the cell's bytes.
      let hash = 0x811c9dc5 | 0;
      for (let i = from; i < to; i++) hash = Math.imul(hash ^ chunk[i]!, 0x01000193);
      const texts = byteTexts[c]!;
      let n = texts.get(chunk, from, to, hash);
      if (n < 0) {
        n = this.textNumber(c, chunk.toString('utf8', from, to), false);
        texts.set(chunk, from, to, hash, n);
      }
      got[c] = n;
    }
    const netAt = positions[READ_COLUMNS.length]!;
    const net =
      netAt < 0 || netAt >= count
        ? ''
        : chunk.toString('utf8', bounds[2 * (first + netAt)]!, bounds[2 * (first + netAt) + 1]!);
    this.plain = plain;
    this.plainLine = k;
    this.check(lineNumber, net, null);
  }

  /** A units cell of up to 12 digits read at once into `quickUnits` (true), by its bytes. */
  private quickUnitBytes(chunk: Buffer, from: number, to: number): boolean {
    if (from === to || to - from > 12) return false;
    let value = 0;
    for (let i = from; i < to; i++) {
      const digit = chunk[i]! - 48;
      if (digit < 0 || digit > 9) return false;
      value = value * 10 + digit;
    }
    this.quickUnits.value = value;
    return true;
  }

  /**
   * A line whose cells are numbered (`got`; -1 for units read at once): checked, and taken as valid or
   * invalid. `cells` null: the line is the run's (readPlain), made text only where it may be kept.
   */
  private check(lineNumber: number, netRevenue: string, cells: string[] | null): void {
    const { line, got } = this;
    const period = got[READ.period]!;
    const store = got[READ.store]!;
    const country = got[READ.country]!;
    const isrc = got[READ.isrc]!;
    const upc = got[READ.upc]!;
    const saleType = got[READ.saleType]!;
    const units = got[READ.units]!;
    const currency = got[READ.currency]!;
    const listeners = got[READ.listeners]!;
    const track = got[READ.track]!;
    const release = got[READ.release]!;
    const artist = got[READ.artist]!;
    const readings = this.readings;
    line.period = readings[READ.period]![period] as LineReadings['period'];
    line.store = readings[READ.store]![store] as LineReadings['store'];
    line.country = readings[READ.country]![country] as LineReadings['country'];
    line.isrc = readings[READ.isrc]![isrc] as LineReadings['isrc'];
    line.upc = readings[READ.upc]![upc] as LineReadings['upc'];
    line.saleType = readings[READ.saleType]![saleType] as LineReadings['saleType'];
    line.units = units < 0 ? this.quickUnits : (readings[READ.units]![units] as LineReadings['units']);
    line.currency = readings[READ.currency]![currency] as LineReadings['currency'];
    line.listeners = readings[READ.listeners]![listeners] as LineReadings['listeners'];
    line.track = readings[READ.track]![track] as LineReadings['track'];
    line.release = readings[READ.release]![release] as LineReadings['release'];
    line.artist = readings[READ.artist]![artist] as LineReadings['artist'];
    line.netRevenue = netRevenue;
    const reason = lineProblems(line, this.net);
    if (reason !== null) return this.invalid(lineNumber, reason, cells ?? this.plainCells());

    const i = this.count;
    const at = i * TEXTS;
    const numbers = this.textNumbers;
    numbers[at] = period;
    numbers[at + 1] = period;
    numbers[at + 2] = store;
    numbers[at + 3] = country;
    const isrcCode = line.isrc.value.text;
    const upcCode = line.upc.value.text;
    numbers[at + 4] = isrcCode ? isrc : -1;
    numbers[at + 5] = upcCode ? upc : -1;
    numbers[at + 6] = saleType;
    numbers[at + 7] = currency;
    numbers[at + 8] = line.track.value === null ? -1 : track;
    numbers[at + 9] = line.release.value === null ? -1 : release;
    numbers[at + 10] = line.artist.value === null ? -1 : artist;
    this.units[i] = line.units.value!;
    this.listeners[i] = line.listeners.value ?? NaN;
    const net = this.net.value;
    if (typeof net === 'number') this.netRevenue[i] = net;
    else this.largeNet.push([i, net]);
    this.writeTail(i, at, net, currency);
    const known = knownToMatch(
      isrcCode ? this.knownRelease(this.isrcReleases, isrc, 'isrc', isrcCode) : null,
      upcCode ? this.knownRelease(this.upcReleases, upc, 'upc', upcCode) : null,
    );
    this.add(lineNumber, VALID, known ? null : (cells ?? this.plainCells()));
  }

  /**
   * A units cell of up to 12 digits (any count a report gives) read at once into `quickUnits` (-1 answered),
   * any other by its number in the batch.
   */
  private unitsCell(cells: string[], positions: Int32Array): number {
    const position = positions[READ.units]!;
    const raw = position < 0 ? '' : (cells[position] ?? '');
    if (raw.length === 0 || raw.length > 12) return this.cell(READ.units, cells, positions);
    let value = 0;
    for (let i = 0; i < raw.length; i++) {
      const digit = raw.charCodeAt(i) - 48;
      if (digit < 0 || digit > 9) return this.cell(READ.units, cells, positions);
      value = value * 10 + digit;
    }
    this.quickUnits.value = value;
    return -1;
  }

  /** The number in the batch of a line's cell of a read column (its reading and texts kept at that number). */
  private cell(c: number, cells: string[], positions: Int32Array): number {
    const position = positions[c]!;
    return this.textNumber(c, position < 0 ? '' : (cells[position] ?? ''), position < 0);
  }

  /**
   * The number in the batch of a cell's text of a read column (`missing`: the file has no such column,
   * an empty cell on every line, numbered once per batch).
   */
  private textNumber(c: number, raw: string, missing: boolean): number {
    if (missing) {
      const empty = this.emptyNumbers[c]!;
      if (empty >= 0) return empty;
    }
    const numbers = this.rawNumbers[c]!;
    let n = numbers.get(raw);
    if (n === undefined) {
      const reading = cellReadings[READ_COLUMNS[c]!].of(raw) as AnyReading;
      n = this.readings[c]!.push(reading) - 1;
      numbers.set(raw, n);
      this.addTexts(c, reading.value);
      if (missing) this.emptyNumbers[c] = n;
    }
    return n;
  }

  /** The cells of the run's line being read, as text. */
  private plainCells(): string[] {
    return this.plain!.cells(this.plainLine);
  }

  /** A cell's value as the texts of its number (an empty text where it has none: its lines are invalid). */
  private addTexts(c: number, value: unknown): void {
    const texts = this.texts;
    if (c === READ.period) {
      const period = value as { period: string; date: string } | null;
      texts[COLUMN.period]!.push(period ? period.period : '');
      texts[COLUMN.date]!.push(period ? period.date : '');
      return;
    }
    const column = TEXT_OF_READ[c]!;
    if (column < 0) return;
    // A code's value is its text and its problem; any other, its text (null where the cell says none).
    const text =
      c === READ.isrc || c === READ.upc ? (value as { text: string }).text : (value as string | null);
    texts[column]!.push(text ?? '');
  }

  get size() {
    return this.count;
  }

  get full() {
    return this.count === this.capacity;
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
      net: this.netRevenue.slice(0, n),
      largeNet: this.largeNet,
      usd: this.usd.slice(0, n),
      largeUsd: this.largeUsd,
      tails: new Uint8Array(this.tails.written()),
      tailEnds: this.tailEnds.slice(0, n),
      reasons: this.reasons,
      cells: this.cells.join(''),
      cellEnds: this.cellEnds.slice(0, this.cellCount),
      lineCells: this.lineCells.slice(0, n),
      bytesRead: this.bytesRead,
      keptNames: this.keptNames,
    };
    this.keptNames = null;
    this.rawNumbers = READ_COLUMNS.map(() => new Map());
    for (const texts of this.byteTexts) texts.clear();
    this.readings = READ_COLUMNS.map(() => []);
    this.emptyNumbers = new Int32Array(READ_COLUMNS.length).fill(-1);
    this.texts = TEXT_COLUMNS.map(() => []);
    this.isrcReleases = [];
    this.upcReleases = [];
    this.count = 0;
    this.largeNet = [];
    this.largeUsd = [];
    this.tails.reset();
    this.textJson = TEXT_COLUMNS.map(() => []);
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
      batch.usd,
      batch.tails,
      batch.tailEnds,
      batch.cellEnds,
      batch.lineCells,
    ].map((array) => array.buffer as ArrayBuffer);
    return { batch, transfer };
  }

  /**
   * A valid line's revenue in USD (as convertScaled converts it, in numbers where that is exact) and its
   * entry after its match (`at`: where its text numbers start).
   */
  private writeTail(i: number, at: number, net: bigint | number, currencyNumber: number): void {
    const currency = this.texts[COLUMN.currency]![currencyNumber]! as Currency;
    let usd: bigint | number | null =
      typeof net === 'number' ? convertScaledNumber(net, currency, 'USD') : null;
    usd ??= convertScaled(BigInt(net), currency, 'USD');
    if (typeof usd === 'number') this.usd[i] = usd;
    else if (usd <= MAX_SAFE && usd >= -MAX_SAFE) this.usd[i] = Number(usd);
    else this.largeUsd.push([i, usd]);
    const { entryTexts, textNumbers, tails } = this;
    for (let c = 0; c < ENTRY_TEXTS.length; c++)
      entryTexts[c] = this.entryJson(ENTRY_TEXTS[c]!, textNumbers[at + ENTRY_TEXTS[c]!]!);
    let rate = this.rateJson.get(currency);
    if (!rate) this.rateJson.set(currency, (rate = tails.encode(sixPlaces(ratesPerUsd[currency]))));
    const listeners = this.listeners[i]!;
    matchedEntryTail(
      tails,
      entryTexts,
      this.units[i]!,
      net,
      this.entryJson(COLUMN.currency, currencyNumber),
      rate,
      usd,
      Number.isNaN(listeners) ? null : listeners,
    );
  }

  /** The JSON of a text of the batch by its column and number (null's for -1). */
  private entryJson(column: number, n: number): Uint8Array {
    if (n < 0) return this.tails.encode(null);
    const byNumber = this.textJson[column]!;
    return (byNumber[n] ??= this.tails.encode(this.texts[column]![n]!));
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

  private add(lineNumber: number, kind: number, cells: string[] | null) {
    const i = this.count++;
    this.lineNumbers[i] = lineNumber;
    this.kinds[i] = kind;
    this.tailEnds[i] = this.tails.length;
    if (cells) {
      if (this.cellCount + cells.length > this.cellEnds.length)
        this.cellEnds = grown(this.cellEnds, this.cellCount + cells.length);
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
  private readonly largeUsd: Map<number, bigint>;
  private readonly current: StoreReportLine = {
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
    this.largeUsd = new Map(data.largeUsd);
  }

  /** A batch of no lines (what the reading ends with). */
  static empty(): LineBatch {
    return new LineBatch(new LineBatchEncoder(1).take().batch);
  }

  get count() {
    return this.data.count;
  }

  /** What the batch's cell texts of a column say, by number (two may say the same; '' for none). */
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
    const large = this.large.size ? this.large.get(i) : undefined;
    return large ?? BigInt(this.data.net[i]!);
  }

  /** A valid line's revenue in USD × 10^8 as a number where it is a safe integer (most lines), else null (usd(i) has it). */
  usdNumber(i: number): number | null {
    return this.largeUsd.size && this.largeUsd.has(i) ? null : this.data.usd[i]!;
  }

  /** A valid line's revenue in USD × 10^8. */
  usd(i: number): bigint {
    const large = this.largeUsd.size ? this.largeUsd.get(i) : undefined;
    return large ?? BigInt(this.data.usd[i]!);
  }

  /** Where a valid line's entry after its match starts in `data.tails` (it ends at `data.tailEnds[i]`). */
  tailFrom(i: number): number {
    return i === 0 ? 0 : this.data.tailEnds[i - 1]!;
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
  line(i: number): StoreReportLine {
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
