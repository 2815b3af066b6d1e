import { randomUUID } from 'node:crypto';
import { RECORD_LABEL } from '@riffline/contracts';
import {
  appendEvent,
  credentialsKey,
  decryptCredentials,
  Delivery,
  isEmbedded,
  laterDeliveryExists,
  ReleaseChange,
  releasesForExport,
  StoreTarget,
  takedownsOfRelease,
  type Config,
  type Db,
  type DbTransaction,
  type Storage,
} from '@riffline/db';
import type { Logger } from 'pino';
import type { ConsumerGroup, TypedEvent } from '../events/log.ts';
import { buildErn, buildPurge } from '../exports/ern.ts';
import { ernChecker, type ErnChecker } from '../exports/ernCheck.ts';
import type { ExportedRelease } from '../exports/release.ts';
import { batchIdAt, writeBatch, type BatchRelease } from './batch.ts';
import { openDropBox, type DropBox } from './dropBox.ts';
import type { MessageKind } from './manifest.ts';
import { dealEndsFor } from './takedowns.ts';

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
  /** Waits out the pause before an automatic resend (tests record it). */
  sleep?: (ms: number) => Promise<void>;
  /** Opens a store's drop box (tests may wrap it to cut a delivery half way). */
  dropBox?: typeof openDropBox;
}

/** What a delivery carrying this change is: the release itself, an update (a correction), a takedown, a purge. */
const deliveryKindOf = (change: ReleaseChange | null): Delivery['kind'] =>
  !change ? 'new' : change.kind === 'correction' ? 'update' : change.kind;

/** Whether the release goes to this store: every store, unless the artist chose some. */
const goesTo = (release: ExportedRelease, store: string) =>
  release.storeDistribution !== 'custom' || release.selectedStores.includes(store as never);

/**
 * The release's own files, by their name in `resources/`: each track's audio, then the cover. A new release
 * carries them all; an update only a new cover; a takedown or purge none.
 */
function resourcesOf(
  release: ExportedRelease,
  storage: Storage,
  kind: Delivery['kind'],
  change: ReleaseChange | null,
): BatchRelease['resources'] {
  const open = (key: string) => async () => {
    const stream = await storage.stream(key);
    if (!stream) throw new Error(`The file ${key} of release ${release.id} is missing from storage`);
    return stream;
  };
  const files: BatchRelease['resources'] = [];
  for (const track of kind === 'new' ? release.tracks : []) {
    if (track.audioState !== 'ready' || !track.audioKey || !track.audioFormat) continue;
    files.push({ name: audioName(track), open: open(track.audioKey) });
  }
  const newCover = kind === 'new' || (kind === 'update' && Boolean(change?.proposed?.artwork));
  if (newCover && release.artworkKey && release.artworkFormat) {
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
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const sender = { partyId: config.ddex.partyId, name: RECORD_LABEL };

  /**
   * One try of sending one store a message about the release: the release itself (`new`), a takedown (its
   * deals as they now stand) or a purge; a fresh batch and MessageId, recorded with the event. Every
   * NewReleaseMessage carries the takedowns that apply to the store.
   */
  async function deliver(
    trx: DbTransaction,
    release: ExportedRelease,
    target: StoreTarget,
    attempt: number,
    change: ReleaseChange | null = null,
  ) {
    // In the event's transaction: on PGlite it holds the only connection, and another read would wait for it.
    const key = await credentialsKey(trx, config.delivery.credentialsKey);
    const at = clock();
    const batchId = batchIdAt(at);
    const messageId = randomUUID();
    const kind = deliveryKindOf(change);
    const header = {
      messageId,
      threadId: release.id,
      createdAt: at,
      sender,
      recipient: { partyId: target.dpid },
    };
    const xml =
      kind === 'purge'
        ? buildPurge(release, header)
        : buildErn(release, {
            ...header,
            files: {
              audio: (track) => `resources/${audioName(track)}`,
              cover: release.artworkKey ? `resources/${coverName(release)}` : null,
              provided: kind === 'new',
            },
            ends: dealEndsFor(target.store, await takedownsOfRelease(trx, release.id)),
          });
    await ernCheck.check([{ releaseId: release.id, title: release.title, xml }]);
    const message: MessageKind = {
      messageType: kind === 'purge' ? 'PurgeReleaseMessage' : 'NewReleaseMessage',
      deliveryType:
        kind === 'takedown' || kind === 'purge'
          ? 'TakeDown'
          : attempt > 1
            ? 'ReDelivery'
            : 'NewReleaseDelivery',
    };
    let box: DropBox | undefined;
    try {
      box = await dropBox(target, decryptCredentials(key, target.credentials));
      await writeBatch(box, {
        folder: target.folder,
        batchId,
        profile: target.profile,
        releases: [
          {
            ...message,
            upc: release.upc!,
            messageId,
            xml,
            resources: resourcesOf(release, storage, kind, change),
          },
        ],
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
        kind,
        changeId: change?.id ?? null,
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
      payload: { releaseId: release.id, kind, store: target.store, batchId, messageId, attempt },
    });
    logger.info(
      { release: release.id, kind, store: target.store, batch: batchId, attempt },
      'release delivered',
    );
  }

  /**
   * Sends the release, or a takedown or purge of it, to each store switched on that should get it and has
   * not yet: the release to the stores it goes to, a change only to those of them that have the release.
   * Each store in a transaction of its own, committed with its manifest: when one store fails and the
   * event is handled again, the stores that took it are not sent it again. (PGlite has one connection:
   * there it is the event's own.)
   */
  async function deliverToStores(trx: DbTransaction, releaseId: string, change: ReleaseChange | null) {
    const targets = await StoreTarget.query(trx).where({ enabled: true }).orderBy('store');
    if (!targets.length) return;
    const [release] = (await releasesForExport(trx, [releaseId])) as ExportedRelease[];
    if (!release?.upc) return;
    const own = isEmbedded(db) ? trx : db;
    let failure: unknown;
    for (const target of targets) {
      if (!goesTo(release, target.store) || (change?.stores && !change.stores.includes(target.store)))
        continue;
      const sent = (kind: Delivery['kind'], changeId: string | null) =>
        Delivery.query(own).findOne({ releaseId, targetId: target.id, kind, changeId });
      if (change && !(await sent('new', null))) continue;
      if (await sent(deliveryKindOf(change), change?.id ?? null)) continue;
      try {
        await own.transaction((one) => deliver(one, release, target, 1, change));
      } catch (error) {
        logger.warn(
          { err: error, release: release.id, store: target.store },
          'a delivery failed: tried again',
        );
        failure ??= error;
      }
    }
    if (failure) throw failure;
  }

  const changeOf = async (trx: DbTransaction, id: string) => {
    const change = await ReleaseChange.query(trx).findById(id);
    if (!change) throw new Error(`release change ${id} is missing`);
    return change;
  };

  /**
   * The delivery to send again and its store, unless it is gone, past the automatic tries (`limited`), its
   * store is switched off or a newer try went out.
   */
  async function resendable(conn: Db | DbTransaction, deliveryId: string, { limited }: { limited: boolean }) {
    const failed = await Delivery.query(conn).findById(deliveryId);
    if (!failed || (limited && failed.attempts >= MAX_DELIVERY_ATTEMPTS)) return null;
    const target = await StoreTarget.query(conn).findById(failed.targetId);
    if (!target?.enabled || (await laterDeliveryExists(conn, failed))) return null;
    return { failed, target };
  }

  /** The same material again in a new batch, while it is resendable. */
  async function sendAgain(trx: DbTransaction, deliveryId: string, limits: { limited: boolean }) {
    const due = await resendable(trx, deliveryId, limits);
    if (!due) return;
    const { failed, target } = due;
    const [release] = (await releasesForExport(trx, [failed.releaseId])) as ExportedRelease[];
    const change = failed.changeId ? await changeOf(trx, failed.changeId) : null;
    if (!release?.upc) return;
    await deliver(trx, release, target, failed.attempts + 1, change);
  }

  return {
    group: DELIVERY_GROUP,
    // A store that asked for a file again is not sent it at once: the base pause, then twice it.
    async waitBefore(event) {
      if (event.type !== 'delivery.acknowledged') return;
      if (!(event as TypedEvent<'delivery.acknowledged'>).payload.redeliver) return;
      const due = await resendable(db, event.aggregateId, { limited: true });
      if (!due) return;
      const { failed } = due;
      const pause = config.delivery.resendBackoffMs * 2 ** (failed.attempts - 1);
      const wait = new Date(failed.deliveredAt ?? failed.createdAt).getTime() + pause - clock().getTime();
      if (wait > 0) await sleep(wait);
    },
    handlers: {
      'release.approved': (event, trx) => deliverToStores(trx, event.aggregateId, null),
      'release.takedownRequested': async (event, trx) =>
        deliverToStores(trx, event.aggregateId, await changeOf(trx, event.payload.changeId)),
      'release.purged': async (event, trx) =>
        deliverToStores(trx, event.aggregateId, await changeOf(trx, event.payload.changeId)),
      'release.corrected': async (event, trx) =>
        deliverToStores(trx, event.aggregateId, await changeOf(trx, event.payload.changeId)),
      // The store asked for the same material again (ManualCheckRequired=false): sent again, up to a limit;
      // past it, the delivery stays in error for an admin (the console's Deliveries) to send again.
      'delivery.acknowledged': async (event, trx) => {
        if (event.payload.redeliver) await sendAgain(trx, event.aggregateId, { limited: true });
      },
      'delivery.redeliveryRequested': (event, trx) => sendAgain(trx, event.aggregateId, { limited: false }),
    },
  };
}
