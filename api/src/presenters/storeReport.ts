import {
  fromMinor,
  normalizeAmount,
  REVENUE_DECIMALS,
  rescale,
  toScaled,
  type AdminStoreReportLineResponse,
  type AdminStoreReportResponse,
  type StoreReportStatus,
} from '@riffline/contracts';
import { calendarDay, type StoreReportLineRecord, type StoreReport } from '@riffline/db';

const iso = (date: Date | string | null) => (date === null ? null : new Date(date).toISOString());

/** A revenue sum (decimal text with up to 8 places, as the database gives it) in USD cents: "12.35". */
export const usdCents = (amount: string | number): string =>
  fromMinor(rescale(toScaled(String(amount), REVENUE_DECIMALS), REVENUE_DECIMALS, 2));

/** How far a job has read its file, 0-100 (100 once completed). */
function progressOf(report: StoreReport, status: StoreReportStatus): number {
  if (status === 'completed' || status === 'waiting' || status === 'held') return 100;
  const size = Number(report.size);
  if (status === 'pending' || size <= 0) return 0;
  return Math.min(99, Math.floor((Number(report.bytesRead) * 100) / size));
}

export function presentStoreReport(report: StoreReport): AdminStoreReportResponse {
  // As it stands where the query asked (StoreReport.queryNow): an import cut off has nothing read any more.
  const status = report.statusNow ?? report.status;
  const cutOff = status !== report.status;
  return {
    id: report.id,
    filename: report.filename,
    size: Number(report.size),
    contentHash: report.contentHash,
    forced: report.forced,
    status,
    progress: progressOf(report, status),
    format: report.format ?? null,
    messageId: report.messageId ?? null,
    sender: report.sender ?? null,
    service: report.service ?? null,
    usageStart: day(report.usageStart),
    usageEnd: day(report.usageEnd),
    fileNumber: report.fileNumber ?? null,
    numberOfFiles: report.numberOfFiles ?? null,
    importedWith: report.importedWith ?? null,
    linesRead: cutOff ? 0 : Number(report.linesRead),
    linesTotal: Number(report.linesTotal),
    linesMatched: Number(report.linesMatched),
    linesUnmatched: Number(report.linesUnmatched),
    linesInvalid: Number(report.linesInvalid),
    streams: Number(report.streams),
    downloads: Number(report.downloads),
    totals: (report.totals ?? []).map((t) => ({
      currency: t.currency,
      netRevenue: String(t.netRevenue),
      revenueUsd: usdCents(t.revenueUsd),
    })),
    revenueUsd: usdCents(report.revenueUsd),
    royaltiesUsd: normalizeAmount(String(report.royaltiesUsd)),
    warnings: report.warnings ?? [],
    holds: report.holds ?? [],
    error: report.error,
    uploadedBy: report.uploadedBy,
    createdAt: iso(report.createdAt)!,
    startedAt: iso(report.startedAt),
    completedAt: iso(report.completedAt),
  };
}

const day = (value: string | Date | null | undefined) =>
  value === null || value === undefined ? null : calendarDay(value);

const text = (value: unknown) => (value === null || value === undefined ? null : String(value));

export function presentStoreReportLine(line: StoreReportLineRecord): AdminStoreReportLineResponse {
  return {
    id: `${line.reportId}:${line.fileNumber}:${line.lineNumber}`,
    reportId: line.reportId,
    fileNumber: Number(line.fileNumber),
    lineNumber: Number(line.lineNumber),
    status: line.status,
    reason: line.reason,
    period: line.period,
    startDate: line.startDate,
    endDate: line.endDate,
    store: line.store,
    country: line.country,
    isrc: line.isrc,
    upc: line.upc,
    saleType: line.saleType,
    units: line.units === null ? null : Number(line.units),
    summaryId: line.summaryId,
    netRevenue: text(line.netRevenue),
    currency: line.currency,
    ratePerUsd: text(line.ratePerUsd),
    revenueUsd: text(line.revenueUsd),
    track: line.track,
    release: line.release,
    artist: line.artist,
    trackId: line.trackId,
    releaseId: line.releaseId,
    royaltyId: line.royaltyId,
    fields: line.fields,
  };
}
