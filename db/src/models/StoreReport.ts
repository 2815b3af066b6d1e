import type { StoreReportStatus } from '@riffline/contracts';
import { BaseModel } from './BaseModel.ts';

/** An uploaded store report and its import job (db/src/storeReports/ writes its progress and outcome). */
export class StoreReport extends BaseModel {
  static override tableName = 'store_reports';

  id!: string;
  filename!: string;
  fileKey!: string;
  contentHash!: string;
  size!: number;
  forced!: boolean;
  status!: StoreReportStatus;
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
  /**
   * The first 24 characters of its analytics cells' ids (their range: storeReports/imports.ts); '' while it
   * has none, null when they have no one range.
   */
  analyticsIds!: string | null;
  createdAt!: Date;
  updatedAt!: Date;
  startedAt!: Date | null;
  completedAt!: Date | null;
}
