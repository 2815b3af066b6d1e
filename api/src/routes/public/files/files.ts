import { contentDisposition, isLocalStorage } from '@riffline/db';
import { AuthorizationError, HttpError, NotFoundError } from '../../../errors.ts';
import type { Handler } from '../../route.ts';
import type { FileInput } from './schema.ts';

export const LINK_INVALID = 'This link is not valid';
export const LINK_EXPIRED = 'This link has expired: reload the page for a new one';
export const FILE_NOT_FOUND = 'File not found';

/** `bytes=start-end` (one range, either end optional) of a file of `size` bytes; null for the whole file. */
function byteRange(header: string, size: number): { start: number; end: number } | null | 'unsatisfiable' {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (!match[1] && !match[2])) return null; // several ranges or none: the whole file
  let start: number;
  let end: number;
  if (!match[1]) {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  }
  return start > end || start >= size ? 'unsatisfiable' : { start, end };
}

/**
 * A file of the local storage, for whoever holds a URL it signed (the answers of the release routes carry
 * them; S3's are presigned by S3 instead): 403 for a signature that is not ours or has expired, 404 when
 * the file is gone. Streamed with the type it was signed for; single byte ranges for audio seeking.
 */
export const file: Handler<FileInput> = async (ctx, { storage, clock }) => {
  const { params, query } = ctx.state.input;
  if (!isLocalStorage(storage)) throw NotFoundError(FILE_NOT_FOUND);
  const now = clock();
  const verdict = await storage.checkSignedUrl(params.key, query, now);
  if (verdict === 'invalid') throw AuthorizationError(LINK_INVALID);
  if (verdict === 'expired') throw AuthorizationError(LINK_EXPIRED);
  const size = await storage.sizeOf(params.key);
  if (size === null) throw NotFoundError(FILE_NOT_FOUND);

  const range = ctx.get('Range') ? byteRange(ctx.get('Range'), size) : null;
  if (range === 'unsatisfiable') {
    ctx.set('Content-Range', `bytes */${size}`);
    throw new HttpError(416, 'The requested range is outside the file');
  }
  ctx.set('Accept-Ranges', 'bytes');
  // The bytes under a key never change (each upload has a new key): a browser may keep them while the
  // link is valid.
  ctx.set(
    'Cache-Control',
    `private, max-age=${Math.max(0, query.expires - Math.floor(now.getTime() / 1000))}`,
  );
  if (query.filename) ctx.set('Content-Disposition', contentDisposition(query.filename));
  ctx.type = query.type ?? 'application/octet-stream';
  const length = range ? range.end - range.start + 1 : size;
  if (range) ctx.set('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
  // HEAD: the headers only, and no file opened that nobody would read.
  if (ctx.method === 'HEAD') {
    ctx.status = range ? 206 : 200;
    ctx.length = length;
    return;
  }
  const opened = await storage.read(params.key, range ?? undefined);
  if (!opened) throw NotFoundError(FILE_NOT_FOUND);
  ctx.body = opened.body;
  ctx.status = range ? 206 : 200;
  ctx.length = length;
};
