import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { ListMultipartUploadsCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../db/src/config.ts';
import { createStorage, isLocalStorage, type Storage } from '../../db/src/storage/index.ts';
import type { s3Storage } from '../../db/src/storage/s3.ts';
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

const signingKeys = () => ['a-session-key-of-at-least-32-characters'];
const drivers: Array<[string, () => Storage]> = [
  ['local folder', () => createStorage(loadConfig({ DATA_DIR: localRoot }), { signingKeys })],
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

  it('streams a body larger than an S3 part without holding it, and reads it back the same', async () => {
    const storage = make();
    const key = `${uniqueName('audio')}/large.wav`;
    const total = 20 * 1024 * 1024 + 123; // three parts of 8 MiB on S3
    const chunk = Buffer.alloc(1024 * 1024);
    const hash = createHash('sha256');
    let sent = 0;
    const body = new Readable({
      read() {
        if (sent >= total) return void this.push(null);
        const n = Math.min(chunk.length, total - sent);
        const part = Buffer.from(chunk.subarray(0, n).fill(sent % 251));
        sent += n;
        hash.update(part);
        this.push(part);
      },
    });
    expect(await storage.put(key, body, 'audio/wav')).toEqual({ size: total });
    const back = await storage.get(key);
    expect([back.length, createHash('sha256').update(back).digest('hex')]).toEqual([
      total,
      hash.digest('hex'),
    ]);
    await storage.delete(key);
  });

  it('reads an object back as a stream (a store report), and answers null for one that is not there', async () => {
    const storage = make();
    const key = `reports/${uniqueName('report')}.csv`;
    const text = 'period,store\n'.padEnd(300 * 1024, 'x');
    await storage.put(key, Buffer.from(text), 'text/csv');
    const stream = (await storage.stream(key))!;
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe(text);
    await storage.delete(key);
    expect(await storage.stream(key)).toBeNull();
  });

  it('keeps nothing when the body fails half-way', async () => {
    const storage = make();
    const key = `${uniqueName('audio')}/broken.wav`;
    let sent = 0;
    const body = new Readable({
      read() {
        if (sent >= 12 * 1024 * 1024) return void this.destroy(new Error('the client went away'));
        sent += 1024 * 1024;
        this.push(Buffer.alloc(1024 * 1024, 1));
      },
    });
    await expect(storage.put(key, body, 'audio/wav')).rejects.toThrow('the client went away');
    expect(await storage.exists(key)).toBe(false);
    if (storage.driver === 's3') {
      // Its multipart upload (a part of 8 MiB was sent) aborted: no parts left in the bucket.
      const { client } = storage as ReturnType<typeof s3Storage>;
      const listed = await client.send(new ListMultipartUploadsCommand({ Bucket: s3.bucket }));
      expect(listed.Uploads ?? []).toEqual([]);
    }
  });

  it('signs short-lived URLs for its objects', async () => {
    const storage = make();
    const key = `${uniqueName('art')}/cover`;
    const bytes = Buffer.from('\x89PNG pretend');
    await storage.put(key, bytes, 'image/png');
    const url = await storage.signedUrl(key, {
      expiresInSeconds: 900,
      filename: 'Cover.png',
      contentType: 'image/png',
    });
    if (isLocalStorage(storage)) {
      // Served by the API (GET /api/files/…, tested there); here, its signature.
      const u = new URL(url);
      expect(u.pathname).toBe(`/api/files/${encodeURIComponent(key)}`);
      const query = {
        expires: Number(u.searchParams.get('expires')),
        signature: u.searchParams.get('signature')!,
        filename: u.searchParams.get('filename')!,
        type: u.searchParams.get('type')!,
      };
      expect(query.expires - Date.now() / 1000).toBeCloseTo(900, -1);
      expect(await storage.checkSignedUrl(key, query, new Date())).toBe('ok');
      expect(await storage.checkSignedUrl(key, query, new Date(Date.now() + 901_000))).toBe('expired');
      expect(await storage.checkSignedUrl(`${key}x`, query, new Date())).toBe('invalid');
      expect(await storage.checkSignedUrl(key, { ...query, type: 'text/html' }, new Date())).toBe('invalid');
      expect(storage.origin).toBeUndefined(); // the site's own: the CSP needs nothing more
    } else {
      expect(url).toContain('X-Amz-Expires=900');
      expect(new URL(url).origin).toBe(storage.origin); // what the CSP lets players and images load
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('content-disposition')).toBe(
        `inline; filename="Cover.png"; filename*=UTF-8''Cover.png`,
      );
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    }
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
