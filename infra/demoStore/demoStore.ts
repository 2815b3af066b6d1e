/**
 * The demo store `make start` runs (docs/delivery.md, "The demo store in `make start`"): without a store to
 * deliver to, a newcomer never sees a release go from Sent to Live. So Deezer, in test mode, gets a drop box
 * on this machine (an S3 bucket on s3rver, kept in `<DATA_DIR>/demo-store`) read every few seconds by the
 * delivery tests' store (test/support/testStore.ts): it acknowledges each complete batch and, at its next
 * look, puts the release out with a page of its own on loopback.
 */
import path from 'node:path';
import {
  appendEvent,
  credentialsKey,
  encryptCredentials,
  StoreTarget,
  type Config,
  type Db,
} from '@riffline/db';
import type { Logger } from 'pino';
import { pollLoop } from '../../workers/src/events/pollLoop.ts';
import { ernChecker } from '../../workers/src/exports/ernCheck.ts';
import { testStore } from '../../test/support/testStore.ts';
import { startS3 } from '../s3/s3.ts';

const DEMO_STORE = 'deezer';
/** The bucket that marks the drop box as the demo store's own, not one an admin set up. */
const BUCKET = 'demo-store';
const FOLDER = 'inbox';
const DPID = 'PADPIDA2014101001U';
/** How often the store looks at its drop box (bin/start.ts has the workers read acknowledgements as often). */
const LOOK_MS = 2_000;

/** The fields a new drop box sets, as its `storeTarget.saved` names them. */
const CREATED = ['protocol', 'bucket', 'region', 'endpoint', 'folder', 'dpid', 'profile', 'mode', 'enabled'];

const isOurs = (target: StoreTarget) =>
  target.protocol === 's3' &&
  target.bucket === BUCKET &&
  /^http:\/\/127\.0\.0\.1:/.test(target.endpoint ?? '');

export interface DemoStore {
  stop(): Promise<void>;
}

/**
 * Starts the bucket, points Deezer's drop box at it (created on the first start, its endpoint moved to
 * this start's port later), and the store's loop. Null when an admin set up a drop box for Deezer: theirs
 * is left alone.
 */
export async function startDemoStore(deps: {
  db: Db;
  config: Config;
  logger: Logger;
}): Promise<DemoStore | null> {
  const { db, config, logger } = deps;
  const existing = await StoreTarget.query(db).findOne({ store: DEMO_STORE });
  if (existing && !isOurs(existing)) {
    logger.info('Deezer has a drop box an admin set up: the demo store stays off');
    return null;
  }
  const s3 = await startS3({
    directory: path.join(config.dataDir, 'demo-store'),
    bucket: BUCKET,
    keep: true,
  });
  try {
    const key = await credentialsKey(db, config.delivery.credentialsKey);
    const credentials = { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey };
    await db.transaction(async (trx) => {
      const target = existing
        ? await existing.$query(trx).patchAndFetch({ endpoint: s3.endpoint, enabled: true })
        : await StoreTarget.query(trx)
            .insert({
              store: DEMO_STORE,
              protocol: 's3',
              bucket: BUCKET,
              endpoint: s3.endpoint,
              region: 'us-east-1',
              folder: FOLDER,
              dpid: DPID,
              mode: 'test',
              credentials: encryptCredentials(key, credentials),
            })
            .returning('*');
      // Audited as an admin's change is (no one made it: no actor).
      await appendEvent(trx, {
        type: 'storeTarget.saved',
        aggregateId: target.id,
        payload: {
          store: DEMO_STORE,
          changed: existing ? ['endpoint', 'enabled'] : [...CREATED],
          credentialsReplaced: !existing,
        },
      });
    });
    // The ERN schema check needs xmllint and the schema (../shared/ddex/); without them the store takes
    // every message as it comes.
    const validate = (await ernChecker(config.ddex).mode()) === 'schema';
    if (!validate)
      logger.warn('no xmllint or ERN schema here: the demo store takes messages without checking them');
    const store = await testStore({ protocol: 's3', s3, folder: FOLDER }, { dpid: DPID, validate });
    const loop = pollLoop(
      async () => {
        // What it took at its last look goes out now, so a release is seen received before it is live.
        for (const page of await store.goLive())
          logger.info({ url: page.url }, `"${page.title}" is live on Deezer`);
        const taken = await store.acknowledge();
        if (taken) logger.info({ messages: taken }, 'Deezer acknowledged the new batches');
        await store.passTime(new Date());
        return 'idle';
      },
      {
        idleMs: LOOK_MS,
        onError: (error, failures) => {
          if (failures === 1)
            logger.warn({ err: error }, 'the demo store could not read its drop box; trying again');
        },
      },
    );
    logger.info(
      { endpoint: s3.endpoint, pages: store.origin },
      'the demo store (Deezer, test mode) is running',
    );
    return {
      async stop() {
        await loop.stop();
        await store.close();
        await s3.stop();
      },
    };
  } catch (error) {
    await s3.stop();
    throw error;
  }
}

/** Without the demo store, its drop box is switched off: nothing is sent to a bucket no one serves. */
export async function switchOffDemoStore(db: Db): Promise<void> {
  const target = await StoreTarget.query(db).findOne({ store: DEMO_STORE, enabled: true });
  if (!target || !isOurs(target)) return;
  await db.transaction(async (trx) => {
    await target.$query(trx).patch({ enabled: false });
    await appendEvent(trx, {
      type: 'storeTarget.saved',
      aggregateId: target.id,
      payload: { store: DEMO_STORE, changed: ['enabled'], credentialsReplaced: false },
    });
  });
}
