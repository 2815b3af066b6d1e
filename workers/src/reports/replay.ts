import { type Db, type Storage } from '@riffline/db';
import type { Logger } from 'pino';
import { importReport } from './importer.ts';

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
export async function replayReports(deps: ReplayDeps): Promise<{ reports: number; lines: number }> {
  const { db, logger } = deps;
  const { rows } = (await db.raw(
    `select r.id, (select c.commission_percent from royalties c where c.report_id = r.id limit 1) as commission
       from store_reports r
       join (select aggregate_id, min(position) as position from events
              where type = 'report.uploaded' and position is not null group by aggregate_id) e
         on e.aggregate_id = r.id::text
      where r.status = 'completed'
      order by e.position`,
  )) as { rows: Array<{ id: string; commission: string | null }> };
  let lines = 0;
  for (const { id, commission } of rows) {
    const commissionPercent = commission === null ? deps.commissionPercent : String(commission);
    await db.transaction((trx) => importReport({ ...deps, commissionPercent }, id, trx, { rebuild: true }));
    const [{ n }] = (await db('store_report_lines').where({ reportId: id }).count({ n: '*' })) as [
      { n: string },
    ];
    lines += Number(n);
    logger.info({ reportId: id, lines: Number(n) }, 'replay: report rebuilt');
  }
  return { reports: rows.length, lines };
}
