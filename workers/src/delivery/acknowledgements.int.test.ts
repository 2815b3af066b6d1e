/**
 * The stores' acknowledgements (docs/delivery.md) read from a real OpenSSH drop box on loopback, written by
 * the test store (test/support/testStore.ts) after it validated the delivered message: ingested, then live;
 * a corrupt resource with ManualCheckRequired=false sent again with a new MessageId; an invalid message in
 * error with the store's words; an unreadable file kept with its reason; an earlier acknowledgement read
 * after a later one changing nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { appendEvent, Delivery, Event, loadConfig, localStorage, StoreTarget, type Db } from '@riffline/db';
import { startSftp, type LocalSftp } from '../../../infra/sftp/sftp.ts';
import { uniqueName } from '#test/support/database.ts';
import { sftpStoreTarget } from '#test/support/storeTarget.ts';
import { dbTest, unique } from '#test/support/db.ts';
import { buildArtist, buildRelease, buildTrack, uniqueIsrc, uniqueUpc } from '#test/support/factories.ts';
import { testStore } from '#test/support/testStore.ts';
import { xmllintMissing } from '#test/support/xmllint.ts';
import { handleOnce } from '../events/handleOnce.ts';
import type { LoggedEvent } from '../events/log.ts';
import { readAcknowledgements } from './acknowledgements.ts';
import { deliveryGroup } from './index.ts';

// A database of its own: a release goes to every store switched on, and other suites set some up.
dbTest.override({ freshDb: true });

const root = path.join(os.tmpdir(), uniqueName('riffline-acks'));
const storage = localStorage(path.join(root, 'storage'));
const logger = pino({ level: 'silent' });
const config = loadConfig({ NODE_ENV: 'test', XMLLINT_PATH: process.env.XMLLINT_PATH });
let sftp: LocalSftp;
beforeAll(async () => {
  sftp = await startSftp({ directory: path.join(root, 'dropbox') });
});
afterAll(async () => {
  await sftp?.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

/** The loopback drop box as the only store switched on, and the test store reading it. */
async function store(db: Db) {
  const stores = ['deezer', 'tidal', 'qobuz', 'napster', 'kkbox'] as const;
  const target = await sftpStoreTarget(db, sftp, stores[(await StoreTarget.query(db).resultSize()) % 5]!);
  return { target, shop: testStore(path.join(sftp.root, target.folder)) };
}

/** An approved release (one track, audio in storage) delivered to the store switched on. */
async function delivered(db: Db) {
  const artist = await buildArtist(db, { isApproved: true });
  const upc = uniqueUpc();
  await storage.put(`audio/${upc}.wav`, Buffer.alloc(4096, 1), 'audio/wav');
  const release = await buildRelease(db, {
    userId: artist.id,
    title: unique('Tide Tables'),
    upc,
    status: 'live',
    releaseDate: '2030-01-15',
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
  await handleOnce(db, deliveryGroup({ db, storage, config, logger }), { ...stored, position: '0' }, logger);
  return release;
}

const read = (db: Db) => readAcknowledgements({ db, config, logger });
const deliveriesOf = (db: Db, releaseId: string) =>
  Delivery.query(db)
    .where({ releaseId })
    .orderBy([{ column: 'createdAt' }, { column: 'id' }]);

describe("the stores' acknowledgements", () => {
  dbTest.skipIf(xmllintMissing)('ingested, then live; a later read changes nothing', async ({ db }) => {
    const { shop } = await store(db);
    const release = await delivered(db);
    expect(shop.acknowledge('ok')).toBe(1);
    expect(await read(db)).toBe(1);
    expect((await deliveriesOf(db, release.id)).map((d) => d.status)).toEqual(['ingested']);
    const earlier = new Date(Date.now() - 60_000);
    shop.goLive();
    expect(await read(db)).toBe(1);
    const [live] = await deliveriesOf(db, release.id);
    expect(live).toMatchObject({ status: 'live', error: null });
    // An acknowledgement made before the one that set it live, read after it: kept, but changes nothing.
    shop.acknowledge('ok', earlier);
    await read(db);
    expect((await deliveriesOf(db, release.id))[0]!.status).toBe('live');
    // Nothing new: nothing read again.
    expect(await read(db)).toBe(0);
    const events = await Event.query(db).where({ type: 'delivery.acknowledged', aggregateId: live!.id });
    expect(events.map((e) => (e.payload as { status: string }).status)).toEqual([
      'SuccessfullyIngestedByReleaseDistributor',
      'ReleaseMadeAvailableToConsumers',
    ]);
  });

  dbTest.skipIf(xmllintMissing)(
    'a corrupt resource the store wants again is sent again with a new MessageId, and then taken',
    async ({ db }) => {
      const { shop } = await store(db);
      const release = await delivered(db);
      shop.acknowledge('corrupt');
      await read(db);
      const [failed] = await deliveriesOf(db, release.id);
      expect(failed).toMatchObject({
        status: 'error',
        error: 'The audio file resources/01.wav could not be decoded.',
      });
      const [asked] = await Event.query(db).where({ type: 'delivery.acknowledged', aggregateId: failed!.id });
      expect(asked!.payload).toMatchObject({ redeliver: true });
      expect(
        await handleOnce(
          db,
          deliveryGroup({ db, storage, config, logger }),
          { ...asked!, position: '0' } as LoggedEvent,
          logger,
        ),
      ).toBe(true);
      const [, again] = await deliveriesOf(db, release.id);
      expect(again).toMatchObject({ status: 'delivered', attempts: 2 });
      expect(again!.messageId).not.toBe(failed!.messageId);
      expect(shop.acknowledge('ok')).toBe(1);
      await read(db);
      expect((await deliveriesOf(db, release.id)).map((d) => d.status)).toEqual(['error', 'ingested']);
      expect(shop.received.map((m) => m.messageId)).toEqual([failed!.messageId, again!.messageId]);
    },
  );

  dbTest.skipIf(xmllintMissing)(
    "an invalid message is in error with the store's words and is not sent again; an unreadable file is kept",
    async ({ db }) => {
      const { target, shop } = await store(db);
      const release = await delivered(db);
      shop.acknowledge('invalid');
      shop.writeGarbage();
      expect(await read(db)).toBe(2);
      const [failed] = await deliveriesOf(db, release.id);
      expect(failed).toMatchObject({
        status: 'error',
        error: 'The release has no territory the store sells in.',
      });
      const [told] = await Event.query(db).where({ type: 'delivery.acknowledged', aggregateId: failed!.id });
      expect(told!.payload).toMatchObject({ redeliver: false });
      await handleOnce(
        db,
        deliveryGroup({ db, storage, config, logger }),
        { ...told!, position: '0' } as LoggedEvent,
        logger,
      );
      expect(await deliveriesOf(db, release.id)).toHaveLength(1);
      const garbage = await db('delivery_acknowledgements')
        .where({ targetId: target.id, fileName: 'ACK_garbage.xml' })
        .first();
      expect(garbage).toMatchObject({ problem: 'It is not an AcknowledgementMessage (its root is html)' });
      expect(garbage.body).toContain('Service Unavailable');
    },
  );
});
