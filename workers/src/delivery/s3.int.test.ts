/**
 * A release's way to a store whose drop box is an S3 bucket (docs/delivery.md), against s3rver on loopback
 * (infra/s3/s3.ts) and the test store (test/support/testStore.ts) reading the bucket as a store reads its
 * own: delivered under the store's prefix (the batch folder, the message, the resources, the manifest
 * last), ingested, then live with the store's link, whose page answers.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, onTestFinished } from 'vitest';
import {
  appendEvent,
  credentialsKey,
  Delivery,
  encryptCredentials,
  Event,
  loadConfig,
  localStorage,
  StoreTarget,
  type Db,
} from '@riffline/db';
import { startS3, type LocalS3 } from '../../../infra/s3/s3.ts';
import { uniqueName } from '#test/support/database.ts';
import { dbTest, unique } from '#test/support/db.ts';
import { buildArtist, buildRelease, buildTrack, uniqueIsrc, uniqueUpc } from '#test/support/factories.ts';
import { testStore } from '#test/support/testStore.ts';
import { xmllintMissing } from '#test/support/xmllint.ts';
import { handleOnce } from '../events/handleOnce.ts';
import { readAcknowledgements } from './acknowledgements.ts';
import { deliveryGroup } from './index.ts';

// A database of its own: a release goes to every store switched on, and other suites set some up.
const test = dbTest.extend({ freshDb: true });

const root = path.join(os.tmpdir(), uniqueName('riffline-s3-store'));
const storage = localStorage(path.join(root, 'storage'));
const logger = pino({ level: 'silent' });
const config = loadConfig({ NODE_ENV: 'test', XMLLINT_PATH: process.env.XMLLINT_PATH });
let s3: LocalS3;
let client: S3Client;
beforeAll(async () => {
  s3 = await startS3({ directory: path.join(root, 's3'), bucket: 'store-drop' });
  client = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
});
afterAll(async () => {
  client?.destroy();
  await s3?.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

/** The bucket, under a prefix of its own, as the only store switched on, and the test store reading it. */
async function store(db: Db) {
  const key = await credentialsKey(db, undefined);
  await StoreTarget.query(db).patch({ enabled: false });
  const target = await StoreTarget.query(db)
    .insert({
      store: 'amazon-music',
      protocol: 's3',
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: 'us-east-1',
      folder: `riffline/${unique('inbox')}`,
      dpid: 'PADPIDA2010101001V',
      mode: 'test',
      credentials: encryptCredentials(key, {
        accessKeyId: s3.accessKeyId,
        secretAccessKey: s3.secretAccessKey,
      }),
    })
    .returning('*');
  const shop = await testStore({ protocol: 's3', s3, folder: target.folder }, { dpid: target.dpid });
  onTestFinished(() => shop.close());
  return { target, shop };
}

/** An approved release (one track and a cover in storage) delivered to the store switched on. */
async function delivered(db: Db) {
  const artist = await buildArtist(db, { isApproved: true });
  const upc = uniqueUpc();
  const cover = Buffer.from(`cover of ${upc}`);
  await storage.put(`art/${upc}.jpg`, cover, 'image/jpeg');
  await storage.put(`audio/${upc}.wav`, Buffer.alloc(4096, 1), 'audio/wav');
  const release = await buildRelease(db, {
    userId: artist.id,
    title: unique('Salt & Cedar'),
    upc,
    status: 'live',
    releaseDate: '2030-01-15',
    artworkKey: `art/${upc}.jpg`,
    artworkFormat: 'jpeg',
    artworkWidth: 3000,
    artworkHeight: 3000,
    artworkSize: cover.length,
  });
  await buildTrack(db, {
    releaseId: release.id,
    isrc: uniqueIsrc(),
    duration: 180,
    audioKey: `audio/${upc}.wav`,
    audioFormat: 'wav',
    audioState: 'ready',
    audioSize: 4096,
  });
  const stored = await db.transaction((trx) =>
    appendEvent(trx, {
      type: 'release.approved',
      aggregateId: release.id,
      payload: { userId: artist.id, upc, isrcs: [] },
    }),
  );
  expect(
    await handleOnce(
      db,
      deliveryGroup({ db, storage, config, logger }),
      { ...stored, position: '0' },
      logger,
    ),
  ).toBe(true);
  return release;
}

/** Every object under a prefix, with when it was written. */
async function objects(prefix: string) {
  const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: `${prefix}/` }));
  return new Map((listed.Contents ?? []).map((o) => [o.Key!, o.LastModified!.getTime()]));
}

const read = (db: Db) => readAcknowledgements({ db, config, logger });

describe('a store whose drop box is an S3 bucket', () => {
  test.skipIf(xmllintMissing)(
    "takes the release once its manifest is there, acknowledges it, and puts it out with the store's link",
    async ({ db }) => {
      const { target, shop } = await store(db);
      // A batch cut before its manifest (an earlier try): the store leaves it alone.
      await client.send(
        new PutObjectCommand({
          Bucket: s3.bucket,
          Key: `${target.folder}/N_20261201000000000/0860000000000/0860000000000.xml`,
          Body: '<NewReleaseMessage/>',
        }),
      );
      expect(await shop.acknowledge('ok')).toBe(0);

      const release = await delivered(db);
      const [delivery] = await Delivery.query(db).where({ releaseId: release.id });
      expect(delivery).toMatchObject({ targetId: target.id, status: 'delivered', storeUrl: null });
      const batch = `${target.folder}/N_${delivery!.batchId}`;
      const manifest = `${batch}/BatchComplete_${delivery!.batchId}.xml`;
      const written = await objects(batch);
      expect([...written.keys()].sort()).toEqual(
        [
          `${batch}/${release.upc}/${release.upc}.xml`,
          `${batch}/${release.upc}/resources/01.wav`,
          `${batch}/${release.upc}/resources/cover.jpg`,
          manifest,
        ].sort(),
      );
      // Written last: no object of the batch is newer than its manifest.
      expect(Math.max(...written.values())).toBe(written.get(manifest));

      // The store takes the complete batch only, validates the message and says it ingested it.
      expect(await shop.acknowledge('ok')).toBe(1);
      expect(shop.received).toEqual([
        { batchId: delivery!.batchId, messageId: delivery!.messageId, upc: release.upc },
      ]);
      expect([...(await objects(`${target.folder}/acknowledgements`)).keys()]).toHaveLength(1);
      expect(await read(db)).toBe(1);
      expect(await Delivery.query(db).findById(delivery!.id)).toMatchObject({
        status: 'ingested',
        error: null,
        storeUrl: null,
      });

      // Live: the acknowledgement gives the store's page, which answers with the release.
      const [page] = await shop.goLive();
      expect(page).toEqual({
        upc: release.upc,
        title: release.title,
        url: `${shop.origin}/releases/${release.upc}`,
      });
      expect(await read(db)).toBe(1);
      const live = await Delivery.query(db).findById(delivery!.id);
      expect(live).toMatchObject({ status: 'live', error: null, storeUrl: page!.url });
      const answer = await fetch(live!.storeUrl!);
      expect(answer.status).toBe(200);
      // The title is escaped in the page as in any HTML (it has an ampersand).
      expect(await answer.text()).toContain(release.title.replace('&', '&#38;'));
      expect((await fetch(`${shop.origin}/releases/0860000000000`)).status).toBe(404);

      const events = await Event.query(db)
        .where({ type: 'delivery.acknowledged', aggregateId: delivery!.id })
        .orderBy('occurredAt');
      expect(events.map((e) => (e.payload as { status: string }).status)).toEqual([
        'SuccessfullyIngestedByReleaseDistributor',
        'ReleaseMadeAvailableToConsumers',
      ]);
      // Nothing new: nothing read again, and nothing more to put out.
      expect(await read(db)).toBe(0);
      expect(await shop.goLive()).toEqual([]);
    },
  );
});
