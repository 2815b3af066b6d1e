import { storeReportLineCount, storeReportsToReplay, type Db, type Storage } from '@riffline/db';
import type { Logger } from 'pino';
import { importStoreReport } from './importer.ts';

export interface ReplayDeps {
  db: Db;
  storage: Storage;
  logger: Logger;
  /** For a report whose ledger rows do not say it (none matched): the configured commission. */
  commissionPercent: string;
}

/**
 * `make replay`: rebuilds the projections the store reports feed (analytics, the royalty ledger and each
 * report's lines) from the event log. Every report whose `report.uploaded` event is on the log and whose
 * import completed is imported again from its stored file, in log order, each in a transaction of its own
 * that first deletes what that report had written, at the commission its royalties were computed with. No
 * event is appended and no job changes: the rebuilt rows equal the live ones but for the ledger's
 * generated ids (and what a change to the catalogue since would match differently).
 */
export async function replayStoreReports(deps: ReplayDeps): Promise<{ reports: number; lines: number }> {
  const { db, logger } = deps;
  const rows = await storeReportsToReplay(db);
  let lines = 0;
  for (const { id, commission } of rows) {
    const commissionPercent = commission ?? deps.commissionPercent;
    await db.transaction((trx) =>
      importStoreReport({ ...deps, commissionPercent }, id, trx, { rebuild: true }),
    );
    const n = await storeReportLineCount(db, id);
    lines += n;
    logger.info({ reportId: id, lines: n }, 'replay: report rebuilt');
  }
  return { reports: rows.length, lines };
}
