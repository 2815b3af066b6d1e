import { RECORD_LABEL } from '@riffline/contracts';
import {
  appendEvent,
  completeExport,
  exportById,
  failedAttemptsAt,
  failExport,
  failureReport,
  isEmbedded,
  markExportRunning,
  releasesForExport,
  saveExportProgress,
  type Config,
  type Db,
  type Storage,
} from '@riffline/db';
import type { Logger } from 'pino';
import type { ConsumerGroup } from '../events/log.ts';
import { buildExport } from './build.ts';
import { ernChecker, ExportRefused, type ErnChecker } from './ernCheck.ts';

export const EXPORTS_GROUP = 'exports';

export interface ExportsDeps {
  db: Db;
  storage: Storage;
  config: Pick<Config, 'ddex' | 'workers'>;
  logger: Logger;
  /** What time it is (the messages' creation time, the job's); tests fix it. */
  clock?: () => Date;
  /** The least time between two progress writes (the last one is always written). */
  progressEveryMs?: number;
  /** What checks the ERN messages (by default xmllint with the schema where found, else a parser). */
  ernCheck?: ErnChecker;
}

/**
 * The `exports` consumer group: builds the export an `export.requested` event names (its job row) into
 * object storage, exactly once in effect. The row goes `running` with its progress, then `completed` with
 * the manifest of its files and `export.completed`, in the event's own transaction.
 *
 * Progress is written outside that transaction, on a connection of its own, so the export page shows it
 * while the build runs (PGlite has a single connection: there it is written inside, seen at the end).
 *
 * A build that throws is retried by the consumer (the row keeps `running`, the next attempt starts over
 * and overwrites the same keys); the last attempt (EVENT_MAX_ATTEMPTS) does not throw but records the
 * failure on the row (`failed`, with the reason, and `export.failed`), so the requester sees why rather
 * than an export that never ends.
 */
export function exportsGroup(deps: ExportsDeps): ConsumerGroup {
  const { db, storage, config, logger } = deps;
  const clock = deps.clock ?? (() => new Date());
  const progressEveryMs = deps.progressEveryMs ?? 500;
  const ernCheck = deps.ernCheck ?? ernChecker(config.ddex);
  void ernCheck.mode().then((mode) => {
    if (mode !== 'schema') {
      logger.warn(
        { schema: config.ddex.schemaPath, xmllint: config.ddex.xmllintPath },
        'ERN messages are checked for well-formedness only: xmllint or the DDEX schema is missing',
      );
    }
  });
  const ddex = {
    sender: { partyId: config.ddex.partyId, name: RECORD_LABEL },
    recipient: {
      partyId: config.ddex.recipientPartyId,
      ...(config.ddex.recipientPartyId === config.ddex.partyId ? { name: RECORD_LABEL } : {}),
    },
  };

  return {
    group: EXPORTS_GROUP,
    handlers: {
      'export.requested': async (event, trx) => {
        const job = await exportById(trx, event.aggregateId);
        if (!job || job.status === 'completed' || job.status === 'failed') return;
        const embedded = isEmbedded(db);
        const now = clock();
        await markExportRunning(embedded ? trx : db, job.id, now);
        const lastAttempt =
          (await failedAttemptsAt(trx, EXPORTS_GROUP, event.id)) + 1 >= config.workers.maxEventAttempts;
        try {
          // In a savepoint: a failed build (a query that failed included) leaves the transaction usable
          // for recording the failure.
          await trx.transaction(async (build) => {
            const live = embedded ? build : db;
            let written = 0;
            let savedAt = 0;
            const files = await buildExport(job, {
              storage,
              read: (ids) => releasesForExport(build, ids),
              ddex,
              checkErns: (messages) => ernCheck.check(messages),
              now,
              progress: async (done) => {
                written = done;
                if (done < job.totalReleases && Date.now() - savedAt < progressEveryMs) return;
                savedAt = Date.now();
                await saveExportProgress(live, job.id, done);
              },
            });
            await completeExport(build, job.id, { files, releasesDone: written, at: clock() });
            await appendEvent(build, {
              type: 'export.completed',
              aggregateId: job.id,
              payload: { kind: job.kind, totalReleases: job.totalReleases, files: files.length },
            });
            logger.info(
              { export: job.id, kind: job.kind, releases: written, files: files.length },
              'export built',
            );
          });
        } catch (error) {
          if (!lastAttempt && !(error instanceof ExportRefused)) throw error;
          // A refusal's message is written for the admin: it goes without its error name.
          const reason = failureReport(error).error.replace(/^ExportRefused: /, '');
          await failExport(trx, job.id, reason, clock());
          await appendEvent(trx, {
            type: 'export.failed',
            aggregateId: job.id,
            payload: { kind: job.kind, reason },
          });
          logger.error(
            { err: error, export: job.id },
            error instanceof ExportRefused ? 'export refused' : 'export failed after its last attempt',
          );
        }
      },
    },
  };
}
