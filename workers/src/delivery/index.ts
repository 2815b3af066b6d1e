import { randomUUID } from 'node:crypto';
import { RECORD_LABEL } from '@riffline/contracts';
import {
  appendEvent,
  credentialsKey,
  decryptCredentials,
  Delivery,
  isEmbedded,
  laterDeliveryExists,
  releasesForExport,
  StoreTarget,
  type Config,
  type Db,
  type DbTransaction,
  type Storage,
} from '@riffline/db';
import type { Logger } from 'pino';
import type { ConsumerGroup } from '../events/log.ts';
import { buildErn } from '../exports/ern.ts';
import { ernChecker, type ErnChecker } from '../exports/ernCheck.ts';
import type { ExportedRelease } from '../exports/release.ts';
import { batchIdAt, writeBatch, type BatchRelease } from './batch.ts';
import { openDropBox, type DropBox } from './dropBox.ts';

export const DELIVERY_GROUP = 'delivery';
/** How many times a store that asks for the same material again gets it, in all. */
export const MAX_DELIVERY_ATTEMPTS = 3;

export interface DeliveryDeps {
  db: Db;
  storage: Storage;
  config: Pick<Config, 'ddex' | 'delivery'>;
  logger: Logger;
  clock?: () => Date;
  ernCheck?: ErnChecker;
  /** Opens a store's drop box (tests may wrap it to cut a delivery half way). */
  dropBox?: typeof openDropBox;
}

/** Whether the release goes to this store: every store, unless the artist chose some. */
const goesTo = (release: ExportedRelease, store: string) =>
  release.storeDistribution !== 'custom' || release.selectedStores.includes(store as never);

/** The release's own files, by their name in `resources/`: each track's audio, then the cover. */
function resourcesOf(release: ExportedRelease, storage: Storage): BatchRelease['resources'] {
  const open = (key: string) => async () => {
    const stream = await storage.stream(key);
    if (!stream) throw new Error(`The file ${key} of release ${release.id} is missing from storage`);
    return stream;
  };
  const files: BatchRelease['resources'] = [];
  for (const track of release.tracks) {
    if (track.audioState !== 'ready' || !track.audioKey || !track.audioFormat) continue;
    files.push({ name: audioName(track), open: open(track.audioKey) });
  }
  if (release.artworkKey && release.artworkFormat) {
    files.push({ name: coverName(release), open: open(release.artworkKey) });
  }
  return files;
}

const audioName = (track: ExportedRelease['tracks'][number]) =>
  `${String(track.trackNumber).padStart(2, '0')}.${track.audioFormat}`;
const coverName = (release: ExportedRelease) => `cover.${release.artworkFormat === 'png' ? 'png' : 'jpg'}`;

/**
 * The `delivery` consumer group (docs/delivery.md): when a release is approved, it is delivered to every
 * store that has a drop box and that the release goes to, one batch per store (the release-by-release
 * profile's content in the batch choreography: a manifest over one release). Each try is a fresh batch and
 * MessageId; the delivery's row is committed with the batch's manifest, per store, so a try cut short
 * (kill -9, a dropped connection) leaves a batch without a manifest, which stores ignore, and the event is
 * handled again for the stores still without the release. Stores without a drop box keep today's
 * behaviour: nothing is sent.
 */
export function deliveryGroup(deps: DeliveryDeps): ConsumerGroup {
  const { db, storage, config, logger } = deps;
  const clock = deps.clock ?? (() => new Date());
  const ernCheck = deps.ernCheck ?? ernChecker(config.ddex);
  const dropBox = deps.dropBox ?? openDropBox;
  const sender = { partyId: config.ddex.partyId, name: RECORD_LABEL };

  /** One try of delivering the release to one store: a fresh batch and MessageId, recorded with the event. */
  async function deliver(trx: DbTransaction, release: ExportedRelease, target: StoreTarget, attempt: number) {
    const key = await credentialsKey(db, config.delivery.credentialsKey);
    const at = clock();
    const batchId = batchIdAt(at);
    const messageId = randomUUID();
    const xml = buildErn(release, {
      messageId,
      threadId: release.id,
      createdAt: at,
      sender,
      recipient: { partyId: target.dpid },
      files: {
        audio: (track) => `resources/${audioName(track)}`,
        cover: release.artworkKey ? `resources/${coverName(release)}` : null,
      },
    });
    await ernCheck.check([{ releaseId: release.id, title: release.title, xml }]);
    let box: DropBox | undefined;
    try {
      box = await dropBox(target, decryptCredentials(key, target.credentials));
      await writeBatch(box, {
        folder: target.folder,
        batchId,
        releases: [{ upc: release.upc!, messageId, xml, resources: resourcesOf(release, storage) }],
        manifest: {
          sender,
          recipient: { partyId: target.dpid },
          createdAt: at,
          test: target.mode === 'test',
        },
      });
    } finally {
      await box?.close().catch(() => undefined);
    }
    const delivery = await Delivery.query(trx)
      .insert({
        releaseId: release.id,
        targetId: target.id,
        kind: 'new',
        batchId,
        messageId,
        status: 'delivered',
        attempts: attempt,
        deliveredAt: clock(),
      })
      .returning('*');
    await appendEvent(trx, {
      type: 'delivery.sent',
      aggregateId: delivery.id,
      payload: { releaseId: release.id, store: target.store, batchId, messageId, attempt },
    });
    logger.info({ release: release.id, store: target.store, batch: batchId, attempt }, 'release delivered');
  }

  return {
    group: DELIVERY_GROUP,
    handlers: {
      'release.approved': async (event, trx) => {
        const targets = await StoreTarget.query(trx).where({ enabled: true }).orderBy('store');
        if (!targets.length) return;
        const [release] = (await releasesForExport(trx, [event.aggregateId])) as ExportedRelease[];
        if (!release?.upc) return;
        // Each store in a transaction of its own, committed with its manifest: when one store fails and the
        // event is handled again, the stores that took the release are not sent it again. (PGlite has one
        // connection: there it is the event's own.)
        const own = isEmbedded(db) ? trx : db;
        let failure: unknown;
        for (const target of targets) {
          if (!goesTo(release, target.store)) continue;
          const sent = await Delivery.query(own).findOne({
            releaseId: release.id,
            targetId: target.id,
            kind: 'new',
          });
          if (sent) continue;
          try {
            await own.transaction((one) => deliver(one, release, target, 1));
          } catch (error) {
            logger.warn(
              { err: error, release: release.id, store: target.store },
              'a delivery failed: tried again',
            );
            failure ??= error;
          }
        }
        if (failure) throw failure;
      },
      // The store asked for the same material again (ManualCheckRequired=false): sent again, up to a limit,
      // unless a newer try already went out.
      'delivery.acknowledged': async (event, trx) => {
        if (!event.payload.redeliver) return;
        const failed = await Delivery.query(trx).findById(event.aggregateId);
        if (!failed || failed.attempts >= MAX_DELIVERY_ATTEMPTS) return;
        const target = await StoreTarget.query(trx).findById(failed.targetId);
        if (!target?.enabled || (await laterDeliveryExists(trx, failed))) return;
        const [release] = (await releasesForExport(trx, [failed.releaseId])) as ExportedRelease[];
        if (release?.upc) await deliver(trx, release, target, failed.attempts + 1);
      },
    },
  };
}
