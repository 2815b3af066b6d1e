/**
 * The stores' acknowledgements (docs/delivery.md) read from a real OpenSSH drop box on loopback, written by
 * the test store (test/support/testStore.ts) after it validated the delivered message: ingested, then live
 * with the store's link to its page on loopback;
 * a corrupt resource with ManualCheckRequired=false sent again with a new MessageId; an invalid message in
 * error with the store's words; an unreadable file kept with its reason; an earlier acknowledgement read
 * after a later one changing nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, onTestFinished } from 'vitest';
import {
  appendEvent,
  deliveriesOfRelease,
  Delivery,
  Event,
  loadConfig,
  localStorage,
  Release,
  ReleaseChange,
  StoreTarget,
  type Db,
} from '@riffline/db';
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
import { deliveryGroup, MAX_DELIVERY_ATTEMPTS } from './index.ts';

// A database of its own: a release goes to every store switched on, and other suites set some up.
const test = dbTest.extend({ freshDb: true });

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

/** The loopback drop box as the only store switched on, and the test store reading it over SFTP. */
async function store(db: Db, { profile = 'batch' }: { profile?: 'batch' | 'release' } = {}) {
  const stores = [
    'deezer',
    'tidal',
    'qobuz',
    'napster',
    'kkbox',
    'anghami',
    'boomplay',
    'audiomack',
    'jiosaavn',
  ] as const;
  const created = await sftpStoreTarget(db, sftp, stores[await StoreTarget.query(db).resultSize()]!);
  const target = await created.$query(db).patchAndFetch({ profile });
  const shop = await testStore({ protocol: 'sftp', sftp, folder: target.folder });
  onTestFinished(() => shop.close());
  return { target, shop };
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
  test.skipIf(xmllintMissing)(
    "ingested, then live with the store's link; a later read changes nothing",
    async ({ db }) => {
      const { shop } = await store(db);
      const release = await delivered(db);
      expect(await shop.acknowledge('ok')).toBe(1);
      expect(await read(db)).toBe(1);
      expect(await deliveriesOf(db, release.id)).toMatchObject([{ status: 'ingested', storeUrl: null }]);
      const earlier = new Date(Date.now() - 60_000);
      const [page] = await shop.goLive();
      expect(page).toMatchObject({ upc: release.upc, title: release.title });
      expect(await read(db)).toBe(1);
      const [live] = await deliveriesOf(db, release.id);
      expect(live).toMatchObject({
        status: 'live',
        error: null,
        storeUrl: `${shop.origin}/releases/${release.upc}`,
      });
      const answer = await fetch(live!.storeUrl!);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain(release.title);
      // An acknowledgement made before the one that set it live, read after it: kept, but changes nothing.
      await shop.acknowledgeAgain('ok', earlier);
      expect(await read(db)).toBe(1);
      expect((await deliveriesOf(db, release.id))[0]).toMatchObject({
        status: 'live',
        storeUrl: live!.storeUrl,
      });
      // Nothing new: nothing read again.
      expect(await read(db)).toBe(0);
      const events = await Event.query(db).where({ type: 'delivery.acknowledged', aggregateId: live!.id });
      expect(events.map((e) => (e.payload as { status: string }).status)).toEqual([
        'SuccessfullyIngestedByReleaseDistributor',
        'ReleaseMadeAvailableToConsumers',
      ]);
    },
  );

  test.skipIf(xmllintMissing)(
    'a corrupt resource the store wants again is sent again with a new MessageId, and then taken',
    async ({ db }) => {
      const { shop } = await store(db);
      const release = await delivered(db);
      await shop.acknowledge('corrupt');
      await read(db);
      const [failed] = await deliveriesOf(db, release.id);
      expect(failed).toMatchObject({
        status: 'error',
        error: 'The audio file resources/01.wav could not be decoded.',
      });
      const waited: number[] = [];
      // Connections in use while it waits: none (no transaction held open through the pause).
      const heldWhileWaiting: number[] = [];
      const pool = db.client.pool as { numUsed(): number };
      const sleep = async (ms: number) => {
        waited.push(ms);
        heldWhileWaiting.push(pool.numUsed());
      };
      const [asked] = await Event.query(db).where({ type: 'delivery.acknowledged', aggregateId: failed!.id });
      expect(asked!.payload).toMatchObject({ redeliver: true });
      expect(
        await handleOnce(
          db,
          deliveryGroup({ db, storage, config, logger, sleep }),
          { ...asked!, position: '0' } as LoggedEvent,
          logger,
        ),
      ).toBe(true);
      const [, again] = await deliveriesOf(db, release.id);
      // Not at once: 30 s (DELIVERY_RESEND_BACKOFF_SECONDS) after the refused try went out.
      expect(heldWhileWaiting).toEqual([0]);
      expect(waited).toHaveLength(1);
      expect(waited[0]).toBeGreaterThan(15_000);
      expect(waited[0]).toBeLessThanOrEqual(30_000);
      expect(again).toMatchObject({ status: 'delivered', attempts: 2 });
      expect(again!.messageId).not.toBe(failed!.messageId);
      expect(await shop.acknowledge('ok')).toBe(1);
      await read(db);
      expect((await deliveriesOf(db, release.id)).map((d) => d.status)).toEqual(['error', 'ingested']);
      expect(shop.received.map((m) => m.messageId)).toEqual([failed!.messageId, again!.messageId]);
    },
  );

  test.skipIf(xmllintMissing)(
    "an invalid message is in error with the store's words and is not sent again; an unreadable file is kept",
    async ({ db }) => {
      const { target, shop } = await store(db);
      const release = await delivered(db);
      await shop.acknowledge('invalid');
      await shop.writeGarbage();
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

/** A takedown or purge as the API records it (workers may not import the API), handled by the group. */
async function change(
  db: Db,
  release: { id: string; userId: string },
  fields: { kind: 'takedown' | 'purge'; territories?: string[]; effectiveOn?: string },
) {
  const stored = await db.transaction(async (trx) => {
    const row = await ReleaseChange.query(trx)
      .insert({
        releaseId: release.id,
        kind: fields.kind,
        territories: fields.territories ?? null,
        effectiveOn: fields.effectiveOn ?? null,
      })
      .returning('*');
    return fields.kind === 'purge'
      ? appendEvent(trx, {
          type: 'release.purged',
          aggregateId: release.id,
          payload: { userId: release.userId, changeId: row.id },
        })
      : appendEvent(trx, {
          type: 'release.takedownRequested',
          aggregateId: release.id,
          payload: {
            userId: release.userId,
            changeId: row.id,
            stores: null,
            territories: row.territories,
            effectiveOn: row.effectiveOn,
          },
        });
  });
  await handleOnce(db, deliveryGroup({ db, storage, config, logger }), { ...stored, position: '0' }, logger);
  const [latest] = await Delivery.query(db)
    .where({ releaseId: release.id })
    .orderBy('createdAt', 'desc')
    .limit(1);
  return latest!;
}

/** A release the store took and put out, with its page. */
async function liveAtStore(db: Db) {
  const { target, shop } = await store(db);
  const release = await delivered(db);
  await shop.acknowledge('ok');
  const [page] = await shop.goLive();
  await read(db);
  expect((await fetch(page!.url)).status).toBe(200);
  return { target, shop, release, page: page! };
}

describe('the release-by-release profile', () => {
  test.skipIf(xmllintMissing)(
    'a folder per release with its message written last and no manifest; the store takes it and answers',
    async ({ db }) => {
      const { target, shop } = await store(db, { profile: 'release' });
      const release = await delivered(db);
      const [delivery] = await deliveriesOf(db, release.id);
      const folder = `N_${release.upc}_${delivery!.batchId}`;
      expect(fs.readdirSync(path.join(sftp.root, target.folder))).toEqual([folder]);
      expect(fs.readdirSync(path.join(sftp.root, target.folder, folder)).sort()).toEqual([
        `${release.upc}.xml`,
        'resources',
      ]);
      expect(fs.readdirSync(path.join(sftp.root, target.folder, folder, 'resources'))).toEqual(['01.wav']);
      expect(await shop.acknowledge('ok')).toBe(1);
      await read(db);
      expect(await Delivery.query(db).findById(delivery!.id)).toMatchObject({
        status: 'ingested',
        error: null,
      });
      expect(shop.received.map((m) => m.messageId)).toEqual([delivery!.messageId]);
    },
  );
});

describe('takedowns and purges at the store', () => {
  test.skipIf(xmllintMissing)(
    'a territorial takedown keeps the release live elsewhere; a takedown everywhere at a date ends it on that date',
    async ({ db }) => {
      const { shop, release, page } = await liveAtStore(db);
      const territorial = await change(db, release, { kind: 'takedown', territories: ['DE'] });
      expect(territorial).toMatchObject({ kind: 'takedown', status: 'delivered', attempts: 1 });
      expect(await shop.acknowledge('ok')).toBe(1);
      await read(db);
      // Valid (the store checks each message with xmllint) and taken: the release stays up elsewhere.
      expect(await Delivery.query(db).findById(territorial.id)).toMatchObject({
        status: 'ingested',
        error: null,
      });
      expect((await fetch(page.url)).status).toBe(200);

      const dated = await change(db, release, { kind: 'takedown', effectiveOn: '2031-01-01' });
      expect(dated.changeId).not.toBe(territorial.changeId);
      expect(await shop.acknowledge('ok')).toBe(1);
      await read(db);
      expect(await Delivery.query(db).findById(dated.id)).toMatchObject({ status: 'ingested', error: null });
      expect((await fetch(page.url)).status).toBe(200);
      expect(await shop.passTime(new Date('2030-12-31T23:00:00Z'))).toBe(0);
      expect(await shop.passTime(new Date('2031-01-01T00:00:00Z'))).toBe(1);
      await read(db);
      expect(await Delivery.query(db).findById(dated.id)).toMatchObject({ status: 'taken_down' });
      expect((await fetch(page.url)).status).toBe(404);
      // What the artist is shown per store: the takedown, done, with the date it took effect.
      const [latest] = await deliveriesOfRelease(db, release.id, { latestPerStore: true });
      expect(latest).toMatchObject({ kind: 'takedown', status: 'taken_down', effectiveOn: '2031-01-01' });
    },
  );

  test.skipIf(xmllintMissing)(
    'a takedown now, and a purge, each end with the store no longer offering it',
    async ({ db }) => {
      const { shop, release, page } = await liveAtStore(db);
      const now = await change(db, release, { kind: 'takedown' });
      await shop.acknowledge('ok');
      await read(db);
      expect(await Delivery.query(db).findById(now.id)).toMatchObject({ status: 'taken_down', error: null });
      expect((await fetch(page.url)).status).toBe(404);

      const purge = await change(db, release, { kind: 'purge' });
      expect(purge).toMatchObject({ kind: 'purge', status: 'delivered' });
      expect(await shop.acknowledge('ok')).toBe(1);
      await read(db);
      expect(await Delivery.query(db).findById(purge.id)).toMatchObject({
        status: 'taken_down',
        error: null,
      });
    },
  );

  test.skipIf(xmllintMissing)(
    'an approved correction reaches the store as an update with only its new cover, and its page shows the corrected title',
    async ({ db }) => {
      const { target, shop, release, page } = await liveAtStore(db);
      const title = `${release.title} (Deluxe)`;
      const cover = Buffer.from(`a new cover for ${release.id}`);
      const artwork = {
        key: `artwork/${release.id}/proposed/1`,
        format: 'png',
        size: cover.length,
        width: 3000,
        height: 3000,
      };
      await storage.put(artwork.key, cover, 'image/png');
      const stored = await db.transaction(async (trx) => {
        const row = await ReleaseChange.query(trx)
          .insert({
            releaseId: release.id,
            kind: 'correction',
            status: 'approved',
            proposed: { title, artwork },
            previous: { title: release.title, artwork: null },
          })
          .returning('*');
        await Release.query(trx)
          .patch({
            title,
            artworkKey: artwork.key,
            artworkFormat: 'png',
            artworkSize: cover.length,
            artworkWidth: 3000,
            artworkHeight: 3000,
          })
          .findById(release.id);
        return appendEvent(trx, {
          type: 'release.corrected',
          aggregateId: release.id,
          payload: { userId: release.userId, changeId: row.id, changed: ['title'] },
        });
      });
      await handleOnce(
        db,
        deliveryGroup({ db, storage, config, logger }),
        { ...stored, position: '0' },
        logger,
      );
      const [, update] = await deliveriesOf(db, release.id);
      expect(update).toMatchObject({
        kind: 'update',
        status: 'delivered',
        changeId: stored.payload.changeId,
      });
      // Resources only where they changed: the new cover, not the audio the store has.
      const resources = path.join(
        sftp.root,
        target.folder,
        `N_${update!.batchId}`,
        release.upc!,
        'resources',
      );
      expect(fs.readdirSync(resources)).toEqual(['cover.png']);
      expect(fs.readFileSync(path.join(resources, 'cover.png')).equals(cover)).toBe(true);
      expect(await shop.acknowledge('ok')).toBe(1);
      await read(db);
      expect(await Delivery.query(db).findById(update!.id)).toMatchObject({
        status: 'ingested',
        error: null,
      });
      const shown = await fetch(page.url);
      expect(await shown.text()).toContain('(Deluxe)');
      // The artist's row for the store: the update taken, the store's link kept.
      const [latest] = await deliveriesOfRelease(db, release.id, { latestPerStore: true });
      expect(latest).toMatchObject({ kind: 'update', status: 'ingested', storeUrl: page.url });
    },
  );

  test.skipIf(xmllintMissing)(
    "an admin's redelivery sends a delivery in error again, past the automatic tries",
    async ({ db }) => {
      const { target, shop } = await store(db);
      const release = await delivered(db);
      await shop.acknowledge('invalid');
      await read(db);
      const [failed] = await deliveriesOf(db, release.id);
      await Delivery.query(db).patch({ attempts: MAX_DELIVERY_ATTEMPTS }).findById(failed!.id);
      const asked = await db.transaction((trx) =>
        appendEvent(trx, {
          type: 'delivery.redeliveryRequested',
          aggregateId: failed!.id,
          payload: { releaseId: release.id, store: target.store },
        }),
      );
      await handleOnce(
        db,
        deliveryGroup({ db, storage, config, logger }),
        { ...asked, position: '0' },
        logger,
      );
      const [, again] = await deliveriesOf(db, release.id);
      expect(again).toMatchObject({ kind: 'new', status: 'delivered', attempts: MAX_DELIVERY_ATTEMPTS + 1 });
      expect(await shop.acknowledge('ok')).toBe(1);
      await read(db);
      expect(await Delivery.query(db).findById(again!.id)).toMatchObject({ status: 'ingested' });
    },
  );
});
