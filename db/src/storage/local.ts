import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertKey, type Storage } from './storage.ts';

export function localStorage(root: string): Storage {
  const resolve = (key: string) => {
    assertKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    driver: 'local',
    async put(key, body) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write beside the target and rename, so a reader never sees half a file.
      const partial = `${file}.${process.pid}.partial`;
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(partial));
      await fs.rename(partial, file);
      return { size: (await fs.stat(file)).size };
    },
    get: async (key) => fs.readFile(resolve(key)),
    async exists(key) {
      return fs.stat(resolve(key)).then(
        () => true,
        () => false,
      );
    },
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
    async check() {
      await fs.mkdir(root, { recursive: true });
      await fs.access(root, fs.constants.W_OK);
    },
  };
}
