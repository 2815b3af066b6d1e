/**
 * A delivery killed with kill -9 half way (issue 36, docs/delivery.md): the real workers process, on the
 * Postgres event log and a database of its own, delivers an approved release to a real OpenSSH drop box
 * (infra/sftp/sftp.ts) and is SIGKILLed twice while the batch is being written, once in the middle of a
 * resource and once with every file written but the manifest; each cut batch is left without a manifest,
 * and the third process delivers the release whole in a new batch, with a MessageId never used before, the
 * one `deliveries` row committed with it. No log line of the three runs carries the store's credentials.
 *
 * "Half way" is a state of the drop box, never a moment: the store's address is a relay
 * (test/support/freezingProxy.ts) that looks at the drop box's folder on disk before it passes each answer
 * of the SFTP server on, and freezes once the batch is as far as wanted. The server has done what it
 * answers; the workers wait for the answer, and the next file (or the manifest) can only come after it.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  appendEvent,
  credentialsKey,
  Delivery,
  encryptCredentials,
  Event,
  localStorage,
  Release,
  StoreTarget,
  type Db,
} from '@riffline/db';
import { freePort } from '../../../infra/lib/ports.ts';
import { startSftp, type LocalSftp } from '../../../infra/sftp/sftp.ts';
import { uniqueName } from '#test/support/database.ts';
import { openFreshDb, unique } from '#test/support/db.ts';
import { pollUntil, waitUntilGroupPassed } from '#test/support/eventLog.ts';
import {
  buildAdmin,
  buildArtist,
  buildRelease,
  buildTrack,
  uniqueIsrc,
  uniqueUpc,
} from '#test/support/factories.ts';
import { startFreezingProxy, type FreezingProxy } from '#test/support/freezingProxy.ts';
import { runEntry, within, type Proc } from '#test/support/processes.ts';
import { validateErn, xmllintMissing } from '#test/support/xmllint.ts';
import { DELIVERY_GROUP } from './index.ts';

// Separate processes share the database only on a server (not in-process PGlite); the message is checked
// with xmllint by the workers, which fail the delivery without it.
const runnable = Boolean(inject('databaseServerUrl')) && !xmllintMissing;

const KiB = 1024;
/** The first track's audio, written whole before the first cut. */
const FIRST_AUDIO = 512 * KiB;
/** The second track's audio: the first cut comes once this much of it is on the store's disk. */
const SECOND_AUDIO = 2048 * KiB;
const SECOND_CUT_AT = 256 * KiB;
/** For the workers' process, from start to the state looked for. */
const RUN_TIMEOUT_MS = 30_000;

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');
const sizeOf = (file: string) => (fs.existsSync(file) ? fs.statSync(file).size : -1);
/** Every file below a folder, by its path from it. */
const filesBelow = (folder: string): string[] =>
  fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort();
const messageIdIn = (xml: string) => /<MessageId>([^<]+)<\/MessageId>/.exec(xml)?.[1];

describe.skipIf(!runnable)('a delivery killed with kill -9 half way (the workers process)', () => {
  const root = path.join(os.tmpdir(), uniqueName('riffline-killed-delivery'));
  const dataDir = path.join(root, 'data');
  const storage = localStorage(path.join(dataDir, 'storage'));
  /** DELIVERY_CREDENTIALS_KEY: it must not be logged either. */
  const credentialsSecret = randomBytes(32).toString('base64');
  let fresh: Awaited<ReturnType<typeof openFreshDb>>;
  let db: Db;
  let sftp: LocalSftp;
  let proxy: FreezingProxy;
  let healthPort: number;
  /** Every workers process started, in order: their output is the logs, and none may outlive the test. */
  const runs: Proc[] = [];

  beforeAll(async () => {
    [fresh, sftp, healthPort] = await Promise.all([
      openFreshDb(),
      startSftp({ directory: path.join(root, 'dropbox') }),
      freePort(),
    ]);
    db = fresh.db;
    proxy = await startFreezingProxy(sftp.host, sftp.port);
  });
  afterEach(async () => {
    await Promise.all(runs.map((run) => run.kill()));
  });
  afterAll(async () => {
    await Promise.all(runs.map((run) => run.kill()));
    await proxy?.close();
    await Promise.all([sftp?.stop(), fresh?.close()]);
    fs.rmSync(root, { recursive: true, force: true });
  });

  /** The workers entry (docker compose `workers`) on the Postgres log, logging everything it logs. */
  function startWorkers(): Proc {
    const run = runEntry('workers/src/main.ts', {
      DATABASE_URL: fresh.url!,
      DATA_DIR: dataDir,
      WORKERS_HEALTH_PORT: String(healthPort),
      DELIVERY_CREDENTIALS_KEY: credentialsSecret,
      LOG_LEVEL: 'trace',
    });
    runs.push(run);
    return run;
  }

  /** The store's drop box, reached through the relay, as the only store switched on. */
  async function storeTarget() {
    const key = await credentialsKey(db, credentialsSecret);
    await StoreTarget.query(db).patch({ enabled: false });
    return StoreTarget.query(db)
      .insert({
        store: 'deezer',
        protocol: 'sftp',
        host: '127.0.0.1',
        port: proxy.port,
        username: sftp.username,
        folder: `inbox-${unique('killed')}`,
        dpid: 'PADPIDA2014101001U',
        mode: 'test',
        credentials: encryptCredentials(key, { privateKey: sftp.privateKey }),
      })
      .returning('*');
  }

  /** A release in review with two tracks (audio in storage) and a cover, as an artist submits it. */
  async function submitted() {
    const artist = await buildArtist(db, { isApproved: true });
    const upc = uniqueUpc();
    const files = {
      '01.wav': randomBytes(FIRST_AUDIO),
      '02.wav': randomBytes(SECOND_AUDIO),
      'cover.jpg': randomBytes(96 * KiB),
    };
    await storage.put(`art/${upc}.jpg`, files['cover.jpg'], 'image/jpeg');
    const release = await buildRelease(db, {
      userId: artist.id,
      title: unique('Tidewater'),
      upc,
      status: 'processing',
      releaseDate: '2030-03-01',
      artworkKey: `art/${upc}.jpg`,
      artworkFormat: 'jpeg',
      artworkWidth: 3000,
      artworkHeight: 3000,
      artworkSize: files['cover.jpg'].length,
    });
    for (const n of [1, 2] as const) {
      const bytes = files[`0${n}.wav`];
      await storage.put(`audio/${upc}-${n}.wav`, bytes, 'audio/wav');
      await buildTrack(db, {
        releaseId: release.id,
        trackNumber: n,
        title: `Current ${n}`,
        isrc: uniqueIsrc(),
        duration: 200,
        audioKey: `audio/${upc}-${n}.wav`,
        audioFormat: 'wav',
        audioState: 'ready',
        audioSize: bytes.length,
        audioSha256: sha256(bytes),
      });
    }
    return { release, upc, files };
  }

  /**
   * What the API's reviewRelease does on approval (which workers may not import): the release goes live
   * and `release.approved` is appended, in one transaction.
   */
  async function approve(releaseId: string, userId: string, upc: string) {
    const admin = await buildAdmin(db);
    return db.transaction(async (trx) => {
      await Release.query(trx)
        .findById(releaseId)
        .patch({ status: 'live', reviewedBy: admin.id, reviewedAt: new Date() });
      return appendEvent(trx, {
        type: 'release.approved',
        aggregateId: releaseId,
        actorId: admin.id,
        payload: { userId, upc, isrcs: [] },
      });
    });
  }

  it('leaves no manifest over a cut batch, completes the release after a restart in a new batch, and logs no credential', async () => {
    const target = await storeTarget();
    const { release, upc, files } = await submitted();
    const inbox = path.join(sftp.root, target.folder);
    const batches = () =>
      fs.existsSync(inbox) ? fs.readdirSync(inbox).filter((name) => name.startsWith('N_')) : [];
    const cut: string[] = [];
    /** The batch folder a try is writing (one the earlier tries did not leave), once it is there. */
    const newBatch = () => batches().find((name) => !cut.includes(name));

    /** Starts the workers, freezes the drop box once the new batch is `far` enough, and kills them there. */
    async function killedWhen(what: string, far: (resources: string, message: string) => boolean) {
      const frozen = proxy.freezeWhen(() => {
        const batch = newBatch();
        if (!batch) return false;
        const dir = path.join(inbox, batch, upc);
        return far(path.join(dir, 'resources'), path.join(dir, `${upc}.xml`));
      });
      const workers = startWorkers();
      await within(`the try never got ${what}`, frozen, workers, RUN_TIMEOUT_MS);
      await workers.kill();
      proxy.thaw();
      const batch = newBatch()!;
      cut.push(batch);
      const folder = path.join(inbox, batch);
      // No manifest over the cut batch, nothing recorded as delivered.
      expect(fs.readdirSync(folder)).toEqual([upc]);
      expect(await Delivery.query(db).where({ releaseId: release.id })).toEqual([]);
      expect(await Event.query(db).where({ type: 'delivery.sent' })).toEqual([]);
      return folder;
    }

    const approved = await approve(release.id, release.userId, upc);

    // Cut 1: the first track written whole, the second being written (`02.wav.part`).
    const first = await killedWhen(
      'into the second track',
      (resources) =>
        fs.existsSync(path.join(resources, '01.wav')) &&
        sizeOf(path.join(resources, '02.wav.part')) >= SECOND_CUT_AT,
    );
    expect(filesBelow(first)).toEqual([`${upc}/resources/01.wav`, `${upc}/resources/02.wav.part`]);
    expect(sha256(fs.readFileSync(path.join(first, upc, 'resources/01.wav')))).toBe(sha256(files['01.wav']));
    expect(sizeOf(path.join(first, upc, 'resources/02.wav.part'))).toBeLessThan(SECOND_AUDIO);

    // Cut 2: every resource and the message written, only the manifest missing.
    const second = await killedWhen('to the message', (_resources, message) => fs.existsSync(message));
    expect(filesBelow(second)).toEqual([
      `${upc}/${upc}.xml`,
      `${upc}/resources/01.wav`,
      `${upc}/resources/02.wav`,
      `${upc}/resources/cover.jpg`,
    ]);
    const cutMessageId = messageIdIn(fs.readFileSync(path.join(second, upc, `${upc}.xml`), 'utf8'));
    expect(cutMessageId).toMatch(/^[0-9a-f-]{36}$/);

    // The restart completes it: one delivery, in a batch of its own.
    const workers = startWorkers();
    const delivery = await pollUntil(
      'the release was not delivered after the restart',
      async () => (await Delivery.query(db).where({ releaseId: release.id }).first()) ?? undefined,
      () => workers.output().slice(-4_000),
      { timeoutMs: RUN_TIMEOUT_MS, intervalMs: 100 },
    );
    await waitUntilGroupPassed({ db, group: DELIVERY_GROUP }, String(approved.id), {
      timeoutMs: RUN_TIMEOUT_MS,
      intervalMs: 100,
    });
    expect(await workers.stop()).toBe(0);

    expect(await Delivery.query(db).where({ releaseId: release.id })).toEqual([
      expect.objectContaining({ targetId: target.id, kind: 'new', status: 'delivered', attempts: 1 }),
    ]);
    const { batchId, messageId } = delivery;
    expect(batches().sort()).toEqual([...cut, `N_${batchId}`].sort());
    expect(cut).not.toContain(`N_${batchId}`);
    expect(messageId).not.toBe(cutMessageId);
    const sent = await Event.query(db).where({ type: 'delivery.sent' });
    expect(sent.map((e) => e.payload)).toEqual([
      expect.objectContaining({ releaseId: release.id, store: 'deezer', batchId, messageId }),
    ]);

    // The batch, whole: the message and every resource as uploaded, the manifest over them.
    const batch = path.join(inbox, `N_${batchId}`);
    const manifestName = `BatchComplete_${batchId}.xml`;
    expect(filesBelow(batch)).toEqual(
      [
        manifestName,
        `${upc}/${upc}.xml`,
        `${upc}/resources/01.wav`,
        `${upc}/resources/02.wav`,
        `${upc}/resources/cover.jpg`,
      ].sort(),
    );
    for (const [name, bytes] of Object.entries(files)) {
      const delivered = path.join(batch, upc, 'resources', name);
      expect({ name, size: sizeOf(delivered), sha256: sha256(fs.readFileSync(delivered)) }).toEqual({
        name,
        size: bytes.length,
        sha256: sha256(bytes),
      });
    }
    const xml = fs.readFileSync(path.join(batch, upc, `${upc}.xml`));
    expect(messageIdIn(xml.toString('utf8'))).toBe(messageId);
    const check = validateErn([xml.toString('utf8')]);
    expect(check.valid, check.output).toBe(true);
    const manifest = fs.readFileSync(path.join(batch, manifestName), 'utf8');
    expect(manifest).toContain(`<RootDirectory>N_${batchId}</RootDirectory>`);
    expect(manifest).toContain('<NumberOfMessages>1</NumberOfMessages>');
    const [entry, ...more] = manifest.match(/<MessageInBatch>[\s\S]*?<\/MessageInBatch>/g) ?? [];
    expect(more).toEqual([]);
    expect(entry).toContain(`<MessageId>${messageId}</MessageId>`);
    expect(entry).toContain(`<URL>${upc}/${upc}.xml</URL>`);
    expect(entry).toContain(`<HashSumValue>${sha256(xml)}</HashSumValue>`);

    // The logs of the three runs: the delivery is in them, the credentials are not.
    const logs = runs.map((run) => run.output()).join('\n');
    expect(logs).toContain('release delivered');
    const keyBody = sftp.privateKey
      .split('\n')
      .filter((line) => line && !line.startsWith('-----'))
      .join('');
    const secrets = [
      ...sftp.privateKey.split('\n').filter((line) => line && !line.startsWith('-----')),
      // Any 24 characters of the key in a row, wherever the lines of the log break it.
      ...Array.from({ length: keyBody.length - 23 }, (_, i) => keyBody.slice(i, i + 24)),
      credentialsSecret,
      target.credentials.split(':')[1]!,
    ];
    expect(secrets.filter((secret) => logs.replace(/\\n|\n/g, '').includes(secret))).toEqual([]);
  }, 120_000);
});
