import path from 'node:path/posix';
import {
  acknowledgedDeliveries,
  appendEvent,
  credentialsKey,
  decryptCredentials,
  keepAcknowledgement,
  knownAcknowledgementFiles,
  StoreTarget,
  type Config,
  type Db,
  type DbTransaction,
} from '@riffline/db';
import type { Logger } from 'pino';
import { deliveryStateOf, parseAcknowledgement, type AcknowledgedRelease } from './acknowledgement.ts';
import { openDropBox } from './dropBox.ts';

/** Where a store writes its acknowledgements: this folder of its drop box (docs/delivery.md). */
export const ACKNOWLEDGEMENTS_FOLDER = 'acknowledgements';

export interface AcknowledgementsDeps {
  db: Db;
  config: Pick<Config, 'delivery'>;
  logger: Logger;
  dropBox?: typeof openDropBox;
}

/**
 * Reads the acknowledgements each store switched on wrote since the last look (docs/delivery.md): every new
 * file is kept, and what it says sets the state of the deliveries it names. A store that cannot be reached
 * is tried again at the next look. Answers how many files were read.
 */
export async function readAcknowledgements(deps: AcknowledgementsDeps): Promise<number> {
  const { db, config, logger } = deps;
  const dropBox = deps.dropBox ?? openDropBox;
  const key = await credentialsKey(db, config.delivery.credentialsKey);
  let read = 0;
  for (const target of await StoreTarget.query(db).where({ enabled: true }).orderBy('store')) {
    const folder = path.join(target.folder || '.', ACKNOWLEDGEMENTS_FOLDER);
    let box: Awaited<ReturnType<typeof dropBox>> | undefined;
    try {
      box = await dropBox(target, decryptCredentials(key, target.credentials));
      const names = (await box.list(folder)).filter((name) => name.toLowerCase().endsWith('.xml')).sort();
      if (!names.length) continue;
      const known = await knownAcknowledgementFiles(db, target.id, names);
      for (const name of names.filter((n) => !known.has(n))) {
        const body = (await box.read(path.join(folder, name))).toString('utf8');
        await db.transaction((trx) => applyAcknowledgement(trx, target, name, body, logger));
        read += 1;
      }
    } catch (error) {
      logger.warn({ err: error, store: target.store }, "a store's acknowledgements could not be read");
    } finally {
      await box?.close().catch(() => undefined);
    }
  }
  return read;
}

/**
 * Keeps one acknowledgement file and applies it: per release it names, the deliveries it is about (by
 * MessageId, else the store's latest of that UPC) take its state unless a later acknowledgement already
 * set theirs; each change appends `delivery.acknowledged`. An unreadable file is kept with the reason.
 */
async function applyAcknowledgement(
  trx: DbTransaction,
  target: StoreTarget,
  fileName: string,
  body: string,
  logger: Logger,
): Promise<void> {
  let parsed: ReturnType<typeof parseAcknowledgement> | null = null;
  let problem: string | null = null;
  try {
    parsed = parseAcknowledgement(body);
  } catch (error) {
    problem = (error as Error).message;
  }
  const kept = await keepAcknowledgement(trx, {
    targetId: target.id,
    fileName,
    messageId: parsed?.messageId ?? null,
    madeAt: parsed?.createdAt ?? null,
    body,
    problem,
  });
  if (!kept || !parsed) {
    if (problem)
      logger.warn({ store: target.store, file: fileName, problem }, 'an acknowledgement is unreadable');
    return;
  }
  const madeAt = parsed.createdAt ?? new Date();
  for (const release of parsed.releases) {
    const named = { messageIds: release.messages.map((m) => m.messageId), icpn: release.icpn };
    for (const delivery of await acknowledgedDeliveries(trx, target.id, named)) {
      if (delivery.acknowledgedAt && new Date(delivery.acknowledgedAt) > madeAt) continue;
      const { status, redeliver } = deliveryStateOf(release);
      const error = status === 'error' ? errorOf(release) : null;
      // The store's link is kept while the release is live there (a live status may leave it out), and
      // dropped with any other state, so the artist is never sent to a page that went away.
      const storeUrl = status === 'live' ? (release.storeUrl ?? delivery.storeUrl) : null;
      await delivery.$query(trx).patch({ status, error, storeUrl, acknowledgedAt: madeAt });
      await appendEvent(trx, {
        type: 'delivery.acknowledged',
        aggregateId: delivery.id,
        payload: {
          releaseId: delivery.releaseId,
          store: target.store,
          status: release.status,
          error,
          redeliver,
        },
      });
    }
  }
}

/** The store's words for an error: its ErrorText, else the file statuses it gave. */
const errorOf = (release: AcknowledgedRelease) =>
  release.errorText ??
  (release.messages
    .flatMap((m) => m.statuses)
    .filter((s) => s !== 'FileOK')
    .join(', ') ||
    release.status);
