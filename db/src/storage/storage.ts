import type { Readable } from 'node:stream';

/** How a signed URL serves its object. */
export interface SignedUrlOptions {
  /** How long the URL works, from now (short: minutes). */
  expiresInSeconds: number;
  /** The name a browser saves the file under (Content-Disposition). */
  filename?: string;
  /** The Content-Type the object is served with. */
  contentType?: string;
}

/**
 * Object storage: a local folder on embedded defaults, S3 (or MinIO) when S3_BUCKET is set. Both drivers
 * stream: `put` never holds a whole body in memory (S3: a multipart upload with a bounded part queue;
 * local: a partial file renamed into place), and a failed `put` leaves nothing at the key. Objects are
 * read by browsers through short-lived signed URLs (S3: presigned; local: served by the API).
 */
export interface Storage {
  readonly driver: 'local' | 's3';
  /** The origin signed URLs point to when it is not the site's own (S3: the bucket's), for the CSP. */
  readonly origin?: string;
  /** Stores `body` at `key`, replacing what was there; rejects (keeping nothing) if `body` errors. */
  put(key: string, body: Buffer | Readable, contentType?: string): Promise<{ size: number }>;
  get(key: string): Promise<Buffer>;
  /**
   * Reads the object as a stream, never whole (a large report); null when there is no such object.
   * `chunkBytes`: how much each piece read from a file holds (local storage; S3's pieces are the network's).
   */
  stream(key: string, options?: { chunkBytes?: number }): Promise<Readable | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** A URL that reads the object until it expires, without a session. */
  signedUrl(key: string, options: SignedUrlOptions): Promise<string>;
  /** Resolves when the store can be written to; throws with the reason otherwise. */
  check(): Promise<void>;
}

/** Keys are relative slash-separated paths without `..`; anything else is refused. */
export function assertKey(key: string): void {
  if (
    !key ||
    key.startsWith('/') ||
    key.split('/').some((part) => part === '' || part === '.' || part === '..')
  ) {
    throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  }
}

/** `inline; filename="…"; filename*=UTF-8''…`: an ASCII fallback and the exact name (RFC 6266). */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const exact = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16)}`);
  return `inline; filename="${ascii}"; filename*=UTF-8''${exact}`;
}
