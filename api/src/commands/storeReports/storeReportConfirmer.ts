import { appendEvent, confirmHeldStoreReport, StoreReport, type Db, type User } from '@riffline/db';
import { ConflictError, NotFoundError } from '../../errors.ts';

export const STORE_REPORT_NOT_HELD = 'Only a held report can be confirmed: this one is not held';

/**
 * `POST /api/admin/reports/:id/confirm`: an admin confirms a held report (its amounts looked wrong): in one
 * transaction its analytics and royalties are written from its lines, at today's commission, the job
 * completes, and `report.imported` tells the artists as any import does.
 */
export async function confirmStoreReport(
  db: Db,
  admin: User,
  id: string,
  commissionPercent: string,
  notFound: string,
): Promise<StoreReport> {
  return db.transaction(async (trx) => {
    const report = await StoreReport.query(trx).findById(id).forUpdate();
    if (!report) throw NotFoundError(notFound);
    if (report.status !== 'held') throw ConflictError(STORE_REPORT_NOT_HELD);
    const credits = await confirmHeldStoreReport(trx, id, commissionPercent);
    await appendEvent(trx, {
      type: 'report.imported',
      aggregateId: id,
      actorId: admin.id,
      payload: {
        lines: Number(report.linesTotal),
        matched: Number(report.linesMatched),
        unmatched: Number(report.linesUnmatched),
        invalid: Number(report.linesInvalid),
        streams: Number(report.streams),
        downloads: Number(report.downloads),
        revenueUsd: String(report.revenueUsd),
        royaltiesUsd: credits.royaltiesUsd,
        artists: credits.artists,
        periods: credits.periods,
      },
    });
    return (await StoreReport.query(trx).findById(id))!;
  });
}
