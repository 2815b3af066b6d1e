import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../db/src/config.ts';
import { createStorage, type Storage } from '../../db/src/storage/index.ts';
import { uniqueName } from '#test/support/database.ts';
import { startS3, type LocalS3 } from './s3.ts';

let s3: LocalS3;
const localRoot = path.join(os.tmpdir(), uniqueName('riffline-storage'));

beforeAll(async () => {
  s3 = await startS3({ directory: path.join(os.tmpdir(), uniqueName('riffline-s3')) });
});
afterAll(async () => {
  await s3?.stop();
  fs.rmSync(localRoot, { recursive: true, force: true });
});

const drivers: Array<[string, () => Storage]> = [
  ['local folder', () => createStorage(loadConfig({ DATA_DIR: localRoot }))],
  ['S3 (s3rver on loopback, @aws-sdk/client-s3)', () => createStorage(loadConfig(s3.env))],
];

describe.each(drivers)('storage: %s', (_name, make) => {
  it('is healthy, stores a buffer and a stream, reads them back and deletes them', async () => {
    const storage = make();
    await expect(storage.check()).resolves.toBeUndefined();
    const key = `${uniqueName('audio')}/track-1.wav`;
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.put(key, Buffer.from('RIFF....WAVE'), 'audio/wav')).toEqual({ size: 12 });
    expect((await storage.get(key)).toString()).toBe('RIFF....WAVE');

    const streamed = `${uniqueName('art')}/cover.jpg`;
    const bytes = Buffer.alloc(256 * 1024, 7);
    await storage.put(streamed, Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]), 'image/jpeg');
    expect((await storage.get(streamed)).equals(bytes)).toBe(true);

    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.exists(streamed)).toBe(true);
  });

  it('refuses keys that escape their folder', async () => {
    const storage = make();
    await expect(storage.put('../outside.txt', Buffer.from('x'))).rejects.toThrow('invalid storage key');
    await expect(storage.get('/etc/passwd')).rejects.toThrow('invalid storage key');
  });
});

it('reports an unhealthy S3 bucket', async () => {
  const storage = createStorage(loadConfig({ ...s3.env, S3_BUCKET: 'no-such-bucket' }));
  await expect(storage.check()).rejects.toThrow();
});
