import type { Config } from '../config.ts';
import { localStorage, type LocalStorageOptions } from './local.ts';
import { s3Storage } from './s3.ts';
import type { Storage } from './storage.ts';

export type { SignedUrlOptions, Storage } from './storage.ts';
export { contentDisposition } from './storage.ts';
export {
  isLocalStorage,
  localStorage,
  type LocalStorage,
  type LocalStorageOptions,
  type SignedFileQuery,
} from './local.ts';
export { s3Storage } from './s3.ts';

/**
 * S3 when S3_BUCKET is set, else the local folder, whose signed URLs are the API's `GET /api/files/…` at
 * PUBLIC_URL, signed with `signingKeys` (the API's session keys).
 */
export function createStorage(
  config: Pick<Config, 'storage' | 'publicUrl'>,
  options: Pick<LocalStorageOptions, 'signingKeys' | 'clock'> = {},
): Storage {
  return config.storage.driver === 's3'
    ? s3Storage(config.storage)
    : localStorage(config.storage.root, { baseUrl: config.publicUrl, ...options });
}
