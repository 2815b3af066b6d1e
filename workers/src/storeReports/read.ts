import { isUtf8 } from 'node:buffer';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { readCsv } from './csv.ts';
import { isDsrHead } from '@riffline/contracts';
import { dsrReader } from './dsr.ts';
import { ReportFileProblem, type FileFacts, type ReportSink } from './usage.ts';

/**
 * A stored report file opened for reading, whatever it is: gzip or not (by its first bytes), UTF-8 or
 * Latin-1 (its first megabyte decides), DSR or a CSV layout (by its first line), then read through that
 * format's reader into the sink.
 */

/** The stream's first `bytes` bytes (fewer at its end) and the whole stream again, from its start. */
async function peek(stream: Readable, bytes: number): Promise<{ head: Buffer; whole: Readable }> {
  const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let size = 0;
  while (size < bytes) {
    const { value, done } = await iterator.next();
    if (done) break;
    chunks.push(value);
    size += value.length;
  }
  async function* again() {
    yield* chunks;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return { head: Buffer.concat(chunks), whole: Readable.from(again(), { objectMode: false }) };
}

function gunzipped(stream: Readable): Readable {
  const gunzip = createGunzip();
  stream.on('error', (error: Error) => gunzip.destroy(error));
  return stream.pipe(gunzip);
}

/** The first line of a text, without its line break and byte-order mark. */
const firstLineOf = (text: string) => text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';

/**
 * Reads the file into the sink; `batch` is awaited every few thousand lines (the caller writes what the
 * sink holds) and `onBytes` hears how many of the stored bytes have been read.
 */
export async function readReportFile(
  source: Readable,
  sink: ReportSink,
  batch: () => Promise<void>,
  onBytes: (bytes: number) => void,
): Promise<FileFacts> {
  let bytesRead = 0;
  async function* counted() {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      onBytes((bytesRead += chunk.length));
      yield chunk;
    }
  }
  const stored = await peek(Readable.from(counted(), { objectMode: false }), 2);
  const gzipped = stored.head[0] === 0x1f && stored.head[1] === 0x8b;
  const plain = gzipped ? gunzipped(stored.whole) : stored.whole;
  const { head, whole } = await peek(plain, 1024 * 1024);
  if (!head.length) throw new ReportFileProblem('The report file is empty');
  // A partial character may end the sample: UTF-8 is judged without its last three bytes.
  const encoding = isUtf8(head.subarray(0, Math.max(head.length - 3, 0))) || isUtf8(head) ? 'utf8' : 'latin1';
  const text = whole.setEncoding(encoding);
  const lines = head.toString(encoding).split(/\r?\n/);
  const first = firstLineOf(lines.find((line) => !line.startsWith('#')) ?? '');

  try {
    if (!isDsrHead(first)) return await readCsv(text, firstLineOf(head.toString(encoding)), sink, batch);
    const reader = dsrReader(sink);
    let number = 0;
    for await (const line of createInterface({ input: text, crlfDelay: Infinity })) {
      reader.line(line, ++number);
      if (number % 20_000 === 0) await batch();
    }
    return reader.end();
  } catch (error) {
    if (gzipped && (error as NodeJS.ErrnoException).code?.startsWith('Z_')) {
      throw new ReportFileProblem(`The report's gzip data is damaged: ${(error as Error).message}`);
    }
    throw error;
  }
}
