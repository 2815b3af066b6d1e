import {
  convertScaled,
  divideRounded,
  fromMinor,
  fromScaled,
  ownText,
  REVENUE_DECIMALS,
  toMinor,
  type StoreReportLine,
  type SaleType,
} from '@riffline/contracts';
import type { AnalyticsRow, RoyaltyRow } from '@riffline/db';

/**
 * The arithmetic of a store report's lines, without a database: what a line counts as, its revenue in USD,
 * and the royalty ledger, a view that each matched line is applied to (`applyToRoyalties(view, line)`)
 * and the rows it becomes. Amounts are integers: revenue in USD scaled by 10^8 (REVENUE_DECIMALS), the
 * ledger's amounts in cents. The analytics are a view too: each matched line added to its release, track,
 * store, country and day (`AnalyticsView`), the cells written once the file is read.
 */

/** A problem with the file as a whole: the job fails with this message and nothing of it counts. */
export class ReportFileProblem extends Error {
  override name = 'ReportFileProblem';
}

/** A report line matched to our catalogue: what it says, whose it is, and its revenue in USD. */
export interface MatchedLine {
  lineNumber: number;
  line: StoreReportLine;
  userId: string;
  releaseId: string;
  /** Null when only the UPC matched (a release-level line). */
  trackId: string | null;
  /** The track's title in the catalogue (null when trackId is). */
  trackTitle: string | null;
  /** USD × 10^8. */
  revenueUsd: bigint;
}

/** A line's revenue in USD at SPEC §9's rates, to 8 decimals, rounded once (half away from zero). */
export const revenueInUsd = (line: Pick<StoreReportLine, 'netRevenue' | 'currency'>): bigint =>
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
/**
 * The cells by artist, release and month (maps within maps: no key text made per line), and in the order
 * they were first met.
 */
export class RoyaltyView {
  private readonly byArtist = new Map<string, Map<string, Map<string, RoyaltyCell>>>();
  private readonly cells: RoyaltyCell[] = [];

  cellOf(userId: string, releaseId: string, period: string, newId: () => string): RoyaltyCell {
    let byRelease = this.byArtist.get(userId);
    if (!byRelease) this.byArtist.set(userId, (byRelease = new Map()));
    let byPeriod = byRelease.get(releaseId);
    if (!byPeriod) byRelease.set(releaseId, (byPeriod = new Map()));
    let cell = byPeriod.get(period);
    if (!cell) {
      cell = { id: newId(), userId, releaseId, period, grossUsd: 0n, lines: 0 };
      byPeriod.set(period, cell);
      this.cells.push(cell);
    }
    return cell;
  }

  values(): readonly RoyaltyCell[] {
    return this.cells;
  }
}

/** Adds a line to its artist, release and month; answers the cell (the ledger row the line goes into). */
export function applyToRoyalties(view: RoyaltyView, matched: MatchedLine, newId: () => string): RoyaltyCell {
  const cell = view.cellOf(matched.userId, matched.releaseId, matched.line.period, newId);
  creditLine(cell, matched.revenueUsd);
  return cell;
}

/** A line's revenue (USD × 10^8) added to its royalty row. */
export function creditLine(cell: RoyaltyCell, revenueUsd: bigint): void {
  cell.grossUsd += revenueUsd;
  cell.lines += 1;
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
  view.values().map((cell) => ({
    id: cell.id,
    userId: cell.userId,
    releaseId: cell.releaseId,
    period: cell.period,
    amount: fromMinor(artistShareCents(cell.grossUsd, commissionPercent)),
    grossUsd: fromScaled(cell.grossUsd, REVENUE_DECIMALS),
    commissionPercent: fromMinor(toMinor(commissionPercent)),
    lines: cell.lines,
  }));

/**
 * Analytics (SPEC §3 `analytics`): a report's matched lines summed per release, track, store, country and
 * day. Streams are every sale type but downloads; listeners add up where the stores give them (null where
 * none did); the track's title is the catalogue's.
 *
 * Built for a million lines on the core that reads them: a cell is a number, found by numbers (its track
 * or release, then its store, country and day as small numbers in one integer), and its sums are kept in
 * typed arrays, exact below 2^53 (a cell's revenue goes on as a bigint past that): a text key per line (ids,
 * store, country and day joined) or an object per cell would be made, hashed and collected a million times
 * (docs/benchmarks.md).
 */
export interface AnalyticsTarget {
  userId: string;
  releaseId: string;
  trackId: string | null;
  track: string | null;
  /** Its cells' numbers by place (store, country and day). */
  cells: Map<number | string, number>;
}

/** Texts (stores, countries or days) numbered in the order they come, each kept as text of its own. */
class Names {
  private readonly numbers = new Map<string, number>();
  readonly texts: string[] = [];
  numberOf(text: string): number {
    let n = this.numbers.get(text);
    if (n === undefined) {
      // A cell read from a larger piece of the file is a slice of it, which would keep the piece alive.
      const own = ownText(text);
      n = this.texts.push(own) - 1;
      this.numbers.set(own, n);
    }
    return n;
  }
}

/** A typed array twice as long (or `size` long, if more), its values kept. */
export function grown<T extends Float64Array | Int32Array>(array: T, size = 0): T {
  const larger = new (array.constructor as new (length: number) => T)(Math.max(array.length * 2, size));
  larger.set(array);
  return larger;
}

export class AnalyticsView {
  private readonly targets = new Map<string, AnalyticsTarget>();
  private readonly stores = new Names();
  private readonly countries = new Names();
  private readonly days = new Names();
  // By a cell's number: its target, its place, and its four sums side by side (one cache line a cell):
  // streams, downloads, listeners (NaN while no line gave any) and revenue in USD × 10^8 while exact as a
  // number (NaN once past that: the cell's revenue is then in `revenueBig`).
  private readonly cellTargets: AnalyticsTarget[] = [];
  private placeOf = new Int32Array(1024 * 3);
  private sums = new Float64Array(1024 * 4);
  private readonly revenueBig = new Map<number, bigint>();

  /** Adds a matched line to its release, track, store, country and day. */
  add(matched: MatchedLine): void {
    const { line } = matched;
    this.addTo(
      this.target(matched),
      this.stores.numberOf(line.store),
      this.countries.numberOf(line.country),
      this.days.numberOf(line.date),
      usageOf(line.saleType, line.units),
      line.listeners,
      matched.revenueUsd,
      matched.lineNumber,
    );
  }

  /** The cells of a track (or, with no track, of a release), made when first named. */
  target(matched: Pick<MatchedLine, 'userId' | 'releaseId' | 'trackId' | 'trackTitle'>): AnalyticsTarget {
    const targetId = matched.trackId ?? matched.releaseId;
    let target = this.targets.get(targetId);
    if (!target) {
      target = {
        userId: matched.userId,
        releaseId: matched.releaseId,
        trackId: matched.trackId,
        track: matched.trackTitle,
        cells: new Map(),
      };
      this.targets.set(targetId, target);
    }
    return target;
  }

  /** The numbers addTo takes for stores, countries or days (texts numbered here in the order they come). */
  numbers(of: 'stores' | 'countries' | 'days', texts: readonly string[]): Int32Array {
    const names = this[of];
    return Int32Array.from(texts, (text) => names.numberOf(text));
  }

  /**
   * Adds a matched line to its target's cell of a store, country and day (numbered by `numbers`): its
   * usage (usageOf), its listeners, its revenue (USD × 10^8).
   */
  addTo(
    target: AnalyticsTarget,
    store: number,
    country: number,
    day: number,
    usage: { streams: number; downloads: number },
    listeners: number | null,
    revenueUsd: bigint,
    lineNumber: number,
  ): void {
    // One small integer while each has fewer than 1,024 (any report but an odd one), else a text.
    const place =
      store < 1024 && country < 1024 && day < 1024
        ? store + country * 1024 + day * 1_048_576
        : `${store},${country},${day}`;
    let cell = target.cells.get(place);
    if (cell === undefined) cell = this.newCell(target, place, store, country, day);
    const at = cell * 4;
    const { sums } = this;
    if (usage.downloads) sums[at + 1] = exactSum(sums[at + 1]! + usage.downloads, 'downloads', lineNumber);
    if (usage.streams) sums[at] = exactSum(sums[at]! + usage.streams, 'streams', lineNumber);
    if (listeners !== null) {
      const before = sums[at + 2]!;
      sums[at + 2] = exactSum((Number.isNaN(before) ? 0 : before) + listeners, 'listeners', lineNumber);
    }
    this.addRevenue(cell, revenueUsd);
  }

  private newCell(
    target: AnalyticsTarget,
    place: number | string,
    store: number,
    country: number,
    day: number,
  ) {
    const cell = this.cellTargets.push(target) - 1;
    target.cells.set(place, cell);
    if (cell * 4 === this.sums.length) {
      this.placeOf = grown(this.placeOf);
      this.sums = grown(this.sums);
    }
    this.placeOf[cell * 3] = store;
    this.placeOf[cell * 3 + 1] = country;
    this.placeOf[cell * 3 + 2] = day;
    this.sums[cell * 4 + 2] = NaN;
    return cell;
  }

  private addRevenue(cell: number, revenue: bigint): void {
    const at = cell * 4 + 3;
    const before = this.sums[at]!;
    // NaN: the cell's revenue went past what a number holds exactly, and goes on in `revenueBig`.
    if (!Number.isNaN(before)) {
      const value = Number(revenue);
      const sum = before + value;
      // Both exact and the sum too (a sum past 2^53 - 1 is never rounded back under it).
      if (Number.isSafeInteger(value) && Number.isSafeInteger(sum)) {
        this.sums[at] = sum;
        return;
      }
      this.sums[at] = NaN;
      this.revenueBig.set(cell, BigInt(before) + revenue);
    } else {
      this.revenueBig.set(cell, this.revenueBig.get(cell)! + revenue);
    }
  }

  /**
   * The cells as rows, newest day first and, within a day, in the order they were first met: the order of
   * the `(date desc, id)` index, and the ids are made in this order (insertAnalyticsRows), so that those
   * two indexes take the rows at their end instead of all over them (docs/benchmarks.md).
   */
  rows(): AnalyticsRow[] {
    const days = this.days.texts;
    // Each day's rank, newest first (a report names a few hundred days: sorted once), then the cells
    // counted into their day's place, keeping their order within it.
    const rank = new Int32Array(days.length);
    days
      .map((_, day) => day)
      .sort((a, b) => (days[a]! < days[b]! ? 1 : days[a]! > days[b]! ? -1 : 0))
      .forEach((day, r) => (rank[day] = r));
    const count = this.cellTargets.length;
    const next = new Int32Array(days.length + 1);
    for (let cell = 0; cell < count; cell++) next[rank[this.placeOf[cell * 3 + 2]!]! + 1]! += 1;
    for (let r = 0; r < days.length; r++) next[r + 1]! += next[r]!;
    const order = new Int32Array(count);
    for (let cell = 0; cell < count; cell++) order[next[rank[this.placeOf[cell * 3 + 2]!]!]!++] = cell;
    return Array.from(order, (cell) => this.row(cell));
  }

  private row(cell: number): AnalyticsRow {
    const target = this.cellTargets[cell]!;
    const at = cell * 4;
    const listeners = this.sums[at + 2]!;
    return {
      userId: target.userId,
      releaseId: target.releaseId,
      trackId: target.trackId,
      track: target.track,
      platform: this.stores.texts[this.placeOf[cell * 3]!]!,
      country: this.countries.texts[this.placeOf[cell * 3 + 1]!]!,
      date: this.days.texts[this.placeOf[cell * 3 + 2]!]!,
      streams: this.sums[at]!,
      downloads: this.sums[at + 1]!,
      revenueUsd: fromScaled(this.revenueBig.get(cell) ?? BigInt(this.sums[at + 3]!), REVENUE_DECIMALS),
      listeners: Number.isNaN(listeners) ? null : listeners,
    };
  }
}

/** A count that stays exact (a JavaScript number is exact up to 2^53 - 1): past that the file is refused. */
function exactSum(sum: number, what: string, lineNumber: number): number {
  if (Number.isSafeInteger(sum)) return sum;
  throw new ReportFileProblem(
    `Line ${lineNumber}: the ${what} of one release, track, store, country and day add up past ` +
      `${Number.MAX_SAFE_INTEGER.toLocaleString('en-US')}`,
  );
}
