import { randomUUID } from 'node:crypto';
import {
  fromScaled,
  ratesPerUsd,
  REVENUE_DECIMALS,
  type Currency,
  type StoreReportLine,
  type StoreReportLineStatus,
  type SaleType,
} from '@riffline/contracts';
import {
  LineBlockWriter,
  sixPlaces,
  type CatalogueRelease,
  type CatalogueTrack,
  type KeptLineEntry,
} from '@riffline/db';
import { COLUMN, type LineBatch } from './lineBatch.ts';
import {
  AnalyticsView,
  creditLine,
  RoyaltyView,
  usageOf,
  type AnalyticsTarget,
  type RoyaltyCell,
} from './projections.ts';
import { safeText } from './reader.ts';

/** What the import counts as it goes. */
export interface Totals {
  matched: number;
  unmatched: number;
  invalid: number;
  streams: number;
  downloads: number;
  revenueUsd: bigint;
}

/** A track (or a release, for lines that name no track of ours) that lines matched, and what it adds to. */
interface MatchTarget {
  userId: string;
  releaseId: string;
  trackId: string | null;
  analytics: AnalyticsTarget;
  /** By sale month: its royalty row and the number blocks name that match by. */
  months: Map<string, { royalty: RoyaltyCell; match: number }>;
}

/** What a batch's texts stand for here, each worked out once per batch (at first need). */
interface BatchTexts {
  /** What the catalogue has for each ISRC (0) and UPC (1) of the batch, by number. */
  found: [Array<CatalogueTrack | null | undefined>, Array<CatalogueRelease | null | undefined>];
  targets: Array<Array<MatchTarget | null | undefined>>;
  stores: Int32Array;
  countries: Int32Array;
  days: Int32Array;
}

const MAX_FIELD = 500;

/** The rates as the lines keep them (six places, as numeric(12,6) prints them). */
const ratesAsStored = Object.fromEntries(
  Object.entries(ratesPerUsd).map(([currency, rate]) => [currency, sixPlaces(rate)]),
) as Record<Currency, string>;

/**
 * A report's lines taken batch by batch as the catalogue answers: matched (ISRC → track, else UPC →
 * release), added to the totals, the analytics and the royalty ledger (projections.ts) and written whole
 * into their block (the entry the reading thread wrote for it, after what it matched); or kept (unmatched
 * or invalid, whole in their block with why). Built for a million lines on one core: what a line's texts
 * stand for (its track, its cell's store, country and day) is worked out once per text of a batch, each
 * line then read as numbers (lineBatch.ts).
 */
export class Matching {
  readonly tracks = new Map<string, CatalogueTrack | null>();
  readonly releases = new Map<string, CatalogueRelease | null>();
  readonly royalties = new RoyaltyView();
  readonly analytics = new AnalyticsView();
  readonly blocks = new LineBlockWriter();
  /** How the header's cells are kept with a kept line. */
  private fields: KeptFields | null = null;
  readonly totals: Totals = {
    matched: 0,
    unmatched: 0,
    invalid: 0,
    streams: 0,
    downloads: 0,
    revenueUsd: 0n,
  };
  private readonly targets = new Map<string, MatchTarget>();

  /** Takes a batch's lines (the catalogue knowing its identifiers) into the blocks and the sums. */
  take(batch: LineBatch, keptNames: string[]): void {
    const { analytics } = this;
    const texts: BatchTexts = {
      found: [
        batch.texts('isrc').map((isrc) => this.tracks.get(isrc)),
        batch.texts('upc').map((upc) => this.releases.get(upc)),
      ],
      targets: [[], []],
      stores: analytics.numbers('stores', batch.texts('store')),
      countries: analytics.numbers('countries', batch.texts('country')),
      days: analytics.numbers('days', batch.texts('date')),
    };
    for (let i = 0; i < batch.count; i++) {
      const status = this.takeLine(batch, i, texts, keptNames);
      this.totals[status] += 1;
    }
  }

  private takeLine(
    batch: LineBatch,
    i: number,
    texts: BatchTexts,
    keptNames: string[],
  ): StoreReportLineStatus {
    if (!batch.isValid(i)) return this.keep(batch, i, 'invalid', batch.reason(i), null, keptNames);
    const isrc = batch.textNumber(i, COLUMN.isrc);
    const upc = batch.textNumber(i, COLUMN.upc);
    const track = isrc < 0 ? null : texts.found[0][isrc];
    const release = upc < 0 ? null : texts.found[1][upc];
    if (!track && !release) {
      const line = batch.line(i);
      return this.keep(batch, i, 'unmatched', unmatchedReason(line), line, keptNames);
    }
    if (track && release && track.releaseId !== release.releaseId) {
      const line = batch.line(i);
      const reason = `ISRC ${line.isrc} is a track of another release than UPC ${line.upc}`;
      return this.keep(batch, i, 'unmatched', reason, line, keptNames);
    }
    const target = track ? this.targetOf(texts, 0, isrc, track) : this.targetOf(texts, 1, upc, release!);
    const lineNumber = batch.lineNumber(i);
    const period = batch.texts('period')[batch.textNumber(i, COLUMN.period)]!;
    let month = target.months.get(period);
    if (!month) {
      const { userId, releaseId, trackId } = target;
      const royalty = this.royalties.cellOf(userId, releaseId, period, randomUUID);
      const match = this.blocks.matchOf({ trackId, releaseId, userId, royaltyId: royalty.id });
      target.months.set(period, (month = { royalty, match }));
    }
    const usdNumber = batch.usdNumber(i);
    const revenueUsd = usdNumber === null ? batch.usd(i) : BigInt(usdNumber);
    const saleType = batch.texts('saleType')[batch.textNumber(i, COLUMN.saleType)] as SaleType;
    const units = batch.units(i);
    const usage = usageOf(saleType, units);
    const listeners = batch.listeners(i);
    const { totals } = this;
    totals.streams += usage.streams;
    totals.downloads += usage.downloads;
    totals.revenueUsd += revenueUsd;
    creditLine(month.royalty, revenueUsd);
    this.analytics.addTo(
      target.analytics,
      texts.stores[batch.textNumber(i, COLUMN.store)]!,
      texts.countries[batch.textNumber(i, COLUMN.country)]!,
      texts.days[batch.textNumber(i, COLUMN.date)]!,
      usage,
      listeners,
      revenueUsd,
      lineNumber,
    );
    this.blocks.addMatchedTail(
      lineNumber,
      month.match,
      batch.data.tails,
      batch.tailFrom(i),
      batch.data.tailEnds[i]!,
    );
    return 'matched';
  }

  /** The target of a batch's ISRC (`kind` 0) or UPC (1), by its number in the batch. */
  private targetOf(
    texts: BatchTexts,
    kind: 0 | 1,
    n: number,
    found: CatalogueTrack | CatalogueRelease,
  ): MatchTarget {
    const known = texts.targets[kind]![n];
    if (known) return known;
    const trackId = 'trackId' in found ? found.trackId : null;
    const id = trackId ?? found.releaseId;
    let target = this.targets.get(id);
    if (!target) {
      const matched = {
        userId: found.userId,
        releaseId: found.releaseId,
        trackId,
        trackTitle: 'trackId' in found ? found.title : null,
      };
      target = { ...matched, analytics: this.analytics.target(matched), months: new Map() };
      this.targets.set(id, target);
    }
    texts.targets[kind]![n] = target;
    return target;
  }

  private keep(
    batch: LineBatch,
    i: number,
    status: 'unmatched' | 'invalid',
    reason: string,
    line: StoreReportLine | null,
    keptNames: string[],
  ): StoreReportLineStatus {
    if (this.fields?.names !== keptNames) this.fields = new KeptFields(keptNames);
    this.blocks.addKeptEncoded(
      keptEntry(batch.lineNumber(i), status, reason, line),
      this.fields.json(batch.cells(i)),
    );
    return status;
  }
}

/** Why a valid line matches nothing of ours. */
function unmatchedReason(line: StoreReportLine): string {
  if (line.isrc && line.upc) return `No track has ISRC ${line.isrc} and no release has UPC ${line.upc}`;
  if (line.isrc) return `No track has ISRC ${line.isrc}`;
  return `No release has UPC ${line.upc}`;
}

/**
 * The cells of a kept line by column, as stored for the admin (JSON): bounded (40 names, MAX_FIELD
 * characters each), and only what text can hold; a name the header gives twice takes its last cell. Which
 * cell each name takes is worked out once per header, not per line.
 */
class KeptFields {
  /** Each name (its JSON and colon) with its columns, in the order first met; at most 40. */
  private readonly keys: Array<{ key: string; columns: number[] }>;

  constructor(readonly names: string[]) {
    const columns = new Map<string, number[]>();
    names.forEach((name, c) => {
      const of = columns.get(name);
      if (of) of.push(c);
      else columns.set(name, [c]);
    });
    this.keys = [...columns]
      .slice(0, 40)
      .map(([name, of]) => ({ key: `${JSON.stringify(name)}:`, columns: of }));
  }

  /** The JSON of a line's cells by name ('null' where the line has none). */
  json(cells: string[] | null): string {
    if (!cells) return 'null';
    const count = Math.min(this.names.length, cells.length);
    let out = '{';
    for (const { key, columns } of this.keys) {
      // Names in the order first met: once one starts past the line's cells, so do the rest.
      if (columns[0]! >= count) break;
      let last = columns[0]!;
      for (const c of columns) if (c < count) last = c;
      if (out.length > 1) out += ',';
      out += key + JSON.stringify(safeText(cells[last]!.trim()).slice(0, MAX_FIELD));
    }
    return `${out}}`;
  }
}

/** A kept line's entry in one shape for every line (no spreads: up to one per line of the file). */
function keptEntry(
  lineNumber: number,
  status: KeptLineEntry['status'],
  reason: string,
  line: StoreReportLine | null,
): Omit<KeptLineEntry, 'fields'> {
  return {
    lineNumber,
    status,
    reason,
    period: line ? line.period : null,
    saleDate: line ? line.date : null,
    store: line ? line.store : null,
    country: line ? line.country : null,
    isrc: line ? line.isrc : null,
    upc: line ? line.upc : null,
    saleType: line ? line.saleType : null,
    units: line ? line.units : null,
    netRevenue: line ? fromScaled(line.netRevenue, REVENUE_DECIMALS) : null,
    currency: line ? line.currency : null,
    ratePerUsd: line ? ratesAsStored[line.currency] : null,
    listeners: line ? line.listeners : null,
  };
}
