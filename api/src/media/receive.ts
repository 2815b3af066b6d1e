import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import type { Storage } from '@riffline/db';
import { HttpError, PayloadTooLargeError, ValidationError } from '../errors.ts';
import { SNIFF_BYTES } from './sniff.ts';

/** An upload request's body, as the route hands it over. */
export interface IncomingFile {
  body: Readable;
  /** Content-Length, when the client sent one (it cannot send more: Node's parser enforces it). */
  declaredSize: number | null;
}

export interface StreamToStorage<F extends string, T> {
  storage: Storage;
  key: string;
  maxBytes: number;
  /** The format the first bytes show, or null to refuse the file (415 `notAccepted`). */
  sniff(head: Uint8Array): F | null;
  contentType(format: F): string;
  notAccepted: string;
  tooLarge: string;
  /**
   * Reads the same bytes while they stream (for facts such as the duration), at its own pace: the upload
   * waits for it, and stops feeding it once it has settled. A failure only means no facts.
   */
  inspect?(format: F, bytes: Readable): Promise<T>;
  /** How many of the first bytes `inspect` needs (its stream ends there); all of them when not said. */
  inspectBytes?(format: F): number;
}

export interface Received<F, T> {
  format: F;
  size: number;
  sha256: string;
  facts: T | null;
}

export const EMPTY_FILE = 'The file is empty: send the file itself as the request body';
export const INTERRUPTED = 'The upload was interrupted before the whole file arrived';

/**
 * Buffers the streams hold between the request and their readers: small, whatever the file's size. A
 * quarter MiB: the longer the request's chunks (64 KB each) wait here, the more of them are promoted out
 * of V8's young generation, where only a full collection frees them, and the more memory an upload holds;
 * a larger buffer made the upload no faster (docs/benchmarks.md).
 */
const BUFFER_BYTES = 256 * 1024;

/**
 * Streams a request body into storage without holding it in memory: the first bytes decide the format
 * (415 otherwise), every byte is counted (413 past `maxBytes`, reading stops there) and hashed (SHA-256),
 * and whatever fails, nothing is left at `key`.
 */
export async function streamToStorage<F extends string, T>(
  file: IncomingFile,
  options: StreamToStorage<F, T>,
): Promise<Received<F, T>> {
  const { storage, key, maxBytes } = options;
  // Leaving the loop early must not destroy the request: the answer (413, 415) goes out on its socket.
  const chunks = file.body.iterator({ destroyOnReturn: false });
  const next = async (): Promise<Buffer | null> => {
    try {
      const { value, done } = await chunks.next();
      return done ? null : (value as Buffer);
    } catch {
      throw new HttpError(400, INTERRUPTED);
    }
  };

  const head: Buffer[] = [];
  let headBytes = 0;
  while (headBytes < SNIFF_BYTES) {
    const chunk = await next();
    if (!chunk) break;
    head.push(chunk);
    headBytes += chunk.length;
    if (headBytes > maxBytes) throw PayloadTooLargeError(options.tooLarge);
  }
  if (headBytes === 0) throw ValidationError(EMPTY_FILE);
  const format = options.sniff(Buffer.concat(head));
  if (!format) throw new HttpError(415, options.notAccepted);

  const hash = createHash('sha256');
  const body = new PassThrough({ highWaterMark: BUFFER_BYTES });
  const stored = storage.put(key, body, options.contentType(format));
  // Before the body ends, `stored` settling means the store gave up: stop waiting for it to drain.
  const storeGaveUp = stored.then(
    () => Promise.reject(new Error('storage finished before the body ended')),
    (error: unknown) => Promise.reject(error),
  );
  storeGaveUp.catch(() => undefined);

  let inspecting = Boolean(options.inspect);
  const inspectBytes = options.inspectBytes?.(format) ?? Infinity;
  const tee = options.inspect ? new PassThrough({ highWaterMark: BUFFER_BYTES }) : null;
  const inspected: Promise<T | null> = options.inspect
    ? options
        .inspect(format, tee!)
        .catch(() => null)
        .finally(() => {
          inspecting = false;
          tee!.destroy();
        })
    : Promise.resolve(null);

  let size = 0;
  const write = async (chunk: Buffer) => {
    size += chunk.length;
    if (size > maxBytes) throw PayloadTooLargeError(options.tooLarge);
    hash.update(chunk);
    const waits: Array<Promise<unknown>> = [];
    if (!body.write(chunk)) waits.push(once(body, 'drain'));
    if (inspecting && size - chunk.length < inspectBytes) {
      const part = size > inspectBytes ? chunk.subarray(0, chunk.length - (size - inspectBytes)) : chunk;
      if (!tee!.write(part)) waits.push(Promise.race([once(tee!, 'drain'), inspected]));
      if (size >= inspectBytes) tee!.end();
    }
    if (waits.length) await Promise.race([Promise.all(waits), storeGaveUp]);
  };

  try {
    for (const chunk of head) await write(chunk);
    for (let chunk = await next(); chunk; chunk = await next()) await write(chunk);
    body.end();
    if (inspecting && !tee!.writableEnded) tee!.end();
    await stored;
  } catch (error) {
    // With its error, so that the store's reader fails too (a multipart upload aborts, a partial file goes).
    body.destroy(error instanceof Error ? error : new Error(String(error)));
    tee?.destroy();
    // The driver cleans up after a failed put (partial file, multipart parts); then make sure of it.
    await stored.catch(() => undefined);
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
  return { format, size, sha256: hash.digest('hex'), facts: await inspected };
}

/** Reads a small body (artwork) into memory, refusing it past `maxBytes` without reading further. */
export async function readUpTo(file: IncomingFile, maxBytes: number, tooLarge: string): Promise<Buffer> {
  if (file.declaredSize !== null && file.declaredSize > maxBytes) throw PayloadTooLargeError(tooLarge);
  const chunks = file.body.iterator({ destroyOnReturn: false });
  const parts: Buffer[] = [];
  let size = 0;
  for (;;) {
    let result: IteratorResult<unknown>;
    try {
      result = await chunks.next();
    } catch {
      throw new HttpError(400, INTERRUPTED);
    }
    if (result.done) break;
    const chunk = result.value as Buffer;
    size += chunk.length;
    if (size > maxBytes) throw PayloadTooLargeError(tooLarge);
    parts.push(chunk);
  }
  if (size === 0) throw ValidationError(EMPTY_FILE);
  return Buffer.concat(parts, size);
}
