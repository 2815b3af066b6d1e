import { isUtf8 } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { isSafeText, MAX_STORE_REPORT_BYTES, storeReportStartProblem } from '@riffline/contracts';
import {
  appendEvent,
  lockStoreReportContent,
  storeReportWithContent,
  StoreReport,
  type Db,
  type Storage,
  type User,
} from '@riffline/db';
import type { Logger } from 'pino';
import { ConflictError, HttpError, ValidationError } from '../../errors.ts';
import { receiveMultipartFile } from '../../media/multipart.ts';
import { EMPTY_FILE } from '../../media/receive.ts';

export const STORE_REPORT_FIELD = 'file';
export const STORE_REPORT_NOT_MULTIPART =
  'Send the report as multipart/form-data, the CSV file in the "file" field';
export const STORE_REPORT_MISSING = 'Attach the report: a CSV file in the "file" field';
export const STORE_REPORT_EMPTY = 'The report file is empty';
export const STORE_REPORT_NOT_CSV =
  'The report must be a text file: CSV or DDEX DSR (.tsv), or either gzipped (save a spreadsheet as CSV first)';
export const STORE_REPORT_TOO_LARGE = `The report must be at most 512 MB (${MAX_STORE_REPORT_BYTES.toLocaleString('en-US')} bytes)`;
export const STORE_REPORT_NO_HEADER = 'The report must start with a header row naming its columns';

/** The 409 for a file already imported (or being imported): when, which report, and how to go on. */
export const duplicateStoreReportMessage = (existing: StoreReport) =>
  `This file was already uploaded on ${existing.createdAt.toISOString().slice(0, 10)} as report ${existing.id} ` +
  `(${existing.filename}, ${existing.status}); importing it again would count its sales twice. ` +
  'Upload it with force=true to import it again anyway.';

/** The bytes of a report are gzip, or text: no NUL, and not a spreadsheet or archive (ZIP: .xlsx; OLE2: .xls). */
export function sniffStoreReport(head: Uint8Array): 'gzip' | 'text' | null {
  if (head[0] === 0x1f && head[1] === 0x8b) return 'gzip';
  if (head.includes(0)) return null;
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (starts(0x50, 0x4b, 0x03, 0x04) || starts(0xd0, 0xcf, 0x11, 0xe0)) return null;
  return 'text';
}

/** The first 64 KiB of the file's text (ungzipped), read while the file streams to storage. */
async function firstLines(format: 'gzip' | 'text', bytes: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  const text = format === 'gzip' ? bytes.pipe(createGunzip()) : bytes;
  try {
    for await (const chunk of text) {
      chunks.push(chunk as Buffer);
      if ((size += (chunk as Buffer).length) >= 64 * 1024) break;
    }
  } catch {
    // A damaged gzip stream: what was read so far is judged; the import says what is wrong with the rest.
  }
  // As the import reads it: UTF-8 where the bytes are (a BOM and all), else Latin-1. A character cut at the
  // end of the sample does not make the rest Latin-1.
  const head = Buffer.concat(chunks);
  return isUtf8(head.subarray(0, Math.max(head.length - 3, 0))) || isUtf8(head)
    ? head.toString('utf8')
    : head.toString('latin1');
}

/** The name the file was sent with, as a label: trimmed, safe, at most 200 characters. */
function cleanFilename(name: string): string {
  // eslint-disable-next-line no-control-regex -- what a label may not hold
  const text = name.replace(/[\u0000-\u001F\u007F]/g, '').trim();
  const safe = isSafeText(text) ? text : text.toWellFormed();
  return (safe || 'report.csv').slice(0, 200);
}

interface Deps {
  db: Db;
  storage: Storage;
  logger: Logger;
}

/**
 * `POST /api/admin/reports`: an admin's store report.
 * 1. The multipart body's `file` streams into storage (never whole in memory): text only (415), at most
 *    MAX_STORE_REPORT_BYTES (413), hashed (SHA-256); its header row must name the columns an import needs (400).
 * 2. One transaction, under a lock on the file's hash: the same content already uploaded and not failed
 *    is refused (409) unless `force`; otherwise the job row (`pending`) and `report.uploaded` are written.
 * The workers' `reports` group then imports it. Whatever is refused leaves nothing in storage.
 */
export async function uploadStoreReport(
  { db, storage, logger }: Deps,
  admin: User,
  req: IncomingMessage,
  force: boolean,
): Promise<StoreReport> {
  const key = `reports/${randomUUID()}`;
  try {
    const received = await receiveMultipartFile(req, {
      field: STORE_REPORT_FIELD,
      notMultipart: STORE_REPORT_NOT_MULTIPART,
      missing: STORE_REPORT_MISSING,
      storage,
      key,
      maxBytes: MAX_STORE_REPORT_BYTES,
      sniff: sniffStoreReport,
      contentType: (format) => (format === 'gzip' ? 'application/gzip' : 'text/plain'),
      notAccepted: STORE_REPORT_NOT_CSV,
      tooLarge: STORE_REPORT_TOO_LARGE,
      inspect: (format, bytes) => firstLines(format, bytes),
      inspectBytes: () => 64 * 1024,
    }).catch((error: unknown) => {
      throw error instanceof HttpError && error.message === EMPTY_FILE
        ? ValidationError(STORE_REPORT_EMPTY)
        : error;
    });
    const start = received.facts;
    if (!start?.trim()) throw ValidationError(STORE_REPORT_NO_HEADER);
    const problem = storeReportStartProblem(start);
    if (problem) throw ValidationError(problem);

    return await registerStoreReport(db, admin, {
      key,
      filename: received.filename,
      sha256: received.sha256,
      size: received.size,
      force,
    });
  } catch (error) {
    await storage.delete(key).catch((err: unknown) => logger.warn({ err, key }, 'could not delete a file'));
    throw error;
  }
}

/**
 * A report file already in storage becomes an import job: under a lock on its content hash, the same
 * content already uploaded and not failed is refused (409) unless `force`; otherwise the job row
 * (`pending`) and `report.uploaded` are written in one transaction.
 */
export async function registerStoreReport(
  db: Db,
  admin: User,
  file: { key: string; filename: string; sha256: string; size: number; force: boolean },
): Promise<StoreReport> {
  return db.transaction(async (trx) => {
    await lockStoreReportContent(trx, file.sha256);
    const existing = await storeReportWithContent(trx, file.sha256);
    if (existing && !file.force) throw ConflictError(duplicateStoreReportMessage(existing));
    const report = await StoreReport.query(trx)
      .insert({
        filename: cleanFilename(file.filename),
        fileKey: file.key,
        contentHash: file.sha256,
        size: file.size,
        forced: Boolean(existing) && file.force,
        status: 'pending',
        uploadedBy: admin.id,
      })
      .returning('*');
    await appendEvent(trx, {
      type: 'report.uploaded',
      aggregateId: report.id,
      actorId: admin.id,
      payload: {
        filename: report.filename,
        size: file.size,
        contentHash: file.sha256,
        forced: report.forced,
      },
    });
    return report;
  });
}
