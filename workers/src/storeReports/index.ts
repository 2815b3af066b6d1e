import { failedAttemptsAt, type Config, type Db, type Storage } from '@riffline/db';
import type { Logger } from 'pino';
import type { ConsumerGroup } from '../events/log.ts';
import { importStoreReport, type ImportDeps } from './importer.ts';

export { importStoreReport, type ImportDeps } from './importer.ts';
export { ReportFileProblem } from './usage.ts';

export const STORE_REPORTS_GROUP = 'reports';

/**
 * The `reports` consumer group (STORE_REPORTS_GROUP, the name its positions are kept under): imports each
 * uploaded store report (`report.uploaded`) into the analytics and royalty projections, exactly once in
 * effect (handleOnce, and the import deletes the report's earlier rows before it writes). An import that
 * keeps throwing is retried like any handler; its last attempt (EVENT_MAX_ATTEMPTS) fails the job with
 * the error rather than leaving it `running`.
 */
export function storeReports(
  deps: { db: Db; storage: Storage; logger: Logger; config: Pick<Config, 'royalties' | 'workers'> },
  options: Partial<Pick<ImportDeps, 'progressEveryMs'>> = {},
): ConsumerGroup {
  const importDeps: ImportDeps = {
    db: deps.db,
    storage: deps.storage,
    logger: deps.logger,
    commissionPercent: deps.config.royalties.commissionPercent,
    holds: deps.config.royalties,
    ...options,
  };
  return {
    group: STORE_REPORTS_GROUP,
    handlers: {
      'report.uploaded': async (event, trx) => {
        const failed = await failedAttemptsAt(trx, STORE_REPORTS_GROUP, event.id);
        const lastAttempt = failed + 1 >= deps.config.workers.maxEventAttempts;
        await importStoreReport(importDeps, event.aggregateId, trx, { lastAttempt });
      },
    },
  };
}
