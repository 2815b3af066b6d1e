import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { isSafeText, normalizeColumn, storeReportColumns, type StoreReportColumn } from '@riffline/contracts';
import { storeReportRecords } from './csv.ts';
import { KnownCodes, LineBatchEncoder, type LineBatchData } from './lineBatch.ts';
import { ReportFileProblem } from './projections.ts';

/** The header's cells: where each column the import reads is (the last of two cells with one name counts). */
function reportColumnsOf(header: string[]) {
  const names = header.map(normalizeColumn);
  return {
    /** Where each column the import reads (contracts' storeReportColumns) is in this file; -1 where it is not. */
    at: Object.fromEntries(
      Object.keys(storeReportColumns).map((column) => [column, names.lastIndexOf(column)]),
    ) as Record<StoreReportColumn, number>,
    /** The names a kept line's cells are stored under, made safe once for every line of the file. */
    keptNames: names.map((name) => safeText(name).slice(0, 100)),
  };
}

// eslint-disable-next-line no-control-regex -- what PostgreSQL text and JSON cannot hold, or nobody typed
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
/** Text as it can be stored (PostgreSQL text and JSON): without control characters, well formed. */
export const safeText = (text: string) =>
  isSafeText(text) ? text : text.replace(CONTROL, '').toWellFormed();

/**
 * A report's lines (the file's bytes, header first, as withHeader passes them on) read through csv.ts and
 * checked as contracts' checkStoreReportLine checks a line (LineBatchEncoder.read), in batches of `batchLines`: each line numbered as the file numbers
 * it, valid with what it says, or invalid (or not readable as CSV) with why, and its cells either way.
 * The first batch names the header's columns (`keptNames`); a file with a header only gives one empty batch.
 */
export async function* checkedBatches(
  body: AsyncIterable<Buffer>,
  delimiter: string,
  batchLines: number,
  known: KnownCodes,
): AsyncGenerator<{ batch: LineBatchData; transfer: ArrayBuffer[] }> {
  const encoder = new LineBatchEncoder(batchLines, known);
  let columns: ReturnType<typeof reportColumnsOf> | null = null;
  // The header's cells: where the columns are, and the names a kept line's cells are stored under.
  const header = (cells: string[]) => {
    const read = reportColumnsOf(cells);
    encoder.keptNames = read.keptNames;
    encoder.columnsAt(read.at);
    return read;
  };
  let lastLine = 0;
  let taken = false;
  for await (const items of storeReportRecords(body, delimiter)) {
    for (const item of items) {
      if ('run' in item) {
        // Lines split by their bytes (csv.ts): read without a text per cell.
        const { run } = item;
        let k = item.from;
        if (!columns) {
          columns = header(run.cells(k));
          lastLine = run.lines[k++]!;
        }
        encoder.bytesRead = run.bytes;
        for (; k < item.to; k++) {
          const lineNumber = (lastLine = Math.max(run.lines[k]!, lastLine + 1));
          encoder.readPlain(lineNumber, run, k);
          if (encoder.full) {
            taken = true;
            yield encoder.take();
          }
        }
        continue;
      }
      if (!columns) {
        // The header (already checked by withHeader): the cells' names.
        if ('skipped' in item) throw new ReportFileProblem("The report's header row is not readable as CSV");
        columns = header(item.cells);
        lastLine = item.line;
        continue;
      }
      // Line numbers only grow (a record spanning lines is numbered by its last one).
      const reported = 'skipped' in item ? (item.skipped.lines ?? lastLine + 1) : item.line;
      const lineNumber = (lastLine = Math.max(reported, lastLine + 1));
      if ('skipped' in item) {
        encoder.invalid(lineNumber, `Not readable as CSV: ${item.skipped.message}`.slice(0, 500), null);
      } else {
        encoder.bytesRead = item.bytes;
        encoder.read(lineNumber, item.cells);
      }
      if (encoder.full) {
        taken = true;
        yield encoder.take();
      }
    }
  }
  if (encoder.size || !taken) yield encoder.take();
}

/**
 * A report's batches as the importer takes them, and where it tells what it learnt of the catalogue
 * (KnownCodes: lines shown to match are then sent without their cells).
 */
export interface LineReader {
  batches: AsyncGenerator<LineBatchData>;
  learn(isrcs: Array<[string, string | null]>, upcs: Array<[string, string | null]>): void;
}

/** The batches read here, on the thread that matches them (a small file: no thread to start). */
export function readHere(body: AsyncIterable<Buffer>, delimiter: string, batchLines: number): LineReader {
  const known = new KnownCodes();
  async function* batches() {
    for await (const { batch } of checkedBatches(body, delimiter, batchLines, known)) yield batch;
  }
  return { batches: batches(), learn: (isrcs, upcs) => known.learn(isrcs, upcs) };
}

/** tsx's loader, for the thread to read TypeScript as this process does. */
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** File bytes sent ahead to the reading thread, and batches read ahead of the matching, at most. */
const CHUNKS_AHEAD = 32;
const BATCHES_AHEAD = 8;

/**
 * The same batches read on a thread of their own (readerThread.ts): the file's bytes go to it as they
 * come from storage (a few pieces ahead), its batches come back (a few ahead of the matching), so that
 * reading and checking the lines takes the machine's second core while this one matches, sums and writes
 * them. A failure on the thread is thrown here (a ReportFileProblem as one); the thread ends with the
 * reading, or when the caller stops early.
 */
export function readInThread(body: AsyncIterable<Buffer>, delimiter: string, batchLines: number): LineReader {
  const worker = new Worker(new URL('./readerThread.ts', import.meta.url), {
    workerData: { delimiter, batchLines },
    // REPORTS_READER_PROFILE=<dir>: a CPU profile of the thread (node --cpu-prof), as the bench takes one.
    execArgv: [
      '--import',
      TSX,
      ...(process.env.REPORTS_READER_PROFILE
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.REPORTS_READER_PROFILE}`]
        : []),
    ],
  });
  const source = body[Symbol.asyncIterator]();
  const ready: LineBatchData[] = [];
  let chunksAhead = 0;
  let ended = false;
  let pumping = false;
  let finished = false;
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  const fail = (error: Error) => {
    failure ??= error;
    notify();
  };
  // Sends the file's next pieces while the thread has few and the matching is not behind.
  const pump = async () => {
    if (pumping) return;
    pumping = true;
    try {
      while (!ended && !failure && chunksAhead < CHUNKS_AHEAD && ready.length < BATCHES_AHEAD) {
        const { value, done } = await source.next();
        if (done) {
          ended = true;
          worker.postMessage({ type: 'end' });
          break;
        }
        // A copy of its own: a piece may share its memory with other buffers, which moving it would empty.
        const chunk = new Uint8Array(value as Buffer);
        chunksAhead += 1;
        worker.postMessage({ type: 'bytes', chunk }, [chunk.buffer]);
      }
    } catch (error) {
      fail(error as Error);
    } finally {
      pumping = false;
    }
  };
  worker.on('message', (message: ThreadMessage) => {
    if (message.type === 'consumed') {
      chunksAhead -= 1;
      void pump();
    } else if (message.type === 'batch') {
      ready.push(message.batch);
      notify();
    } else if (message.type === 'done') {
      finished = true;
      notify();
    } else {
      fail(message.fileProblem ? new ReportFileProblem(message.message) : new Error(message.message));
    }
  });
  worker.on('error', fail);
  worker.on('exit', (code) => {
    if (!finished) fail(new Error(`The report's reading thread stopped (exit code ${code})`));
  });
  async function* batches(): AsyncGenerator<LineBatchData> {
    try {
      void pump();
      for (;;) {
        const batch = ready.shift();
        if (batch) {
          void pump();
          yield batch;
          continue;
        }
        if (failure) throw failure;
        if (finished) return;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    } finally {
      finished = true;
      await worker.terminate();
    }
  }
  return {
    batches: batches(),
    learn: (isrcs, upcs) => worker.postMessage({ type: 'learn', isrcs, upcs } satisfies ReaderMessage),
  };
}

/** What the reading thread says. */
export type ThreadMessage =
  | { type: 'consumed' }
  | { type: 'batch'; batch: LineBatchData }
  | { type: 'done' }
  | { type: 'failed'; message: string; fileProblem: boolean };

/** What the reading thread is sent. */
export type ReaderMessage =
  | { type: 'bytes'; chunk: Uint8Array }
  | { type: 'end' }
  | { type: 'learn'; isrcs: Array<[string, string | null]>; upcs: Array<[string, string | null]> };
