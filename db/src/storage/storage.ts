import type { Readable } from 'node:stream';

/** Object storage: a local folder on embedded defaults, S3 (or MinIO) when S3_BUCKET is set. */
export interface Storage {
  readonly driver: 'local' | 's3';
  put(key: string, body: Buffer | Readable, contentType?: string): Promise<{ size: number }>;
  get(key: string): Promise<Buffer>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
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
