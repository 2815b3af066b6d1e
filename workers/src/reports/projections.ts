import {
  convertScaled,
  divideRounded,
  fromMinor,
  fromScaled,
  REVENUE_DECIMALS,
  toMinor,
  type ReportLine,
  type SaleType,
} from '@riffline/contracts';
import type { RoyaltyRow } from '@riffline/db';

/**
 * The arithmetic of a store report's lines, without a database: what a line counts as, its revenue in USD,
 * and the royalty ledger, a view that each matched line is applied to (`applyToRoyalties(view, line)`)
 * and the rows it becomes. Amounts are integers: revenue in USD scaled by 10^8 (REVENUE_DECIMALS), the
 * ledger's amounts in cents. The analytics are summed from the written lines by PostgreSQL
 * (insertAnalyticsFromLines).
 */

/** A report line matched to our catalogue: what it says, whose it is, and its revenue in USD. */
export interface MatchedLine {
  lineNumber: number;
  line: ReportLine;
  userId: string;
  releaseId: string;
  /** Null when only the UPC matched (a release-level line). */
  trackId: string | null;
  /** USD × 10^8. */
  revenueUsd: bigint;
}

/** A line's revenue in USD at SPEC §9's rates, to 8 decimals, rounded once (half away from zero). */
export const revenueInUsd = (line: Pick<ReportLine, 'netRevenue' | 'currency'>): bigint =>
  convertScaled(line.netRevenue, line.currency, 'USD');

/** Streams (stream, UGC and video plays) or downloads: what a line's units count as. */
export function usageOf(saleType: SaleType, units: number): { streams: number; downloads: number } {
  return saleType === 'download' ? { streams: 0, downloads: units } : { streams: units, downloads: 0 };
}

/** Royalties: an artist's revenue per release and sale month, from one report. */
export interface RoyaltyCell {
  /** The ledger row's id, known before it is written, so that each line can name it. */
  id: string;
  userId: string;
  releaseId: string;
  period: string;
  grossUsd: bigint;
  lines: number;
}
export type RoyaltyView = Map<string, RoyaltyCell>;

/** Adds a line to its artist, release and month; answers the cell (the ledger row the line goes into). */
export function applyToRoyalties(view: RoyaltyView, matched: MatchedLine, newId: () => string): RoyaltyCell {
  const key = `${matched.userId}\u0000${matched.releaseId}\u0000${matched.line.period}`;
  let cell = view.get(key);
  if (!cell) {
    cell = {
      id: newId(),
      userId: matched.userId,
      releaseId: matched.releaseId,
      period: matched.line.period,
      grossUsd: 0n,
      lines: 0,
    };
    view.set(key, cell);
  }
  cell.grossUsd += matched.revenueUsd;
  cell.lines += 1;
  return cell;
}

const CENT_SCALE = 10n ** BigInt(REVENUE_DECIMALS - 2);

/**
 * The artist's share of a gross amount (USD × 10^8) in cents: gross × (100 − commission)%, rounded once,
 * half away from zero. `commissionPercent` has at most two decimals ("0", "12.5").
 */
export function artistShareCents(grossUsd: bigint, commissionPercent: string): bigint {
  const basisPoints = toMinor(commissionPercent); // hundredths of a percent
  return divideRounded(grossUsd * (10_000n - basisPoints), 10_000n * CENT_SCALE);
}

export const royaltyRows = (view: RoyaltyView, commissionPercent: string): RoyaltyRow[] =>
  [...view.values()].map((cell) => ({
    id: cell.id,
    userId: cell.userId,
    releaseId: cell.releaseId,
    period: cell.period,
    amount: fromMinor(artistShareCents(cell.grossUsd, commissionPercent)),
    grossUsd: fromScaled(cell.grossUsd, REVENUE_DECIMALS),
    commissionPercent: fromMinor(toMinor(commissionPercent)),
    lines: cell.lines,
  }));
