import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, describe, expect } from 'vitest';
import {
  MAX_AUDIO_BYTES,
  type ReleaseResponse,
  type ReleaseWithTracksResponse,
  type TrackResponse,
} from '@riffline/contracts';
import {
  createStorage,
  Event,
  isLocalStorage,
  loadConfig,
  Release,
  Track,
  type LocalStorage,
} from '@riffline/db';
import { startS3 } from '../../../../../infra/s3/s3.ts';
import { actor, type Actor } from '#test/support/actors.ts';
import { apiTest, startTestServer, type TestServer } from '#test/support/api.ts';
import { UPLOADS_PER_HOUR } from './index.ts';
import { uniqueName } from '#test/support/database.ts';
import {
  cookieHeader,
  hugePng,
  jpeg,
  mp3,
  mp3WithTagStream,
  png,
  rawPut,
  wav,
  wavHeader,
  wavStream,
  WAV_BYTES_PER_SECOND,
} from '#test/support/media.ts';

const AUDIO_TOO_LARGE = 'Audio must be at most 200 MB (209,715,200 bytes)';
const AUDIO_NOT_ACCEPTED = 'Audio must be a WAV or MP3 file';
const NO_AUDIO = 'The file holds no audio: upload a complete WAV or MP3 file';
const AUDIO_INCOMPLETE = 'The audio file is incomplete: its header promises more sound than the file holds';
const ARTWORK_UNREADABLE = 'The artwork could not be read: upload a valid JPEG or PNG image';
const ARTWORK_TOO_BIG = 'Artwork must be at most 6000×6000 pixels';
const ARTWORK_TOO_LARGE = 'Artwork must be at most 20 MB';
const EDIT_REFUSED = 'Only a draft or rejected release can be changed: this one is in review or live.';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function draft(artist: Actor, title = 'Night Drive'): Promise<ReleaseWithTracksResponse> {
  const res = await artist.send('POST', '/api/releases', {
    title,
    artist: 'Maya R',
    genre: 'Electronic',
    releaseType: 'single',
    releaseDate: inDays(21),
    albumArt: 'https://img.example/cover.jpg',
    tracks: [{ title: 'Night Drive', primaryArtists: ['Maya R'] }],
  });
  expect(res.status, res.body).toBe(201);
  return res.json<ReleaseWithTracksResponse>();
}

/** A raw upload as the artist app sends it: the file as the body, the session cookie, our Origin. */
const put = (
  app: TestServer,
  who: Actor | null,
  url: string,
  body: Buffer | Readable,
  options: { contentType?: string; length?: number; headers?: Record<string, string> } = {},
) =>
  rawPut(`${app.url}${url}`, body, {
    origin: app.url,
    cookie: who ? cookieHeader(who.browser.cookies) : undefined,
    ...options,
  });

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Reads a signed URL as a browser would: no cookies. */
async function fetchSigned(url: string) {
  const res = await fetch(url);
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}

/** Every file stored under a folder of the local storage (partial files included; not folders). */
function filesUnder(storage: LocalStorage, folder: string): string[] {
  const dir = path.join(storage.root, ...folder.split('/'));
  return fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((f) => fs.statSync(path.join(dir, f), { throwIfNoEntry: false })?.isFile())
    : [];
}

/**
 * Samples this process's resident memory (the server runs in it) every 25 ms until stopped: the peak
 * growth over the start. Each sample follows a young-generation collection (a millisecond), so that it
 * counts what is held, not socket chunks already let go of: V8 collects freed buffers only once many of
 * them have piled up, so unsampled peaks would measure garbage, even for a bare `pipeline(req,
 * createWriteStream())` server.
 */
function watchMemory() {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as (options?: { type: 'minor' | 'major' }) => void;
  gc();
  const start = process.memoryUsage.rss();
  let peak = start;
  const sample = () => {
    gc({ type: 'minor' });
    peak = Math.max(peak, process.memoryUsage.rss());
  };
  const timer = setInterval(sample, 25);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return peak - start;
    },
  };
}

const MiB = 1024 * 1024;
// The storage folders of the servers this file starts: emptied at the end (the 200 MB files live there).
const storageRoots = new Set<string>();
afterAll(() => {
  for (const root of storageRoots) fs.rmSync(root, { recursive: true, force: true });
});
const localStorageOf = (app: TestServer) => {
  const storage = app.deps.storage;
  if (!isLocalStorage(storage)) throw new Error('the test server stores locally');
  storageRoots.add(storage.root);
  return storage;
};

/** Polls `check` until it holds (a server's work the test cannot await), failing after a few seconds. */
async function eventually(what: string, check: () => boolean | Promise<boolean>) {
  for (const started = Date.now(); !(await check());) {
    if (Date.now() - started > 10_000) throw new Error(`still not so after 10 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * An upload whose client goes away half-way: it declares `declared` bytes, sends `sent`, and is destroyed
 * when `destroy` is called (the socket closes, as when a browser tab is closed).
 */
function uploadThatBreaksOff(app: TestServer, who: Actor, url: string, sent: Buffer, declared: number) {
  const req = http.request(`${app.url}${url}`, {
    method: 'PUT',
    agent: false,
    headers: {
      origin: app.url,
      cookie: cookieHeader(who.browser.cookies),
      'content-type': 'application/octet-stream',
      'content-length': String(declared),
    },
  });
  req.on('error', () => undefined);
  req.write(sent);
  return { destroy: () => req.destroy() };
}

/** The upload of a track's audio that is ready: its row and the bytes its signed URL serves. */
async function readyAudio(app: TestServer, artist: Actor, url: string, file: Buffer) {
  const res = await put(app, artist, url, file);
  expect(res.status, res.body).toBe(200);
  return res.json<TrackResponse>();
}

/** What a track holds now, compared with what it held: the same row, the same bytes behind its URL. */
async function expectAudioKept(app: TestServer, artist: Actor, before: TrackResponse, file: Buffer) {
  const listed = (await artist.get(`/api/releases/${before.releaseId}/tracks`)).json<TrackResponse[]>();
  const now = listed.find((t) => t.id === before.id)!;
  expect(now).toMatchObject({
    audioState: 'ready',
    audioFormat: before.audioFormat,
    audioSize: before.audioSize,
    duration: before.duration,
  });
  const read = await fetchSigned(now.audioUrl!);
  expect([read.status, read.bytes.equals(file)]).toEqual([200, true]);
}

describe('PUT /api/tracks/:id/audio', () => {
  apiTest(
    '401 signed out, 403 awaiting approval or cross-site, 400 for a bad id, 404 for another artist’s track, 409 in review',
    async ({ app, db, artist, approvedArtist, newActor }) => {
      const release = await draft(approvedArtist);
      const trackId = release.tracks[0]!.id;
      const url = `/api/tracks/${trackId}/audio`;
      const file = wav(0.1);

      const signedOut = await put(app, null, url, file);
      expect([signedOut.status, signedOut.json()]).toEqual([401, { message: 'Unauthorized' }]);
      const pending = await put(app, artist, url, file);
      expect([pending.status, pending.json()]).toEqual([
        403,
        { message: 'Your account is awaiting approval' },
      ]);
      const crossSite = await rawPut(`${app.url}${url}`, file, {
        origin: 'https://evil.example',
        cookie: cookieHeader(approvedArtist.browser.cookies),
      });
      expect([crossSite.status, crossSite.json()]).toEqual([403, { message: 'Cross-site request refused' }]);
      const badId = await put(app, approvedArtist, '/api/tracks/not-a-uuid/audio', file);
      expect(badId.status).toBe(400);
      expect(badId.json<{ message: string }>().message).toBe('Invalid id');

      const other = await newActor('approved');
      const theirs = await put(app, other, url, file);
      const missing = await put(app, other, `/api/tracks/${crypto.randomUUID()}/audio`, file);
      expect([theirs.status, theirs.json()]).toEqual([404, { message: 'Track not found' }]);
      expect(missing.json()).toEqual(theirs.json());

      await Release.query(db).patchAndFetchById(release.id, { status: 'processing' });
      const inReview = await put(app, approvedArtist, url, file);
      expect([inReview.status, inReview.json()]).toEqual([409, { message: EDIT_REFUSED }]);

      expect(await Track.query(db).findById(trackId)).toMatchObject({ audioState: 'none', audioKey: null });
      expect(filesUnder(localStorageOf(app), `audio/${release.id}`)).toEqual([]);
    },
  );

  apiTest(
    '415 for a file that is not audio, whatever it is called or labelled; 400 for an empty body; nothing kept',
    async ({ app, db, approvedArtist }) => {
      const release = await draft(approvedArtist);
      const trackId = release.tracks[0]!.id;
      const url = `/api/tracks/${trackId}/audio`;
      const notAudio = Buffer.from('These are my lyrics, saved as night-drive.mp3\n'.repeat(50));
      for (const [contentType, name] of [
        ['audio/mpeg', 'night-drive.mp3'],
        ['audio/wav', 'night-drive.wav'],
        ['application/octet-stream', 'night-drive.mp3'],
      ]) {
        const res = await put(app, approvedArtist, url, notAudio, {
          contentType: contentType!,
          headers: { 'content-disposition': `attachment; filename="${name}"`, 'x-file-name': name! },
        });
        expect([res.status, res.json()]).toEqual([415, { message: 'Audio must be a WAV or MP3 file' }]);
      }
      expect(await Track.query(db).findById(trackId)).toMatchObject({
        audioState: 'failed',
        audioKey: null,
        audioError: 'Audio must be a WAV or MP3 file',
      });
      const empty = await put(app, approvedArtist, url, Buffer.alloc(0));
      expect([empty.status, empty.json()]).toEqual([
        400,
        { message: 'The file is empty: send the file itself as the request body' },
      ]);
      expect(filesUnder(localStorageOf(app), `audio/${release.id}`)).toEqual([]);
      const events = await Event.query(db).where({ aggregateId: trackId });
      expect(events).toEqual([]);
    },
  );

  apiTest(
    '400 for audio without sound (a 30-byte WAV header, an MP3 that is only an ID3 tag) or shorter than its header (2 s promised over 1 KB); a track with audio keeps it',
    async ({ app, db, approvedArtist }) => {
      const release = await draft(approvedArtist);
      const trackId = release.tracks[0]!.id;
      const url = `/api/tracks/${trackId}/audio`;
      const cases: Array<[string, Buffer, string]> = [
        ['a header-only WAV', wavHeader(44).subarray(0, 30), NO_AUDIO],
        [
          'a WAV of 2 s over 1 KB',
          Buffer.concat([wavHeader(44 + 2 * WAV_BYTES_PER_SECOND), Buffer.alloc(1024)]),
          AUDIO_INCOMPLETE,
        ],
        ['an ID3 tag alone', mp3(0, { id3: true }), NO_AUDIO],
      ];
      // A track without audio: refused, marked failed with the reason, pointing at no file.
      for (const [name, bytes, message] of cases) {
        const res = await put(app, approvedArtist, url, bytes);
        expect([res.status, res.json()], name).toEqual([400, { message }]);
        expect(await Track.query(db).findById(trackId), name).toMatchObject({
          audioState: 'failed',
          audioKey: null,
          audioError: message,
          duration: null,
        });
      }
      expect(filesUnder(localStorageOf(app), `audio/${release.id}`)).toEqual([]);
      expect(await Event.query(db).where({ aggregateId: trackId })).toEqual([]);

      // A track with audio: refused, and its audio stays as it was, playable.
      const good = wav(2);
      const before = await readyAudio(app, approvedArtist, url, good);
      for (const [name, bytes, message] of cases) {
        const res = await put(app, approvedArtist, url, bytes);
        expect([res.status, res.json()], name).toEqual([400, { message }]);
        await expectAudioKept(app, approvedArtist, before, good);
      }
      expect(filesUnder(localStorageOf(app), `audio/${release.id}`)).toHaveLength(1);
      const events = await Event.query(db).where({ aggregateId: trackId });
      expect(events.map((e) => e.type)).toEqual(['track.audioUploaded']);
    },
  );

  apiTest(
    'an MP3 behind a 40 MiB ID3 tag is accepted with its duration, the tag read past without being held',
    { timeout: 60_000 },
    async ({ app, approvedArtist }) => {
      const release = await draft(approvedArtist);
      const url = `/api/tracks/${release.tracks[0]!.id}/audio`;
      // A small upload first, so that what loads once is not counted as growth.
      expect((await put(app, approvedArtist, url, mp3(1))).status).toBe(200);
      const memory = watchMemory();
      const res = await put(app, approvedArtist, url, mp3WithTagStream(40 * MiB, 10));
      const growth = memory.stop();
      expect(res.status, res.body).toBe(200);
      expect(res.json<TrackResponse>()).toMatchObject({
        audioState: 'ready',
        audioFormat: 'mp3',
        duration: 10,
      });
      expect(growth).toBeLessThan(64 * MiB);
    },
  );

  apiTest(
    'a failed re-upload (415, 413, a dropped connection) keeps the track’s audio ready and playable; the track is never left uploading',
    { timeout: 120_000 },
    async ({ app, db, approvedArtist }) => {
      const storage = localStorageOf(app);
      const release = await draft(approvedArtist);
      const trackId = release.tracks[0]!.id;
      const url = `/api/tracks/${trackId}/audio`;
      const good = mp3(5);
      const before = await readyAudio(app, approvedArtist, url, good);
      const row = (await Track.query(db).findById(trackId))!;

      const text = await put(app, approvedArtist, url, Buffer.from('not audio at all'));
      expect([text.status, text.json()]).toEqual([415, { message: AUDIO_NOT_ACCEPTED }]);
      await expectAudioKept(app, approvedArtist, before, good);

      const tooLarge = await put(app, approvedArtist, url, wavStream(MAX_AUDIO_BYTES + 1));
      expect([tooLarge.status, tooLarge.json()]).toEqual([413, { message: AUDIO_TOO_LARGE }]);
      await expectAudioKept(app, approvedArtist, before, good);

      // The client goes away with 2 MiB of 50 sent: while the new file is being written, and after it is
      // dropped, the track holds its audio (an API stopped at this point leaves nothing uploading).
      const folder = `audio/${release.id}/${trackId}`;
      const partial = () => filesUnder(storage, folder).some((f) => f.endsWith('.partial'));
      const dropped = uploadThatBreaksOff(
        app,
        approvedArtist,
        url,
        Buffer.concat([wavHeader(50 * MiB), Buffer.alloc(2 * MiB)]),
        50 * MiB,
      );
      await eventually('the new file is being written', partial);
      expect(await Track.query(db).findById(trackId)).toMatchObject({
        audioState: 'ready',
        audioKey: row.audioKey,
        audioSha256: row.audioSha256,
      });
      dropped.destroy();
      await eventually('the partial file is removed', () => !partial());
      await expectAudioKept(app, approvedArtist, before, good);
      expect(await Track.query(db).findById(trackId)).toMatchObject({
        audioState: 'ready',
        audioKey: row.audioKey,
        audioError: null,
      });
      expect(filesUnder(storage, folder)).toHaveLength(1);
    },
  );

  apiTest(
    'stores a WAV with its size, hash, format and duration, readable through a signed URL; an MP3 re-upload replaces it',
    async ({ app, db, approvedArtist, admin }) => {
      const release = await draft(approvedArtist);
      const trackId = release.tracks[0]!.id;
      const url = `/api/tracks/${trackId}/audio`;
      const file = wav(3);
      // Labelled JSON on purpose: an upload's body is never parsed, whatever its Content-Type.
      const res = await put(app, approvedArtist, url, file, { contentType: 'application/json' });
      expect(res.status, res.body).toBe(200);
      const track = res.json<TrackResponse>();
      expect(track).toMatchObject({
        id: trackId,
        audioState: 'ready',
        audioFormat: 'wav',
        audioSize: file.length,
        duration: 3,
      });
      const stored = (await Track.query(db).findById(trackId))!;
      expect(stored).toMatchObject({ audioSha256: sha256(file), audioError: null, audioFormat: 'wav' });
      expect(Number(stored.audioSize)).toBe(file.length);

      expect(track.audioUrl).toMatch(new RegExp(`^${app.url}/api/files/audio%2F.+\\?expires=\\d+&`));
      const read = await fetchSigned(track.audioUrl!);
      expect(read.status).toBe(200);
      expect(read.type).toBe('audio/wav');
      expect(read.bytes.equals(file)).toBe(true);

      const events = await Event.query(db).where({ aggregateId: trackId });
      expect(events.map((e) => [e.type, e.payload])).toEqual([
        [
          'track.audioUploaded',
          { releaseId: release.id, size: file.length, format: 'wav', duration: 3, sha256: sha256(file) },
        ],
      ]);

      // The release, its tracks and the admin's view carry the signed URL too.
      const shown = (
        await approvedArtist.get(`/api/releases/${release.id}`)
      ).json<ReleaseWithTracksResponse>();
      expect((await fetchSigned(shown.tracks[0]!.audioUrl!)).bytes.equals(file)).toBe(true);
      const listed = (await approvedArtist.get(`/api/releases/${release.id}/tracks`)).json<TrackResponse[]>();
      expect(listed[0]!.audioUrl).toMatch(/^http/);
      const adminView = (
        await admin.get(`/api/admin/releases/${release.id}`)
      ).json<ReleaseWithTracksResponse>();
      expect((await fetchSigned(adminView.tracks[0]!.audioUrl!)).bytes.equals(file)).toBe(true);

      const song = mp3(10, { id3: true });
      const again = await put(app, approvedArtist, url, song, { contentType: 'audio/mpeg' });
      expect(again.status, again.body).toBe(200);
      expect(again.json<TrackResponse>()).toMatchObject({
        audioFormat: 'mp3',
        audioSize: song.length,
        duration: 10,
      });
      const replaced = await fetchSigned(again.json<TrackResponse>().audioUrl!);
      expect([replaced.type, replaced.bytes.equals(song)]).toEqual(['audio/mpeg', true]);
      expect(await app.deps.storage.exists(stored.audioKey!)).toBe(false);
      expect(filesUnder(localStorageOf(app), `audio/${release.id}/${trackId}`)).toHaveLength(1);
    },
  );

  apiTest(
    `429 past ${UPLOADS_PER_HOUR} stored uploads an hour per artist; refused ones spend nothing`,
    { timeout: 90_000 },
    async ({ app, approvedArtist, newActor }) => {
      const release = await draft(approvedArtist);
      const url = `/api/tracks/${release.tracks[0]!.id}/audio`;
      const junk = Buffer.from('not audio at all');
      const audio = wav(0.05);
      const statuses: number[] = [];
      for (let i = 0; i < UPLOADS_PER_HOUR; i++) {
        // A refused file between stored ones: it is answered, and does not count.
        if (i % 20 === 0) expect((await put(app, approvedArtist, url, junk)).status).toBe(415);
        statuses.push((await put(app, approvedArtist, url, audio, { contentType: 'audio/wav' })).status);
      }
      expect(new Set(statuses)).toEqual(new Set([200]));
      const past = await put(app, approvedArtist, url, audio, { contentType: 'audio/wav' });
      expect(past.status).toBe(429);
      expect(Number(past.headers['retry-after'])).toBeGreaterThan(0);
      // Another artist's allowance is their own.
      const other = await newActor('approved');
      const own = await draft(other);
      const theirs = await put(app, other, `/api/tracks/${own.tracks[0]!.id}/audio`, audio, {
        contentType: 'audio/wav',
      });
      expect(theirs.status).toBe(200);
    },
  );

  apiTest(
    '413 at once when Content-Length says more than 209,715,200 bytes, before reading it; nothing changes',
    async ({ app, db, approvedArtist }) => {
      const release = await draft(approvedArtist);
      const trackId = release.tracks[0]!.id;
      const started = Date.now();
      // Declares one byte too many and sends only the first 44: the answer cannot wait for the rest.
      const res = await put(
        app,
        approvedArtist,
        `/api/tracks/${trackId}/audio`,
        wavHeader(MAX_AUDIO_BYTES + 1),
        {
          length: MAX_AUDIO_BYTES + 1,
        },
      );
      expect([res.status, res.json()]).toEqual([413, { message: AUDIO_TOO_LARGE }]);
      expect(res.headers.connection).toBe('close');
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(await Track.query(db).findById(trackId)).toMatchObject({ audioState: 'none', audioKey: null });
    },
  );

  apiTest(
    'the 200 MB boundary: 209,715,200 bytes are accepted and 209,715,201 refused, streamed without holding the file in memory',
    { timeout: 240_000 },
    async ({ app, db, approvedArtist }) => {
      const storage = localStorageOf(app);
      const release = await draft(approvedArtist);
      const trackId = release.tracks[0]!.id;
      const url = `/api/tracks/${trackId}/audio`;

      // The expected hash, from the same generated bytes.
      const hash = createHash('sha256');
      for await (const chunk of wavStream(MAX_AUDIO_BYTES)) hash.update(chunk as Buffer);
      const expectedSha = hash.digest('hex');
      // A small upload first, so that what loads once (the metadata parsers) is not counted as growth.
      expect((await put(app, approvedArtist, url, wav(0.5))).status).toBe(200);

      let memory = watchMemory();
      let started = Date.now();
      const accepted = await put(app, approvedArtist, url, wavStream(MAX_AUDIO_BYTES), {
        contentType: 'audio/wav',
        length: MAX_AUDIO_BYTES,
      });
      const acceptedMs = Date.now() - started;
      const acceptedGrowth = memory.stop();
      expect(accepted.status, accepted.body).toBe(200);
      expect(accepted.json<TrackResponse>()).toMatchObject({
        audioState: 'ready',
        audioFormat: 'wav',
        audioSize: MAX_AUDIO_BYTES,
        duration: Math.round((MAX_AUDIO_BYTES - 44) / WAV_BYTES_PER_SECOND), // 1,189 s
      });
      const stored = (await Track.query(db).findById(trackId))!;
      expect(stored.audioSha256).toBe(expectedSha);
      expect(fs.statSync(path.join(storage.root, ...stored.audioKey!.split('/'))).size).toBe(MAX_AUDIO_BYTES);
      expect(acceptedGrowth).toBeLessThan(64 * MiB);
      await storage.delete(stored.audioKey!);

      // One byte more, without a Content-Length: read until the limit is passed, then refused.
      memory = watchMemory();
      started = Date.now();
      const refused = await put(app, approvedArtist, url, wavStream(MAX_AUDIO_BYTES + 1), {
        contentType: 'audio/wav',
      });
      const refusedMs = Date.now() - started;
      const refusedGrowth = memory.stop();
      expect([refused.status, refused.json()]).toEqual([413, { message: AUDIO_TOO_LARGE }]);
      // The track keeps the audio it had (its file deleted above): a refused upload changes nothing.
      expect(await Track.query(db).findById(trackId)).toMatchObject({
        audioState: 'ready',
        audioKey: stored.audioKey,
        audioError: null,
      });
      expect(filesUnder(storage, `audio/${release.id}`).filter((f) => f.includes('.'))).toEqual([]);
      expect(refusedGrowth).toBeLessThan(64 * MiB);
      console.log(
        `200 MB upload: accepted ${MAX_AUDIO_BYTES} bytes in ${acceptedMs} ms ` +
          `(${(MAX_AUDIO_BYTES / MiB / (acceptedMs / 1000)).toFixed(0)} MiB/s), RSS growth ${(acceptedGrowth / MiB).toFixed(1)} MiB; ` +
          `refused ${MAX_AUDIO_BYTES + 1} bytes in ${refusedMs} ms, RSS growth ${(refusedGrowth / MiB).toFixed(1)} MiB`,
      );
    },
  );
});

describe('PUT /api/releases/:id/artwork', () => {
  apiTest(
    '401, 403, 400 for a bad id, 404 for another artist’s release, 409 in review; nothing changes',
    async ({ app, db, artist, approvedArtist, newActor }) => {
      const release = await draft(approvedArtist);
      const url = `/api/releases/${release.id}/artwork`;
      const image = png(3000, 3000);
      expect((await put(app, null, url, image)).status).toBe(401);
      expect((await put(app, artist, url, image)).json()).toEqual({
        message: 'Your account is awaiting approval',
      });
      const badId = await put(app, approvedArtist, '/api/releases/42/artwork', image);
      expect([badId.status, badId.json<{ message: string }>().message]).toEqual([400, 'Invalid id']);
      const other = await newActor('approved');
      const theirs = await put(app, other, url, image);
      expect([theirs.status, theirs.json()]).toEqual([404, { message: 'Release not found' }]);
      await Release.query(db).patchAndFetchById(release.id, { status: 'live' });
      const live = await put(app, approvedArtist, url, image);
      expect([live.status, live.json()]).toEqual([409, { message: EDIT_REFUSED }]);
      expect(await Release.query(db).findById(release.id)).toMatchObject({ artworkKey: null });
      expect(await Event.query(db).where({ aggregateId: release.id, type: 'release.updated' })).toEqual([]);
    },
  );

  apiTest(
    '415 for what is not a JPEG or PNG, 400 when not square or under 3000×3000, 413 past 20 MB',
    async ({ app, db, approvedArtist }) => {
      const release = await draft(approvedArtist);
      const url = `/api/releases/${release.id}/artwork`;
      const cases: Array<[Buffer, number, string, number?]> = [
        [Buffer.from('GIF89a…not what we take'), 415, 'Artwork must be a JPEG or PNG image'],
        [
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="3000" height="3000"/>'),
          415,
          'Artwork must be a JPEG or PNG image',
        ],
        [png(3000, 2000), 400, 'Artwork must be square'],
        [jpeg(4000, 3000), 400, 'Artwork must be square'],
        [png(1000, 1000), 400, 'Artwork must be at least 3000×3000 pixels'],
        [jpeg(2999, 2999), 400, 'Artwork must be at least 3000×3000 pixels'],
        [
          Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]),
          400,
          'The artwork could not be read: upload a valid JPEG or PNG image',
        ],
        [Buffer.alloc(0), 400, 'The file is empty: send the file itself as the request body'],
      ];
      for (const [bytes, status, message] of cases) {
        const res = await put(app, approvedArtist, url, bytes, { contentType: 'image/png' });
        expect([res.status, res.json()], message).toEqual([status, { message }]);
      }
      // Past 20 MB: declared, refused at once; streamed without a length, refused once it passes the limit.
      const big = Buffer.concat([png(3000, 3000), Buffer.alloc(20 * MiB)]);
      const declared = await put(app, approvedArtist, url, big, { length: big.length });
      expect([declared.status, declared.json()]).toEqual([413, { message: 'Artwork must be at most 20 MB' }]);
      const streamed = await put(
        app,
        approvedArtist,
        url,
        Readable.from([big.subarray(0, MiB), big.subarray(MiB)], { objectMode: false }),
      );
      expect([streamed.status, streamed.json()]).toEqual([413, { message: 'Artwork must be at most 20 MB' }]);
      expect(await Release.query(db).findById(release.id)).toMatchObject({ artworkKey: null });
      expect(filesUnder(localStorageOf(app), `artwork/${release.id}`)).toEqual([]);
    },
  );

  apiTest(
    '400 for artwork cut short (a 200-byte PNG) or past 6000×6000 (a 30000×30000 PNG, from its header); a failed re-upload keeps the cover',
    { timeout: 60_000 },
    async ({ app, db, approvedArtist }) => {
      const release = await draft(approvedArtist);
      const url = `/api/releases/${release.id}/artwork`;
      const huge = await hugePng(30000, 30000);
      const cases: Array<[string, Buffer, string]> = [
        ['the first 200 bytes of a PNG', png(3000, 3000).subarray(0, 200), ARTWORK_UNREADABLE],
        ['a JPEG cut short', jpeg(3000, 3000).subarray(0, 2000), ARTWORK_UNREADABLE],
        ['a 30000×30000 PNG', huge, ARTWORK_TOO_BIG],
        ['a 6001×6001 JPEG', jpeg(6001, 6001), ARTWORK_TOO_BIG],
      ];
      for (const [name, bytes, message] of cases) {
        const res = await put(app, approvedArtist, url, bytes);
        expect([res.status, res.json()], name).toEqual([400, { message }]);
      }
      expect(await Release.query(db).findById(release.id)).toMatchObject({ artworkKey: null });
      expect(filesUnder(localStorageOf(app), `artwork/${release.id}`)).toEqual([]);

      const image = png(3000, 3000);
      const first = await put(app, approvedArtist, url, image);
      expect(first.status, first.body).toBe(200);
      const row = (await Release.query(db).findById(release.id))!;
      const keptCover = async () => {
        expect(await Release.query(db).findById(release.id)).toMatchObject({
          artworkKey: row.artworkKey,
          artworkWidth: 3000,
          artworkSize: image.length,
        });
        const shown = (await approvedArtist.get(`/api/releases/${release.id}`)).json<ReleaseResponse>();
        const cover = await fetchSigned(shown.coverUrl!);
        expect([cover.status, cover.bytes.equals(image)]).toEqual([200, true]);
      };
      for (const [name, bytes, message] of cases) {
        const res = await put(app, approvedArtist, url, bytes);
        expect([res.status, res.json()], name).toEqual([400, { message }]);
        await keptCover();
      }
      const gif = await put(app, approvedArtist, url, Buffer.from('GIF89a…not what we take'));
      expect(gif.status).toBe(415);
      const big = Buffer.concat([image, Buffer.alloc(20 * MiB)]);
      const tooLarge = await put(app, approvedArtist, url, Readable.from([big], { objectMode: false }));
      expect([tooLarge.status, tooLarge.json()]).toEqual([413, { message: ARTWORK_TOO_LARGE }]);
      await keptCover();
      const events = await Event.query(db).where({ aggregateId: release.id, type: 'release.updated' });
      expect(events).toHaveLength(1);

      // 6000×6000 is the largest taken.
      const largest = await put(app, approvedArtist, url, jpeg(6000, 6000));
      expect(largest.status, largest.body).toBe(200);
      expect(await Release.query(db).findById(release.id)).toMatchObject({
        artworkWidth: 6000,
        artworkHeight: 6000,
      });
      expect(await app.deps.storage.exists(row.artworkKey!)).toBe(false);
    },
  );

  apiTest(
    'a 3000×3000 PNG becomes the cover (signed URL), release.updated says so; a JPEG replaces it; the album-art URL stays',
    async ({ app, db, approvedArtist }) => {
      const release = await draft(approvedArtist);
      expect(release.coverUrl).toBe('https://img.example/cover.jpg');
      const url = `/api/releases/${release.id}/artwork`;
      const image = png(3000, 3000);
      const res = await put(app, approvedArtist, url, image, { contentType: 'image/png' });
      expect(res.status, res.body).toBe(200);
      const updated = res.json<ReleaseResponse>();
      expect(updated).toMatchObject({
        id: release.id,
        albumArt: 'https://img.example/cover.jpg',
        trackCount: 1,
      });
      const cover = await fetchSigned(updated.coverUrl!);
      expect([cover.status, cover.type, cover.bytes.equals(image)]).toEqual([200, 'image/png', true]);
      const row = (await Release.query(db).findById(release.id))!;
      expect(row).toMatchObject({
        artworkFormat: 'png',
        artworkWidth: 3000,
        artworkHeight: 3000,
        artworkSize: image.length,
      });
      const events = await Event.query(db).where({ aggregateId: release.id, type: 'release.updated' });
      expect(events.map((e) => e.payload)).toEqual([{ changed: ['artwork'] }]);

      // The list shows the uploaded cover, signed.
      const list = (await approvedArtist.get('/api/releases')).json<ReleaseResponse[]>();
      expect(list.find((r) => r.id === release.id)!.coverUrl).toMatch(`${app.url}/api/files/artwork%2F`);

      const photo = jpeg(3200, 3200);
      const replaced = await put(app, approvedArtist, url, photo, { contentType: 'image/jpeg' });
      expect(replaced.status, replaced.body).toBe(200);
      const read = await fetchSigned(replaced.json<ReleaseResponse>().coverUrl!);
      expect([read.type, read.bytes.equals(photo)]).toEqual(['image/jpeg', true]);
      expect(await app.deps.storage.exists(row.artworkKey!)).toBe(false);
      expect(filesUnder(localStorageOf(app), `artwork/${release.id}`)).toHaveLength(1);
    },
  );
});

describe('uploads to S3 (the S3-compatible test server)', () => {
  apiTest(
    'audio (a multipart upload) and artwork are stored in the bucket and read back through presigned URLs',
    { timeout: 120_000 },
    async ({ db }) => {
      const directory = path.join(os.tmpdir(), uniqueName('riffline-s3-uploads'));
      const s3 = await startS3({ directory });
      const server = await startTestServer({ db, keepDb: true, storage: createStorage(loadConfig(s3.env)) });
      try {
        const artist = await actor(server, db, 'approved');
        const release = await draft(artist);
        const trackId = release.tracks[0]!.id;
        // 20 MiB: three parts of the multipart upload.
        const file = wav((20 * MiB) / WAV_BYTES_PER_SECOND);
        const res = await put(server, artist, `/api/tracks/${trackId}/audio`, file, {
          contentType: 'audio/wav',
        });
        expect(res.status, res.body).toBe(200);
        const track = res.json<TrackResponse>();
        expect(track).toMatchObject({ audioState: 'ready', audioSize: file.length, duration: 119 });
        expect(track.audioUrl).toMatch(new RegExp(`^${s3.endpoint}/${s3.bucket}/audio/.+X-Amz-Signature=`));
        const audio = await fetchSigned(track.audioUrl!);
        expect([audio.status, audio.type, sha256(audio.bytes)]).toEqual([200, 'audio/wav', sha256(file)]);
        // The pages' CSP lets the players and covers load from the bucket's origin.
        const csp = (await fetch(`${server.url}/`)).headers.get('content-security-policy') ?? '';
        const origin = new URL(track.audioUrl!).origin;
        expect(csp).toMatch(new RegExp(`media-src [^;]*${origin.replace(/[.:/]/g, '\\$&')}`));
        expect(csp).toMatch(new RegExp(`img-src [^;]*${origin.replace(/[.:/]/g, '\\$&')}`));

        const image = png(3000, 3000);
        const art = await put(server, artist, `/api/releases/${release.id}/artwork`, image);
        expect(art.status, art.body).toBe(200);
        const cover = await fetchSigned(art.json<ReleaseResponse>().coverUrl!);
        expect([cover.status, cover.type, cover.bytes.equals(image)]).toEqual([200, 'image/png', true]);

        // A refused re-upload leaves only the earlier audio in the bucket, still the track's.
        const objects = () =>
          fs
            .readdirSync(directory, { recursive: true, encoding: 'utf8' })
            .filter((f) => f.includes(trackId) && f.endsWith('._S3rver_object'));
        expect(objects()).toHaveLength(1);
        const text = await put(
          server,
          artist,
          `/api/tracks/${trackId}/audio`,
          Buffer.from('not audio at all'),
        );
        expect([text.status, text.json()]).toEqual([415, { message: 'Audio must be a WAV or MP3 file' }]);
        const noSound = await put(server, artist, `/api/tracks/${trackId}/audio`, wavHeader(44));
        expect([noSound.status, noSound.json()]).toEqual([400, { message: NO_AUDIO }]);
        expect(await Track.query(db).findById(trackId)).toMatchObject({ audioState: 'ready' });
        expect(objects()).toHaveLength(1);
        const kept = (await artist.get(`/api/releases/${release.id}/tracks`)).json<TrackResponse[]>();
        expect(sha256((await fetchSigned(kept[0]!.audioUrl!)).bytes)).toBe(sha256(file));
      } finally {
        await server.close();
        await s3.stop();
      }
    },
  );
});
