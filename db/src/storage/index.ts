import type { Config } from '../config.ts';
import { localStorage } from './local.ts';
import { s3Storage } from './s3.ts';
import type { Storage } from './storage.ts';

export type { Storage } from './storage.ts';
export { localStorage } from './local.ts';
export { s3Storage } from './s3.ts';

export function createStorage(config: Pick<Config, 'storage'>): Storage {
  return config.storage.driver === 's3' ? s3Storage(config.storage) : localStorage(config.storage.root);
}
