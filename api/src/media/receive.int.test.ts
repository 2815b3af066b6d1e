import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage, loadConfig, type Storage } from '@riffline/db';
import { startS3, type LocalS3 } from '../../../infra/s3/s3.ts';
import { uniqueName } from '#test/support/database.ts';
import { wav, wavStream } from '#test/support/media.ts';
import { HttpError } from '../errors.ts';
import { INTERRUPTED, streamToStorage } from './receive.ts';
import { audioContentType, sniffAudio } from './sniff.ts';

let s3: LocalS3;
const localRoot = path.join(os.tmpdir(), uniqueName('riffline-receive'));
const s3Dir = path.join(os.tmpdir(), uniqueName('riffline-receive-s3'));
beforeAll(async () => {
  s3 = await startS3({ directory: s3Dir });
});
afterAll(async () => {
  await s3?.stop();
  fs.rmSync(localRoot, { recursive: true, force: true });
});

/** Everything either store holds: files of the folder, objects of the bucket (s3rver keeps them as files). */
const stored = () => [...filesIn(localRoot), ...filesIn(s3Dir).filter((f) => f.endsWith('_S3rver_object'))];
const filesIn = (dir: string) =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((f) => fs.statSync(path.join(dir, f)).isFile())
    : [];

const options = (storage: Storage, key: string, maxBytes: number) => ({
  storage,
  key,
  maxBytes,
  sniff: sniffAudio,
  contentType: (format: 'wav' | 'mp3') => audioContentType[format],
  notAccepted: 'Audio must be a WAV or MP3 file',
  tooLarge: 'too large',
});

const drivers: Array<[string, () => Storage]> = [
  ['a local folder', () => createStorage(loadConfig({ DATA_DIR: localRoot }))],
  ['S3 (s3rver)', () => createStorage(loadConfig(s3.env))],
];

describe.each(drivers)('streamToStorage into %s', (_name, make) => {
  it('stores what streams in, with its size, hash and format', async () => {
    const storage = make();
    const key = `audio/${uniqueName('ok')}`;
    const file = wav(1);
    const received = await streamToStorage(
      { body: Readable.from([file.subarray(0, 5), file.subarray(5)]), declaredSize: null },
      options(storage, key, file.length),
    );
    expect(received).toMatchObject({ format: 'wav', size: file.length });
    expect((await storage.get(key)).equals(file)).toBe(true);
    await storage.delete(key);
  });

  it('stops at the limit with a 413 and keeps nothing (20 MiB through a 12 MiB limit: S3 parts were sent)', async () => {
    const storage = make();
    const key = `audio/${uniqueName('big')}`;
    const error = await streamToStorage(
      { body: wavStream(20 * 1024 * 1024), declaredSize: null },
      options(storage, key, 12 * 1024 * 1024),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 413, message: 'too large' });
    expect(await storage.exists(key)).toBe(false);
    expect(stored()).toEqual([]);
  });

  it('a body that breaks off half-way (the client went away) is a 400 and leaves nothing', async () => {
    const storage = make();
    const key = `audio/${uniqueName('cut')}`;
    const body = new PassThrough();
    const source = wavStream(64 * 1024 * 1024);
    let sent = 0;
    source.on('data', (chunk: Buffer) => {
      sent += chunk.length;
      if (sent > 10 * 1024 * 1024) {
        source.destroy();
        body.destroy(new Error('aborted'));
      } else if (!body.write(chunk)) {
        source.pause();
        body.once('drain', () => source.resume());
      }
    });
    const error = await streamToStorage(
      { body, declaredSize: null },
      options(storage, key, 200 * 1024 * 1024),
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, message: INTERRUPTED });
    expect(await storage.exists(key)).toBe(false);
    expect(stored()).toEqual([]);
  });
});

it('a store that fails mid-way fails the upload instead of waiting for it', async () => {
  const failing: Storage = {
    ...createStorage(loadConfig({ DATA_DIR: localRoot })),
    async put(_key, body) {
      // Reads a little, then gives up without reading further.
      for await (const _ of body as Readable) break;
      throw new Error('the store went down');
    },
  };
  const error = await streamToStorage(
    { body: wavStream(50 * 1024 * 1024), declaredSize: null },
    options(failing, 'audio/down', 200 * 1024 * 1024),
  ).catch((e: unknown) => e);
  expect(error).toMatchObject({ message: 'the store went down' });
});
