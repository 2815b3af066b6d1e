/**
 * The `delivery` group's handling of one `release.approved` (docs/delivery.md), called as the consumer calls
 * it (handleOnce), against a real OpenSSH SFTP server on loopback (infra/sftp/sftp.ts) and an S3 server
 * (infra/s3/s3.ts): the batch in the
 * drop box as the ERN choreography lays it out, the message valid against the ERN 4.3 schema, the manifest
 * written last with the message's hash; a try cut half way leaves no manifest and the next completes; a
 * redelivery of the event sends nothing twice; the store's key appears in no log line.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import {
  appendEvent,
  credentialsKey,
  Delivery,
  encryptCredentials,
  Event,
  loadConfig,
  localStorage,
  requestReplay,
  StoreTarget,
  type Db,
} from '@riffline/db';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { startS3, type LocalS3 } from '../../../infra/s3/s3.ts';
import { startSftp, type LocalSftp } from '../../../infra/sftp/sftp.ts';
import { uniqueName } from '#test/support/database.ts';
import { sftpStoreTarget } from '#test/support/storeTarget.ts';
import { dbTest, unique } from '#test/support/db.ts';
import { buildArtist, buildRelease, buildTrack, uniqueIsrc, uniqueUpc } from '#test/support/factories.ts';
import { validateErn, xmllintMissing } from '#test/support/xmllint.ts';
import { deliver } from '../events/deliver.ts';
import { handleOnce } from '../events/handleOnce.ts';
import type { LoggedEvent } from '../events/log.ts';
import { openDropBox } from './dropBox.ts';
import { deliveryGroup } from './index.ts';

// A database of its own: a release goes to every store switched on, and other suites set some up.
const test = dbTest.extend({ freshDb: true });

const root = path.join(os.tmpdir(), uniqueName('riffline-delivery'));
const storage = localStorage(path.join(root, 'storage'));
let sftp: LocalSftp;
let s3: LocalS3;
beforeAll(async () => {
  [sftp, s3] = await Promise.all([
    startSftp({ directory: path.join(root, 'dropbox') }),
    startS3({ directory: path.join(root, 's3'), bucket: 'store-drop' }),
  ]);
});
afterAll(async () => {
  await Promise.all([sftp?.stop(), s3?.stop()]);
  fs.rmSync(root, { recursive: true, force: true });
});

/** Everything the workers log, as text (to look for what must never be in it). */
function recordingLogger() {
  const lines: string[] = [];
  const logger = pino(
    { level: 'debug' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    }),
  );
  return { logger, text: () => lines.join('') };
}

/** An approved release with two tracks (audio in storage) and a cover, and its `release.approved`. */
async function approved(db: Db) {
  const artist = await buildArtist(db, { isApproved: true });
  const upc = uniqueUpc();
  const cover = Buffer.from(`cover of ${upc}`);
  await storage.put(`art/${upc}.jpg`, cover, 'image/jpeg');
  const release = await buildRelease(db, {
    userId: artist.id,
    title: unique('Harbour Lights'),
    upc,
    status: 'live',
    releaseDate: '2030-01-15',
    artworkKey: `art/${upc}.jpg`,
    artworkFormat: 'jpeg',
    artworkWidth: 3000,
    artworkHeight: 3000,
    artworkSize: cover.length,
  });
  const audio: Buffer[] = [];
  for (const n of [1, 2]) {
    const bytes = Buffer.alloc(64 * 1024 + n, n);
    audio.push(bytes);
    await storage.put(`audio/${upc}-${n}.wav`, bytes, 'audio/wav');
    await buildTrack(db, {
      releaseId: release.id,
      trackNumber: n,
      title: `Part ${n}`,
      isrc: uniqueIsrc(),
      duration: 180,
      audioKey: `audio/${upc}-${n}.wav`,
      audioFormat: 'wav',
      audioState: 'ready',
      audioSize: bytes.length,
      audioSha256: createHash('sha256').update(bytes).digest('hex'),
    });
  }
  const stored = await db.transaction((trx) =>
    appendEvent(trx, {
      type: 'release.approved',
      aggregateId: release.id,
      payload: { userId: artist.id, upc, isrcs: [] },
    }),
  );
  const event: LoggedEvent = { ...stored, position: '0' };
  return { release, upc, cover, audio, event };
}

/** The loopback server as the only store switched on. */
const sftpStore = (db: Db, store = 'deezer') => sftpStoreTarget(db, sftp, store);

const config = loadConfig({ NODE_ENV: 'test', XMLLINT_PATH: process.env.XMLLINT_PATH });
const batchesIn = (folder: string) =>
  fs.existsSync(path.join(sftp.root, folder)) ? fs.readdirSync(path.join(sftp.root, folder)).sort() : [];

describe('the delivery group', () => {
  test.skipIf(xmllintMissing)(
    'delivers an approved release to a store over SFTP: the batch, a valid message, the manifest last',
    async ({ db }) => {
      const target = await sftpStore(db);
      const { release, upc, cover, audio, event } = await approved(db);
      const { logger, text } = recordingLogger();
      expect(await handleOnce(db, deliveryGroup({ db, storage, config, logger }), event, logger)).toBe(true);

      const [delivery] = await Delivery.query(db).where({ releaseId: release.id });
      expect(delivery).toMatchObject({ targetId: target.id, kind: 'new', status: 'delivered', attempts: 1 });
      const batch = path.join(sftp.root, target.folder, `N_${delivery!.batchId}`);
      expect(batchesIn(target.folder)).toEqual([`N_${delivery!.batchId}`]);
      expect(fs.readdirSync(batch).sort()).toEqual([`BatchComplete_${delivery!.batchId}.xml`, upc].sort());
      expect(fs.readdirSync(path.join(batch, upc)).sort()).toEqual([`${upc}.xml`, 'resources']);
      expect(fs.readdirSync(path.join(batch, upc, 'resources')).sort()).toEqual([
        '01.wav',
        '02.wav',
        'cover.jpg',
      ]);
      expect(fs.readFileSync(path.join(batch, upc, 'resources', '02.wav')).equals(audio[1]!)).toBe(true);
      expect(fs.readFileSync(path.join(batch, upc, 'resources', 'cover.jpg')).equals(cover)).toBe(true);

      const xml = fs.readFileSync(path.join(batch, upc, `${upc}.xml`), 'utf8');
      const check = validateErn([xml]);
      expect(check.valid, check.output).toBe(true);
      expect(xml).toContain(`<MessageId>${delivery!.messageId}</MessageId>`);
      expect(xml).toContain('<URI>resources/01.wav</URI>');
      expect(xml).toContain('<IsProvidedInDelivery>true</IsProvidedInDelivery>');
      const manifest = fs.readFileSync(path.join(batch, `BatchComplete_${delivery!.batchId}.xml`), 'utf8');
      expect(manifest).toContain(`<MessageId>${delivery!.messageId}</MessageId>`);
      expect(manifest).toContain(`<URL>${upc}/${upc}.xml</URL>`);
      expect(manifest).toContain(
        `<HashSumValue>${createHash('sha256').update(xml).digest('hex')}</HashSumValue>`,
      );
      expect(manifest).toContain('<IsTestFlag>true</IsTestFlag>');
      const [sent] = await Event.query(db).where({ type: 'delivery.sent', aggregateId: delivery!.id });
      expect(sent!.payload).toMatchObject({
        releaseId: release.id,
        store: 'deezer',
        messageId: delivery!.messageId,
      });

      // The event again (a redelivery): nothing is sent twice.
      await handleOnce(
        db,
        deliveryGroup({ db, storage, config, logger }),
        { ...event, id: event.id },
        logger,
      );
      expect(await Delivery.query(db).where({ releaseId: release.id })).toHaveLength(1);
      expect(batchesIn(target.folder)).toHaveLength(1);
      expect(text()).toContain('release delivered');
      expect(text()).not.toContain(sftp.privateKey.split('\n')[1]!);
    },
  );

  test.skipIf(xmllintMissing)(
    'a try cut half way leaves a batch without a manifest; the next try completes a new batch with a new MessageId',
    async ({ db }) => {
      const target = await sftpStore(db, 'tidal');
      const { release, event } = await approved(db);
      const logger = pino({ level: 'silent' });
      // The connection drops after the first resource.
      const cut: typeof openDropBox = async (t, credentials) => {
        const box = await openDropBox(t, credentials);
        let writes = 0;
        return {
          ...box,
          async write(file, body) {
            if (++writes === 2) throw new Error('Connection lost');
            return box.write(file, body);
          },
        };
      };
      await expect(
        handleOnce(db, deliveryGroup({ db, storage, config, logger, dropBox: cut }), event, logger),
      ).rejects.toThrow('Connection lost');
      expect(await Delivery.query(db).where({ releaseId: release.id })).toHaveLength(0);
      const [broken] = batchesIn(target.folder);
      expect(
        fs
          .readdirSync(path.join(sftp.root, target.folder, broken!))
          .some((f) => f.startsWith('BatchComplete_')),
      ).toBe(false);

      expect(await handleOnce(db, deliveryGroup({ db, storage, config, logger }), event, logger)).toBe(true);
      const [delivery] = await Delivery.query(db).where({ releaseId: release.id });
      const complete = `N_${delivery!.batchId}`;
      expect(complete).not.toBe(broken);
      expect(
        fs.existsSync(
          path.join(sftp.root, target.folder, complete, `BatchComplete_${delivery!.batchId}.xml`),
        ),
      ).toBe(true);
    },
  );
  test.skipIf(xmllintMissing)(
    'delivers the same batch to a store whose drop box is an S3 bucket, under its prefix, the manifest last',
    async ({ db }) => {
      const key = await credentialsKey(db, undefined);
      await StoreTarget.query(db).patch({ enabled: false });
      const target = await StoreTarget.query(db)
        .insert({
          store: 'amazon-music',
          protocol: 's3',
          bucket: s3.bucket,
          endpoint: s3.endpoint,
          region: 'us-east-1',
          folder: 'riffline/inbox',
          dpid: 'PADPIDA2010101001V',
          credentials: encryptCredentials(key, {
            accessKeyId: s3.accessKeyId,
            secretAccessKey: s3.secretAccessKey,
          }),
        })
        .returning('*');
      const { release, upc, event } = await approved(db);
      const logger = pino({ level: 'silent' });
      expect(await handleOnce(db, deliveryGroup({ db, storage, config, logger }), event, logger)).toBe(true);

      const [delivery] = await Delivery.query(db).where({ releaseId: release.id, targetId: target.id });
      const client = new S3Client({
        endpoint: s3.endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      });
      const listed = await client.send(
        new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'riffline/inbox/' }),
      );
      client.destroy();
      const batch = `riffline/inbox/N_${delivery!.batchId}`;
      expect((listed.Contents ?? []).map((o) => o.Key).sort()).toEqual(
        [
          `${batch}/${upc}/${upc}.xml`,
          `${batch}/${upc}/resources/01.wav`,
          `${batch}/${upc}/resources/02.wav`,
          `${batch}/${upc}/resources/cover.jpg`,
          `${batch}/BatchComplete_${delivery!.batchId}.xml`,
        ].sort(),
      );
      // Written last: no object of the batch is newer than its manifest.
      const modified = new Map((listed.Contents ?? []).map((o) => [o.Key!, o.LastModified!.getTime()]));
      const manifestAt = modified.get(`${batch}/BatchComplete_${delivery!.batchId}.xml`)!;
      expect(Math.max(...modified.values())).toBe(manifestAt);
    },
  );
  test.skipIf(xmllintMissing)(
    'a store that cannot be reached is tried again without sending the release again to the one that took it',
    async ({ db }) => {
      const reachable = await sftpStore(db, 'spotify');
      const key = await credentialsKey(db, undefined);
      const unreachable = await StoreTarget.query(db)
        .insert({
          store: 'anghami',
          protocol: 'sftp',
          host: '127.0.0.1',
          port: 1,
          username: 'nobody',
          folder: 'inbox',
          dpid: 'PADPIDA2014101001U',
          credentials: encryptCredentials(key, { password: 'x' }),
        })
        .returning('*');
      const { release, event } = await approved(db);
      const logger = pino({ level: 'silent' });
      await expect(
        handleOnce(db, deliveryGroup({ db, storage, config, logger }), event, logger),
      ).rejects.toThrow();
      // The store that took it keeps its delivery, committed with its manifest.
      expect((await Delivery.query(db).where({ releaseId: release.id })).map((d) => d.targetId)).toEqual([
        reachable.id,
      ]);
      await StoreTarget.query(db).findById(unreachable.id).patch({ enabled: false });
      expect(await handleOnce(db, deliveryGroup({ db, storage, config, logger }), event, logger)).toBe(true);
      expect(await Delivery.query(db).where({ releaseId: release.id })).toHaveLength(1);
      expect(batchesIn(reachable.folder)).toHaveLength(1);
    },
  );

  test.skipIf(xmllintMissing)(
    "a parked delivery replayed: a failing replay parks it again with the store's error; once the store answers, the replay delivers",
    async ({ db }) => {
      const store = await sftpStore(db, 'qobuz');
      // The store's address is wrong at first: every try fails and the event is parked.
      await StoreTarget.query(db).findById(store.id).patch({ port: 1 });
      const { release, event } = await approved(db);
      const logger = pino({ level: 'silent' });
      const group = deliveryGroup({ db, storage, config, logger });
      const once = {
        db,
        logger,
        retry: { maxAttempts: 1, delayMs: () => 0 },
        signal: new AbortController().signal,
      };
      expect(await deliver(once, group, event)).toBe('parked');
      const parked = await db('failed_events').where({ groupName: 'delivery', eventId: event.id }).first();
      expect(parked).toMatchObject({ status: 'parked', attempts: 1 });
      // The parked event delivered again (a consumer restarting): nothing is tried, only a replay does that.
      expect(await handleOnce(db, group, event, logger)).toBe(false);

      const replay = async () => {
        const asked = await db.transaction((trx) => requestReplay(trx, parked.id, null));
        if (asked.outcome !== 'requested') throw new Error(asked.outcome);
        return handleOnce(db, group, { ...asked.event, position: '0' } as LoggedEvent, logger);
      };
      expect(await replay()).toBe(true);
      expect(await db('failed_events').where({ id: parked.id }).first()).toMatchObject({
        status: 'parked',
        attempts: 2,
        error: expect.stringMatching(/ECONNREFUSED|connect/),
      });
      expect(await Delivery.query(db).where({ releaseId: release.id })).toEqual([]);

      await StoreTarget.query(db).findById(store.id).patch({ port: sftp.port });
      expect(await replay()).toBe(true);
      expect(await db('failed_events').where({ id: parked.id }).first()).toMatchObject({
        status: 'replayed',
      });
      const [delivery] = await Delivery.query(db).where({ releaseId: release.id });
      expect(delivery).toMatchObject({ targetId: store.id, kind: 'new', status: 'delivered', attempts: 1 });
      expect(batchesIn(store.folder)).toHaveLength(1);
    },
  );
});
