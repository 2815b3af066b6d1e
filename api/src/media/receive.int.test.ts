import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { ListMultipartUploadsCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage, loadConfig, type s3Storage, type Storage } from '@riffline/db';
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

/**
 * The bucket's multipart uploads begun and neither completed nor aborted (S3's ListMultipartUploads):
 * the parts a refused upload would leave behind. None in a folder.
 */
async function uploadsLeft(storage: Storage): Promise<string[]> {
  if (storage.driver !== 's3') return [];
  const { client } = storage as ReturnType<typeof s3Storage>;
  const listed = await client.send(new ListMultipartUploadsCommand({ Bucket: s3.bucket }));
  return (listed.Uploads ?? []).map((upload) => upload.Key!);
}

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
    expect(await uploadsLeft(storage)).toEqual([]);
  });

  it('refuses a file of the wrong type with a 415 and keeps nothing', async () => {
    const storage = make();
    const key = `audio/${uniqueName('text')}`;
    const error = await streamToStorage(
      { body: Readable.from([Buffer.alloc(20 * 1024 * 1024, 'x')]), declaredSize: null },
      options(storage, key, 200 * 1024 * 1024),
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 415 });
    expect(stored()).toEqual([]);
    expect(await uploadsLeft(storage)).toEqual([]);
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
    expect(await uploadsLeft(storage)).toEqual([]);
  });
});

/**
 * An HTTP relay to the S3 server that answers every UploadPart of part `failing` with a 500, as a store
 * in trouble would (the SDK tries each request three times).
 */
async function failingS3(failing: number): Promise<{ endpoint: string; close(): Promise<void> }> {
  const target = new URL(s3.endpoint);
  const server = http.createServer((req, res) => {
    const url = new URL(req.url!, s3.endpoint);
    if (req.method === 'PUT' && url.searchParams.get('partNumber') === String(failing)) {
      req.resume();
      req.on('end', () => {
        res.writeHead(500, { 'content-type': 'application/xml' });
        res.end(
          '<Error><Code>InternalError</Code><Message>We encountered an internal error.</Message></Error>',
        );
      });
      return;
    }
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

it('S3 failing a part half-way fails the upload, aborts it and keeps nothing', async () => {
  const relay = await failingS3(2);
  try {
    const storage = createStorage(loadConfig({ ...s3.env, S3_ENDPOINT: relay.endpoint }));
    const key = `audio/${uniqueName('store-down')}`;
    const error = await streamToStorage(
      { body: wavStream(40 * 1024 * 1024), declaredSize: null },
      options(storage, key, 200 * 1024 * 1024),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(HttpError);
    expect(await storage.exists(key)).toBe(false);
    expect(stored()).toEqual([]);
    expect(await uploadsLeft(storage)).toEqual([]);
  } finally {
    await relay.close();
  }
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
