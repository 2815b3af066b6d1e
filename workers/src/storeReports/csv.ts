import { Readable } from 'node:stream';
import { CsvError, Parser, type Options } from 'csv-parse';
import { grown } from './projections.ts';

/** A record with the file's line it ends on and the bytes read by then. */
export interface NumberedRecord {
  cells: string[];
  line: number;
  bytes: number;
}

/** A line csv-parse could not read (skipped, with its error and the line it reached). */
export interface SkippedRecord {
  skipped: CsvError & { lines?: number };
}

/** A run of lines that PlainLines split by their bytes: its lines `from` to `to` (not included). */
export interface PlainRun {
  run: PlainLines;
  from: number;
  to: number;
}

export type CsvItem = NumberedRecord | SkippedRecord | PlainRun;

/**
 * Plain lines of one piece of the file, split by their bytes without a text per cell: each line's number,
 * and where each of its cells starts and ends in `chunk`. A line is split here when its delimiter is one
 * byte, it has no carriage return, and each quote opens a cell and closes it just before a delimiter or
 * the line's end with no doubled quote between; any other line is decoded and read as text (plainCells),
 * whose cells are the same for such a line. One object for the whole file, filled again for each piece:
 * what it holds is valid until the next batch of records is asked for.
 */
export class PlainLines {
  chunk: Buffer = Buffer.alloc(0);
  /** The file's bytes read by the piece's last line (every line of a piece says the same, as in NumberedRecord). */
  bytes = 0;
  count = 0;
  lines = new Int32Array(1024);
  /** Line k's cells are the cells numbered firsts[k] up to firsts[k + 1] (not included) in `bounds`. */
  firsts = new Int32Array(1025);
  /** Each cell's first byte and the byte after its last, in pairs. */
  bounds = new Int32Array(16384);
  private cellCount = 0;

  constructor(private readonly delimiter: number) {}

  /** A new piece (the lines of the last one are gone). */
  start(chunk: Buffer, bytes: number): void {
    this.chunk = chunk;
    this.bytes = bytes;
    this.count = 0;
    this.cellCount = 0;
  }

  /** The cells of line k as text (decoded as the file's text is: UTF-8, a cell at a time). */
  cells(k: number): string[] {
    const out: string[] = [];
    for (let c = this.firsts[k]!; c < this.firsts[k + 1]!; c++)
      out.push(this.chunk.toString('utf8', this.bounds[2 * c]!, this.bounds[2 * c + 1]!));
    return out;
  }

  /**
   * Splits the line of the piece's bytes `from` to `to` (without its line end) if it is plain in its bytes
   * (see the class) and keeps it as line `line`; false leaves it to be read as text. An empty line is
   * taken without a record (csv-parse skips it).
   */
  add(from: number, to: number, line: number): boolean {
    if (from === to) return true;
    const { chunk, delimiter } = this;
    // A line has at most one cell more than it has bytes.
    if (2 * (this.cellCount + to - from + 1) > this.bounds.length) this.grow(to - from + 1);
    const bounds = this.bounds;
    let n = this.cellCount;
    let at = from;
    for (;;) {
      if (at < to && chunk[at] === QUOTE) {
        let close = at + 1;
        for (; close < to; close++) {
          const byte = chunk[close];
          if (byte === QUOTE) break;
          if (byte === CR) return false;
        }
        // Not closed on this line: read as text (so are a doubled quote and text after the closing one, below).
        if (close === to) return false;
        bounds[2 * n] = at + 1;
        bounds[2 * n + 1] = close;
        n += 1;
        at = close + 1;
        if (at === to) break;
        if (chunk[at] !== delimiter) return false;
        at += 1;
      } else {
        let end = at;
        for (; end < to; end++) {
          const byte = chunk[end];
          if (byte === delimiter) break;
          if (byte === QUOTE || byte === CR) return false;
        }
        bounds[2 * n] = at;
        bounds[2 * n + 1] = end;
        n += 1;
        if (end === to) break;
        at = end + 1;
      }
    }
    const k = this.count++;
    if (k + 1 >= this.lines.length) {
      this.lines = grown(this.lines, k + 1);
      this.firsts = grown(this.firsts, k + 2);
    }
    this.lines[k] = line;
    this.firsts[k] = this.cellCount;
    this.firsts[k + 1] = n;
    this.cellCount = n;
    return true;
  }

  private grow(cells: number): void {
    this.bounds = grown(this.bounds, 2 * (this.cellCount + cells));
  }
}

/** How a store report is read as CSV: csv-parse's options, whichever way a line is read. */
export function storeReportCsvOptions(delimiter: string): Options {
  return {
    bom: true,
    delimiter,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    max_record_size: MAX_RECORD,
  };
}

const MAX_RECORD = 1024 * 1024;
/**
 * A line of at most this many characters is within csv-parse's limit in bytes whatever it holds (a
 * character is at most four bytes); a longer one's bytes are counted before it is split or refused.
 */
const MAX_PLAIN = MAX_RECORD / 4;
const QUOTE = 34;
const CR = 13;

/**
 * csv-parse's stream, each record numbered by the line it ends on. The parser's `info` (its documented
 * running counts) is read as each record is pushed, when it describes that record: cheaper than the `info`
 * option, which copies every count into an object of its own for each record.
 */
class NumberedParser extends Parser {
  /** `bytesBefore`: the file's bytes before the parser's first (negative for lines put in front). */
  constructor(
    options: Options,
    private readonly bytesBefore: number,
  ) {
    super(options);
    // A line it cannot read is skipped: it goes on among the records, in the order of the file.
    this.on('skip', (error: CsvError & { lines?: number }) =>
      this.push({ skipped: error } satisfies SkippedRecord),
    );
  }

  override push(record: unknown, encoding?: BufferEncoding): boolean {
    if (!Array.isArray(record)) return super.push(record, encoding);
    const numbered: NumberedRecord = {
      cells: record as string[],
      line: this.info.lines,
      bytes: this.bytesBefore + this.info.bytes,
    };
    return super.push(numbered, encoding);
  }
}

/** A line longer than csv-parse takes, refused as csv-parse refuses it (its code and words). */
function tooLong(line: number): SkippedRecord {
  const error = new CsvError('CSV_MAX_RECORD_SIZE', [
    'Max Record Size:',
    'record exceed the maximum number of tolerated bytes',
    `of ${MAX_RECORD}`,
    `at line ${line}`,
  ]);
  return { skipped: Object.assign(error, { lines: line }) };
}

/**
 * The cells of one line read the way csv-parse reads it with `storeReportCsvOptions`, or null when the line
 * is anything but plain: a quote inside an unquoted cell, text after a closing quote, a quoted cell that
 * goes on past the line's end, a carriage return. Quoted cells may hold the delimiter and doubled quotes.
 */
function plainCells(line: string, delimiter: string): string[] | null {
  const firstQuote = line.indexOf('"');
  if (firstQuote < 0) return line.indexOf('\r') < 0 ? line.split(delimiter) : null;
  if (line.indexOf('\r') >= 0) return null;
  // The cells before the first quote have none: split at once. A quote that does not open its cell is
  // inside an unquoted one.
  const start = line.lastIndexOf(delimiter, firstQuote - 1);
  const cellStart = start < 0 ? 0 : start + delimiter.length;
  if (cellStart !== firstQuote) return null;
  const cells = cellStart ? line.slice(0, start).split(delimiter) : [];
  let at = firstQuote;
  for (;;) {
    if (line.charCodeAt(at) === QUOTE) {
      let cell = '';
      let from = at + 1;
      for (;;) {
        const quote = line.indexOf('"', from);
        if (quote < 0) return null; // the cell goes on on the next line
        if (line.charCodeAt(quote + 1) === QUOTE) {
          cell += line.slice(from, quote + 1);
          from = quote + 2;
          continue;
        }
        cell += line.slice(from, quote);
        at = quote + 1;
        break;
      }
      cells.push(cell);
      if (at === line.length) return cells;
      if (!line.startsWith(delimiter, at)) return null;
      at += delimiter.length;
      if (line.indexOf('"', at) < 0) {
        // No quote after this cell: the rest split at once.
        for (const rest of line.slice(at).split(delimiter)) cells.push(rest);
        return cells;
      }
    } else {
      const end = line.indexOf(delimiter, at);
      const cell = line.slice(at, end < 0 ? line.length : end);
      if (cell.indexOf('"') >= 0) return null;
      cells.push(cell);
      if (end < 0) return cells;
      at = end + delimiter.length;
    }
  }
}

/**
 * A store report's records, in batches (a chunk's worth of lines each), exactly as csv-parse with
 * `storeReportCsvOptions` numbers and reads them, and most of them read much faster: a plain line is split
 * here, by its bytes into runs of lines (PlainLines, no text made per cell) or, where its bytes are not
 * simple enough for that, decoded and split as text (plainCells). From the first line that is not plain,
 * the rest of the file goes through csv-parse itself (its record delimiter the one the first line ended
 * with, as csv-parse would have found it), numbered on from there. One difference: a line longer than
 * csv-parse takes (1 MiB) without a quote is refused with csv-parse's reason and the reading goes on after
 * its newline, where csv-parse lost the line after it. csv-parse's stream makes objects and copies for every
 * record, which a million-line report pays for a million times over (docs/benchmarks.md).
 */
export async function* storeReportRecords(
  body: AsyncIterable<Buffer>,
  delimiter: string,
): AsyncGenerator<CsvItem[]> {
  const iterator = body[Symbol.asyncIterator]();
  // The bytes after the last newline so far: the pieces of a line not ended yet (joined once it ends).
  let rest: Buffer[] = [];
  let restLength = 0;
  let lines = 0; // lines read so far, empty ones included
  let bytes = 0; // bytes before `rest`
  let crlf: boolean | null = null; // how the first line ended: the file's record delimiter
  let first = true;
  let handOver: Buffer | null = null;
  // Lines split by their bytes where the delimiter is one byte (a comma, a semicolon or a tab).
  const plain =
    delimiter.length === 1 && delimiter.charCodeAt(0) < 0x80 && delimiter !== '"' && delimiter !== '\r'
      ? new PlainLines(delimiter.charCodeAt(0))
      : null;

  read: for (;;) {
    const { value, done } = await iterator.next();
    if (done) {
      if (!restLength) return;
      // The last line, without a newline after it.
      const line = Buffer.concat(rest);
      const text = line.toString('utf8');
      const cells = text.length <= MAX_PLAIN ? plainCells(text, delimiter) : null;
      if (!cells) {
        handOver = line;
        break read;
      }
      yield [{ cells, line: lines + 1, bytes: bytes + line.length }];
      return;
    }
    let piece = value as Buffer;
    if (piece.indexOf(10) < 0) {
      rest.push(piece);
      restLength += piece.length;
      if (restLength > MAX_RECORD + 3) {
        // A line over the limit. Without a quote (nothing that could be a cell going on over lines) it
        // is refused and the reading goes on after its newline; csv-parse would lose the line after it.
        if (crlf === null || rest.some((part) => part.includes(QUOTE))) {
          handOver = Buffer.concat(rest);
          break read;
        }
        let dropped = restLength;
        rest = [];
        restLength = 0;
        for (;;) {
          const next = await iterator.next();
          if (next.done) {
            yield [tooLong(lines + 1)];
            return;
          }
          const part = next.value as Buffer;
          const newline = part.indexOf(10);
          if (newline < 0) {
            dropped += part.length;
            continue;
          }
          lines += 1;
          bytes += dropped + newline + 1;
          yield [tooLong(lines)];
          piece = part.subarray(newline + 1);
          break;
        }
        if (piece.indexOf(10) < 0) {
          if (piece.length) rest.push(piece);
          restLength = piece.length;
          continue;
        }
      } else continue;
    }
    let chunk = restLength ? Buffer.concat([...rest, piece]) : piece;
    if (first) {
      first = false;
      if (chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) {
        chunk = chunk.subarray(3);
        bytes += 3;
      }
    }
    const last = chunk.lastIndexOf(10);
    const end = bytes + last + 1;
    const batch: CsvItem[] = [];
    plain?.start(chunk, end);
    let runFrom = 0; // the first of the piece's plain lines not in the batch yet
    const takeRun = () => {
      if (plain && plain.count > runFrom) batch.push({ run: plain, from: runFrom, to: plain.count });
      runFrom = plain ? plain.count : 0;
    };
    let at = 0;
    while (at <= last) {
      const newline = chunk.indexOf(10, at);
      const cr = newline > at && chunk[newline - 1] === CR;
      // A line ends as the first one did (\r\n or \n); one that does not is csv-parse's to read.
      const lineEnd = (crlf ?? cr) ? (cr ? newline - 1 : -1) : newline;
      if (lineEnd >= 0 && plain && lineEnd - at <= MAX_PLAIN && plain.add(at, lineEnd, lines + 1)) {
        crlf ??= cr;
        lines += 1;
        at = newline + 1;
        continue;
      }
      let cells: string[] | null = null;
      let refused = false;
      if (lineEnd >= 0) {
        const line = chunk.toString('utf8', at, lineEnd);
        if (line.length <= MAX_PLAIN || lineEnd - at <= MAX_RECORD) cells = plainCells(line, delimiter);
        else refused = crlf !== null && !line.includes('"');
      }
      takeRun();
      if (!cells && !refused) {
        if (batch.length) yield batch;
        handOver = chunk.subarray(at);
        bytes += at;
        break read;
      }
      crlf ??= cr;
      lines += 1;
      // An empty line is skipped (counted all the same).
      if (refused) batch.push(tooLong(lines));
      else if (lineEnd > at) batch.push({ cells: cells!, line: lines, bytes: end });
      at = newline + 1;
    }
    takeRun();
    bytes = end;
    rest = last + 1 < chunk.length ? [chunk.subarray(last + 1)] : [];
    restLength = chunk.length - last - 1;
    if (batch.length) yield batch;
  }

  // The rest of the file through csv-parse, from the line the reading above stopped at. The lines read
  // so far go in front as empty lines (skipped, counted): its line numbers, in records and in its
  // messages, are the file's.
  const ending = crlf ? '\r\n' : '\n';
  const before = Buffer.from(ending.repeat(lines));
  const parser = new NumberedParser(
    {
      ...storeReportCsvOptions(delimiter),
      bom: bytes === 0,
      ...(crlf === null ? {} : { record_delimiter: ending }),
    },
    bytes - before.length,
  );
  async function* remaining() {
    yield Buffer.concat([before, handOver!]);
    for (;;) {
      const { value, done } = await iterator.next();
      if (done) return;
      yield value;
    }
  }
  const source = Readable.from(remaining(), { objectMode: false });
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);
  for await (const item of parser as AsyncIterable<CsvItem>) yield [item];
}
