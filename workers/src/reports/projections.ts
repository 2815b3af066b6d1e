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
import type { AnalyticsRow, RoyaltyRow } from '@riffline/db';

/**
 * The arithmetic of the two projections a store report feeds, without a database: each is a view that a
 * matched line is applied to (`apply…(view, line)`), and the rows the view becomes. Amounts are integers:
 * revenue in USD scaled by 10^8 (REVENUE_DECIMALS), the ledger's amounts in cents.
 */

/** A report line matched to our catalogue: what it says, whose it is, and its revenue in USD. */
export interface MatchedLine {
  lineNumber: number;
  line: ReportLine;
  userId: string;
  releaseId: string;
  /** Null when only the UPC matched (a release-level line). */
  trackId: string | null;
  trackTitle: string | null;
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

/** Listeners add up where the stores give them; a line without any leaves the figure as it was. */
const addListeners = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : a + b);

/** Analytics: usage per release, track, store, country and day. */
export interface AnalyticsCell {
  userId: string;
  releaseId: string;
  trackId: string | null;
  track: string | null;
  platform: string;
  country: string;
  date: string;
  streams: number;
  downloads: number;
  revenueUsd: bigint;
  listeners: number | null;
  /** The lines summed into it so far. */
  lines: number;
}
export type AnalyticsView = Map<string, AnalyticsCell>;

export function applyToAnalytics(view: AnalyticsView, matched: MatchedLine): AnalyticsView {
  const { line } = matched;
  const key = [matched.releaseId, matched.trackId ?? '', line.store, line.country, line.date].join('\u0000');
  const { streams, downloads } = usageOf(line.saleType, line.units);
  const cell = view.get(key);
  if (cell) {
    cell.streams += streams;
    cell.downloads += downloads;
    cell.revenueUsd += matched.revenueUsd;
    cell.listeners = addListeners(cell.listeners, line.listeners);
    cell.lines += 1;
  } else {
    view.set(key, {
      userId: matched.userId,
      releaseId: matched.releaseId,
      trackId: matched.trackId,
      track: matched.trackTitle,
      platform: line.store,
      country: line.country,
      date: line.date,
      streams,
      downloads,
      revenueUsd: matched.revenueUsd,
      listeners: line.listeners,
      lines: 1,
    });
  }
  return view;
}

/** The rows of analytics cells (a cell may be written in parts: its rows are summed on read). */
export const analyticsRows = (cells: Iterable<AnalyticsCell>): AnalyticsRow[] =>
  Array.from(cells, ({ lines: _lines, ...cell }) => ({
    ...cell,
    revenueUsd: fromScaled(cell.revenueUsd, REVENUE_DECIMALS),
  }));

/**
 * What to write when the view holds `max` cells, taken out of it: the cells only one line has reached,
 * while those that lines keep coming back to stay to be summed in memory. A report mixes lines per day,
 * which rarely meet again, with lines per month, which every store, country and track repeats (in the
 * benchmark's report 70% of the lines are month lines): writing the whole view each time wrote those
 * cells again and again (850,000 rows for 292,896 cells; 341,698 now). Once the cells kept would fill
 * more than two thirds of the view, all of it is written, so memory stays bounded by `max`.
 */
export function takeCellsToWrite(view: AnalyticsView, max: number): AnalyticsCell[] {
  if (view.size < max) return [];
  const taken: AnalyticsCell[] = [];
  for (const [key, cell] of view) {
    if (cell.lines > 1) continue;
    taken.push(cell);
    view.delete(key);
  }
  if (view.size > (max * 2) / 3) {
    taken.push(...view.values());
    view.clear();
  }
  return taken;
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
  const key = [matched.userId, matched.releaseId, matched.line.period].join('\u0000');
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
