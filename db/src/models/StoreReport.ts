import type { StoreReportFormat, StoreReportStatus } from '@riffline/contracts';
import type { Knex } from 'knex';
import { BaseModel } from './BaseModel.ts';

/** An uploaded store report and its import job (db/src/storeReports/ writes its progress and outcome). */
export class StoreReport extends BaseModel {
  static override tableName = 'store_reports';
  static override jsonAttributes = ['totals', 'warnings', 'holds'];

  id!: string;
  filename!: string;
  fileKey!: string;
  contentHash!: string;
  size!: number;
  forced!: boolean;
  status!: StoreReportStatus;
  /** The status as it stands, where the query asked for it (queryNow): `running` only while alive. */
  statusNow?: StoreReportStatus;
  uploadedBy!: string | null;
  bytesRead!: number;
  linesRead!: number;
  linesTotal!: number;
  linesMatched!: number;
  linesUnmatched!: number;
  linesInvalid!: number;
  streams!: number;
  downloads!: number;
  /** numeric(24,8) as text. */
  revenueUsd!: string;
  royaltiesUsd!: string;
  error!: string | null;
  format!: StoreReportFormat | null;
  /** DSR: what the HEAD says of the report. */
  messageId!: string | null;
  sender!: string | null;
  service!: string | null;
  usageStart!: string | Date | null;
  usageEnd!: string | Date | null;
  fileNumber!: number | null;
  numberOfFiles!: number | null;
  /** A part of a report in several files: the report (its last part) it was imported with. */
  importedWith!: string | null;
  /** Net revenue per currency of the counted lines (jsonb). */
  totals!: Array<{ currency: string; netRevenue: string; revenueUsd: string }>;
  warnings!: string[];
  /** Why a held report credits nothing until an admin confirms it. */
  holds!: string[];
  createdAt!: Date;
  updatedAt!: Date;
  startedAt!: Date | null;
  completedAt!: Date | null;

  /** The advisory lock (the report's id hashed under it) an import holds while its transaction is open. */
  static readonly IMPORT_LOCK = 7245004;

  /**
   * A job's status as it stands, as SQL on `store_reports`. `running` is recorded when an import starts, on
   * a connection of its own so that it shows while the import's transaction is open; but only that
   * transaction does the work, and a process killed in the middle leaves the mark behind with nothing
   * running. So a job reads `running` only while its import holds IMPORT_LOCK (storeReportForImport), and
   * `pending` otherwise: waiting for the workers to import it (again).
   */
  static statusNow(db: Knex): Knex.Raw {
    return db.raw(
      `(case when store_reports.status = 'running' and not exists (
          select 1 from pg_locks
           where locktype = 'advisory' and classid = ? and objsubid = 2 and granted
             and objid = hashtext(store_reports.id::text)::oid)
        then 'pending' else store_reports.status end)`,
      [StoreReport.IMPORT_LOCK],
    );
  }

  /** Rows with `statusNow` beside the status recorded. */
  static queryNow(db: Knex) {
    return StoreReport.query(db).select(
      'store_reports.*',
      db.raw('? as status_now', [StoreReport.statusNow(db)]),
    );
  }
}
