import type { StoreReportFormat, StoreReportStatus } from '@riffline/contracts';
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
}
