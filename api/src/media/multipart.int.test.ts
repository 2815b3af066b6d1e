/**
 * receiveMultipartFile refuses a form only once the file's upload is cleaned up: on S3 (the test server,
 * infra/s3), a refused form's multipart upload is aborted before the refusal comes out, so the caller's
 * clean-up and the answer follow it, and nothing of the file is left or appears later.
 */
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { setImmediate as tick, setTimeout as sleep } from 'node:timers/promises';
import { ListMultipartUploadsCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { s3Storage, type Storage } from '@riffline/db';
import { startS3, type LocalS3 } from '../../../infra/s3/s3.ts';
import { uniqueName } from '#test/support/database.ts';
import { receiveMultipartFile, NOT_A_FORM } from './multipart.ts';

const MiB = 1024 * 1024;
let s3: LocalS3;
beforeAll(async () => {
  s3 = await startS3({ directory: path.join(os.tmpdir(), uniqueName('riffline-multipart-s3')) });
});
afterAll(() => s3?.stop());

const storageOf = (s3: LocalS3) =>
  s3Storage({
    driver: 's3',
    bucket: s3.bucket,
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });

/**
 * The S3 storage, its puts' outcomes held back until `release()`: `settled` tells when a put has really
 * ended (its upload completed, or failed and aborted) while the caller still waits for it.
 */
function heldStorage() {
  const storage = storageOf(s3);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const state = { settled: false };
  const held: Storage = {
    ...storage,
    put: (key, body, contentType) =>
      storage.put(key, body, contentType).finally(async () => {
        state.settled = true;
        await gate;
      }),
  };
  return { storage: held, client: storage.client, state, release };
}

/** One request at a loopback server that hands it to receiveMultipartFile; answers its outcome. */
async function receiving(storage: Storage, key: string) {
  let outcome!: Promise<unknown>;
  const server = http.createServer((req, res) => {
    outcome = receiveMultipartFile(req, {
      field: 'file',
      notMultipart: 'not multipart',
      missing: 'no file',
      storage,
      key,
      maxBytes: 100 * MiB,
      sniff: () => 'text' as const,
      contentType: () => 'text/plain',
      notAccepted: 'not text',
      tooLarge: 'too large',
    });
    outcome.then(
      () => res.end('stored'),
      () => res.writeHead(400).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/`,
    outcome: () => outcome,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A form whose file part carries `bytes` bytes of text and never ends: no closing boundary. */
function unendingForm(url: string, bytes: number) {
  const boundary = 'riffline-boundary';
  const body = Readable.from(
    (function* () {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.csv"\r\n\r\n`,
      );
      const block = Buffer.alloc(MiB, 'a');
      for (let sent = 0; sent < bytes; sent += block.length) yield block;
    })(),
  );
  const req = http.request(url, {
    method: 'POST',
    agent: false,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  req.on('error', () => undefined);
  req.on('response', (res) => res.resume());
  body.pipe(req);
}

it('a malformed form is refused only after its S3 multipart upload is aborted', async () => {
  const { storage, client, state, release } = heldStorage();
  const key = `reports/${uniqueName('unending')}`;
  const server = await receiving(storage, key);
  try {
    // 20 MiB: the multipart upload begins (8 MiB parts), then the form turns out not to end.
    unendingForm(server.url, 20 * MiB);
    let refused = false;
    let watched = false;
    while (!state.settled) {
      await sleep(10);
      if (watched || !server.outcome()) continue;
      watched = true;
      server.outcome().catch(() => (refused = true));
    }
    // The upload has failed and is aborted; its put has not yet answered the upload: not refused yet.
    for (let i = 0; i < 10; i++) await tick();
    expect(refused).toBe(false);
    const listed = await client.send(new ListMultipartUploadsCommand({ Bucket: s3.bucket }));
    expect(listed.Uploads ?? []).toEqual([]);
    release();
    await expect(server.outcome()).rejects.toMatchObject({ status: 400, message: NOT_A_FORM });
  } finally {
    release();
    await server.close();
  }
});
