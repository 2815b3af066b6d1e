/**
 * A refused upload leaves nothing in an S3 bucket, through the API: for each way an audio upload (a raw
 * body) or a store report (a multipart form) is refused or breaks off, before or after its S3 multipart
 * upload began (the wrong type, refused once whole, a malformed form, the client gone), the bucket holds
 * neither the object nor a multipart upload in progress (ListMultipartUploads) once the refusal is
 * answered, or, with the client gone, once the server is done with it.
 */
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Readable } from 'node:stream';
import { ListMultipartUploadsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, expect } from 'vitest';
import type { ReleaseWithTracksResponse } from '@riffline/contracts';
import { createStorage, loadConfig, Track, type Db, type s3Storage } from '@riffline/db';
import { startS3, type LocalS3 } from '../../../infra/s3/s3.ts';
import { actor, type Actor } from '#test/support/actors.ts';
import { apiTest, startTestServer, type TestServer } from '#test/support/api.ts';
import { uniqueName } from '#test/support/database.ts';
import { cookieHeader, rawPut, wav, wavStream, WAV_BYTES_PER_SECOND } from '#test/support/media.ts';
import { STORE_REPORT_NOT_CSV } from '../commands/storeReports/storeReportUploader.ts';
import { NOT_A_FORM } from './multipart.ts';

const MiB = 1024 * 1024;
const AUDIO_NOT_ACCEPTED = 'Audio must be a WAV or MP3 file';
const AUDIO_INCOMPLETE = 'The audio file is incomplete: its header promises more sound than the file holds';

let s3: LocalS3;
let server: TestServer | undefined;
beforeAll(async () => {
  s3 = await startS3({ directory: path.join(os.tmpdir(), uniqueName('riffline-refusals-s3')) });
});
afterAll(async () => {
  await server?.close();
  await s3?.stop();
});

/** The API on this file's database, storing into the S3 server (started once). */
async function serverOn(db: Db): Promise<TestServer> {
  server ??= await startTestServer({ db, keepDb: true, storage: createStorage(loadConfig(s3.env)) });
  return server;
}

const clientOf = (app: TestServer) => (app.deps.storage as ReturnType<typeof s3Storage>).client;

/** What the bucket holds: its objects, and its multipart uploads begun and neither completed nor aborted. */
async function bucketOf(app: TestServer) {
  const client = clientOf(app);
  const [objects, uploads] = await Promise.all([
    client.send(new ListObjectsV2Command({ Bucket: s3.bucket })),
    client.send(new ListMultipartUploadsCommand({ Bucket: s3.bucket })),
  ]);
  return {
    objects: (objects.Contents ?? []).map((object) => object.Key),
    uploads: (uploads.Uploads ?? []).map((upload) => upload.Key),
  };
}
const empty = { objects: [], uploads: [] };

/** A draft single with one track, and the track's id. */
async function draftTrack(artist: Actor): Promise<string> {
  const res = await artist.send('POST', '/api/releases', {
    title: 'Night Drive',
    artist: 'Maya R',
    genre: 'Electronic',
    releaseType: 'single',
    releaseDate: new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10),
    albumArt: 'https://img.example/cover.jpg',
    tracks: [{ title: 'Night Drive', primaryArtists: ['Maya R'] }],
  });
  expect(res.status, res.body).toBe(201);
  return res.json<ReleaseWithTracksResponse>().tracks[0]!.id;
}

/**
 * `source`'s first `bytes` bytes, then, once `began()` has resolved, the stream breaks off as when its
 * client goes away.
 */
function cutAfter(source: Readable, bytes: number, began: () => Promise<void>): Readable {
  return Readable.from(
    (async function* () {
      let sent = 0;
      for await (const chunk of source) {
        if (sent >= bytes) {
          await began();
          throw new Error('the client went away');
        }
        sent += (chunk as Buffer).length;
        yield chunk as Buffer;
      }
    })(),
  );
}

/**
 * A raw request with a streamed body, as a signed-in page sends it (its cookies, our Origin). Resolves
 * with the answer, or with null when the body broke off before one came (the request is dropped then).
 */
function send(
  app: TestServer,
  who: Actor,
  method: 'PUT' | 'POST',
  url: string,
  body: Readable,
  contentType: string,
): Promise<{ status: number; body: string } | null> {
  return new Promise((resolve) => {
    const req = http.request(`${app.url}${url}`, {
      method,
      agent: false,
      headers: { origin: app.url, cookie: cookieHeader(who.browser.cookies), 'content-type': contentType },
    });
    req.on('response', (res) => {
      const parts: Buffer[] = [];
      res.on('data', (chunk: Buffer) => parts.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(parts).toString() }));
    });
    req.on('error', () => resolve(null));
    body.on('error', () => req.destroy());
    body.pipe(req);
  });
}

/** A report's multipart/form-data body, its file streamed from `content`; `closed: false` leaves out the end. */
function form(content: Readable, { closed = true }: { closed?: boolean } = {}) {
  const boundary = `----riffline${uniqueName('b')}`;
  const body = Readable.from(
    (async function* () {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="report.csv"\r\n` +
          'Content-Type: text/csv\r\n\r\n',
      );
      yield* content;
      if (closed) yield Buffer.from(`\r\n--${boundary}--\r\n`);
    })(),
  );
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

const postReport = (app: TestServer, admin: Actor, content: Readable, options?: { closed?: boolean }) => {
  const { body, type } = form(content, options);
  return send(app, admin, 'POST', '/api/admin/reports', body, type);
};

/** `bytes` of CSV-like text, from `header` on. */
const text = (header: string, bytes: number) =>
  Readable.from(
    (function* () {
      yield Buffer.from(header);
      const block = Buffer.from('2026-10,Spotify,IN,QZABC2600001,,stream,120,0.35,USD\n'.repeat(20_000));
      for (let sent = header.length; sent < bytes; sent += block.length) yield block;
    })(),
  );

/** Waits (at most 30 s) until `check` holds; answers whether it did. */
async function until(check: () => Promise<boolean>): Promise<boolean> {
  for (const deadline = Date.now() + 30_000; !(await check()); await sleep(50)) {
    if (Date.now() > deadline) return false;
  }
  return true;
}

/** Resolves once the bucket shows a multipart upload in progress (fails the test if none begins). */
const uploadBegun = (app: TestServer) => async () => {
  expect(await until(async () => (await bucketOf(app)).uploads.length > 0)).toBe(true);
};

apiTest('audio: the wrong type is refused before anything is sent to S3', async ({ db }) => {
  const app = await serverOn(db);
  const artist = await actor(app, db, 'approved');
  const trackId = await draftTrack(artist);
  const res = await rawPut(`${app.url}/api/tracks/${trackId}/audio`, Buffer.alloc(20 * MiB, 'x'), {
    origin: app.url,
    cookie: cookieHeader(artist.browser.cookies),
  });
  expect([res.status, res.json()]).toEqual([415, { message: AUDIO_NOT_ACCEPTED }]);
  expect(await bucketOf(app)).toEqual(empty);
});

apiTest('audio: a file refused once whole (incomplete) is deleted from the bucket', async ({ db }) => {
  const app = await serverOn(db);
  const artist = await actor(app, db, 'approved');
  const trackId = await draftTrack(artist);
  // 20 MiB of a WAV whose header promises twice that: three S3 parts, then the verdict.
  const file = wav((40 * MiB) / WAV_BYTES_PER_SECOND).subarray(0, 20 * MiB);
  const res = await rawPut(`${app.url}/api/tracks/${trackId}/audio`, file, {
    origin: app.url,
    cookie: cookieHeader(artist.browser.cookies),
    contentType: 'audio/wav',
  });
  expect([res.status, res.json()]).toEqual([400, { message: AUDIO_INCOMPLETE }]);
  expect(await bucketOf(app)).toEqual(empty);
});

apiTest('audio: an upload whose client went away half-way leaves nothing in the bucket', async ({ db }) => {
  const app = await serverOn(db);
  const artist = await actor(app, db, 'approved');
  const trackId = await draftTrack(artist);
  const body = cutAfter(wavStream(64 * MiB), 20 * MiB, uploadBegun(app));
  expect(await send(app, artist, 'PUT', `/api/tracks/${trackId}/audio`, body, 'audio/wav')).toBeNull();
  // The upload's trace on the track is written once the upload is cleaned up.
  await until(async () => (await Track.query(db).findById(trackId))?.audioState === 'failed');
  expect(await Track.query(db).findById(trackId)).toMatchObject({ audioState: 'failed', audioKey: null });
  expect(await bucketOf(app)).toEqual(empty);
});

apiTest('a store report that is not text is refused before anything is sent to S3', async ({ db }) => {
  const app = await serverOn(db);
  const admin = await actor(app, db, 'admin');
  const res = await postReport(app, admin, Readable.from([Buffer.alloc(20 * MiB, 0)]));
  expect(res).toEqual({ status: 415, body: JSON.stringify({ message: STORE_REPORT_NOT_CSV }) });
  expect(await bucketOf(app)).toEqual(empty);
});

apiTest('a store report refused once whole (no header row an import needs) is deleted', async ({ db }) => {
  const app = await serverOn(db);
  const admin = await actor(app, db, 'admin');
  const res = await postReport(app, admin, text('Song,Plays\n', 20 * MiB));
  expect(res?.status, res?.body).toBe(400);
  expect(await bucketOf(app)).toEqual(empty);
});

apiTest('a store report in a form that never ends (no closing boundary) leaves nothing', async ({ db }) => {
  const app = await serverOn(db);
  const admin = await actor(app, db, 'admin');
  const header = 'Period,Store,Country,ISRC,UPC,Sale Type,Units,Net Revenue,Currency\n';
  const res = await postReport(app, admin, text(header, 20 * MiB), { closed: false });
  expect(res).toEqual({ status: 400, body: JSON.stringify({ message: NOT_A_FORM }) });
  // At once: the refusal is answered once the file's upload is aborted.
  expect(await bucketOf(app)).toEqual(empty);
});

apiTest('a store report whose client went away half-way leaves nothing in the bucket', async ({ db }) => {
  const app = await serverOn(db);
  const admin = await actor(app, db, 'admin');
  const header = 'Period,Store,Country,ISRC,UPC,Sale Type,Units,Net Revenue,Currency\n';
  const content = cutAfter(text(header, 64 * MiB), 20 * MiB, uploadBegun(app));
  expect(await postReport(app, admin, content)).toBeNull();
  // No answer to wait for: the server is done once the upload it began is gone.
  await until(async () => (await bucketOf(app)).uploads.length === 0);
  expect(await bucketOf(app)).toEqual(empty);
});
