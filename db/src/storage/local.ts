import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertKey, type SignedUrlOptions, type Storage } from './storage.ts';

export interface LocalStorageOptions {
  /** The origin the API is reached at (PUBLIC_URL): signed URLs point at its `GET /api/files/…`. */
  baseUrl?: string;
  /**
   * The secrets that sign file URLs, newest first (the API's session keys: a URL signed with any of them
   * is accepted, so keys rotate like the session cookie's). Asked for once, on the first signature.
   */
  signingKeys?: () => string[] | Promise<string[]>;
  /** What time it is when a URL is signed (tests move it). */
  clock?: () => Date;
}

/** The query of a signed file URL, as `GET /api/files/:key` receives it. */
export interface SignedFileQuery {
  expires: number;
  signature: string;
  filename?: string;
  type?: string;
}

/** The local driver: storage plus what the API needs to serve its signed URLs. */
export interface LocalStorage extends Storage {
  readonly driver: 'local';
  readonly root: string;
  /** Whether a signed URL's query is ours and still valid for `key` at `now`. */
  checkSignedUrl(key: string, query: SignedFileQuery, now: Date): Promise<'ok' | 'expired' | 'invalid'>;
  /** A byte range (inclusive) of a stored file, or null when there is no such file. */
  read(key: string, range?: { start: number; end: number }): Promise<{ body: Readable; size: number } | null>;
  /** The size of a stored file, or null when there is none. */
  sizeOf(key: string): Promise<number | null>;
}

export const isLocalStorage = (storage: Storage): storage is LocalStorage =>
  storage.driver === 'local' && 'checkSignedUrl' in storage;

/** A file URL signature: HMAC-SHA256 with a key derived for this purpose only from a session key. */
function sign(secret: string, key: string, query: Omit<SignedFileQuery, 'signature'>): Buffer {
  const purposeKey = createHmac('sha256', secret).update('riffline:file-url:v1').digest();
  return createHmac('sha256', purposeKey)
    .update([key, String(query.expires), query.filename ?? '', query.type ?? ''].join('\n'))
    .digest();
}

/**
 * How much a file's write stream takes before it asks its writer to wait: its writes then go to the disk
 * many chunks at a time (one system call on libuv's threads for up to 1 MiB) instead of one call per 64 KB
 * chunk of a request, and a slow call does not stop the request at once. Not larger: chunks that wait
 * longer reach V8's old generation and the upload's memory grows, for no more speed (docs/benchmarks.md).
 */
const WRITE_BUFFER_BYTES = 1024 * 1024;

export function localStorage(root: string, options: LocalStorageOptions = {}): LocalStorage {
  const resolve = (key: string) => {
    assertKey(key);
    return path.join(root, ...key.split('/'));
  };
  let keys: Promise<string[]> | undefined;
  const signingKeys = () => {
    if (!options.signingKeys || !options.baseUrl) {
      throw new Error('local storage signs URLs only with a baseUrl and signingKeys');
    }
    keys ??= Promise.resolve(options.signingKeys()).then((list) => {
      if (!list.length) throw new Error('local storage: no signing keys');
      return list;
    });
    // A failed lookup (the database was down) is asked again next time.
    keys.catch(() => (keys = undefined));
    return keys;
  };
  const sizeOf = (key: string) =>
    fs.stat(resolve(key)).then(
      (stat) => (stat.isFile() ? stat.size : null),
      () => null,
    );

  return {
    driver: 'local',
    root,
    async put(key, body) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write beside the target and rename, so a reader never sees half a file; a failed write leaves none.
      const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
      try {
        await pipeline(
          Buffer.isBuffer(body) ? Readable.from([body]) : body,
          createWriteStream(partial, { highWaterMark: WRITE_BUFFER_BYTES }),
        );
        await fs.rename(partial, file);
      } catch (error) {
        await fs.rm(partial, { force: true });
        throw error;
      }
      return { size: (await fs.stat(file)).size };
    },
    get: async (key) => fs.readFile(resolve(key)),
    async stream(key, options) {
      if ((await sizeOf(key)) === null) return null;
      return createReadStream(resolve(key), { highWaterMark: options?.chunkBytes });
    },
    async exists(key) {
      return (await sizeOf(key)) !== null;
    },
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
    async signedUrl(key, { expiresInSeconds, filename, contentType }: SignedUrlOptions) {
      assertKey(key);
      const [newest] = await signingKeys();
      const now = (options.clock ?? (() => new Date()))();
      const query = {
        expires: Math.floor(now.getTime() / 1000) + Math.max(1, Math.round(expiresInSeconds)),
        ...(filename ? { filename } : {}),
        ...(contentType ? { type: contentType } : {}),
      };
      const search = new URLSearchParams({
        ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
        signature: sign(newest!, key, query).toString('base64url'),
      });
      return `${options.baseUrl!.replace(/\/+$/, '')}/api/files/${encodeURIComponent(key)}?${search}`;
    },
    async checkSignedUrl(key, { signature, ...query }, now) {
      const given = Buffer.from(signature, 'base64url');
      const ours = (await signingKeys()).some((secret) => {
        const expected = sign(secret, key, query);
        return given.length === expected.length && timingSafeEqual(given, expected);
      });
      if (!ours) return 'invalid';
      return query.expires * 1000 > now.getTime() ? 'ok' : 'expired';
    },
    async read(key, range) {
      const size = await sizeOf(key);
      if (size === null) return null;
      return { body: createReadStream(resolve(key), range ?? {}), size };
    },
    sizeOf,
    async check() {
      await fs.mkdir(root, { recursive: true });
      await fs.access(root, fs.constants.W_OK);
    },
  };
}
