/**
 * Store reports for tests: a CSV of any size (100,000 lines in a couple of seconds) whose lines match a
 * catalogue by ISRC or UPC, match nothing, or are invalid, in a seeded random mix, and what importing it
 * must give, computed here on its own from the lines as written (never through the import's code).
 */
import { randomInt } from 'node:crypto';
import { Readable } from 'node:stream';
import { ratesPerUsd, type Currency } from '../../contracts/src/index.ts';
import { buildRelease, buildTrack } from './factories.ts';
import type { Db } from '../../db/src/index.ts';
import { seededRandom } from '../../api/src/demo/demoStoreReport.ts';

export interface CatalogueRelease {
  userId: string;
  releaseId: string;
  upc: string;
  tracks: Array<{ trackId: string; isrc: string }>;
}

export interface ExpectedImport {
  lines: number;
  matched: number;
  unmatched: number;
  invalid: number;
  streams: number;
  downloads: number;
  /** USD × 10^8, summed over matched lines. */
  revenueUsd: bigint;
  /**
   * Per `userId|releaseId|period`: cents credited (the month's gross, less commission, rounded down once);
   * per `userId|releaseId|period|trackId` for the lines of a track `ownRow` names (a track with a split of
   * its own for the month gets a ledger row of its own).
   */
  royalties: Map<string, bigint>;
  /** Per artist: streams, downloads and USD × 10^8. */
  usageByArtist: Map<string, { streams: number; downloads: number; revenueUsd: bigint }>;
  /** The sale months of the report, oldest first. */
  periods: string[];
  /** Line number → the reason the import must give (unmatched), or a part of it (invalid). */
  kept: Map<number, { status: 'unmatched' | 'invalid'; reason: string }>;
}

export interface GeneratedStoreReport {
  csv: Buffer;
  expected: ExpectedImport;
  stream(): Readable;
}

/** GS1 check digit (from the right, weights 3,1,3,1…), written here again on purpose. */
function withCheckDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return body + String((10 - (sum % 10)) % 10);
}

let serial = 0;
/** A unique valid ISRC family and UPC per call (random, with a counter: calls in one millisecond differ). */
export function uniqueIdentifiers() {
  serial += 1;
  const digits = String(randomInt(0, 1_000_000_000)).padStart(9, '0') + String(serial % 100).padStart(2, '0');
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const code = Array.from({ length: 3 }, () => letters[randomInt(0, letters.length)]).join('');
  return {
    isrc: (n: number) => `QZ${code}${digits.slice(0, 2)}${String(n).padStart(5, '0')}`,
    upc: withCheckDigit(digits),
  };
}

/** Whether an insert failed on the unique ISRC or UPC index (identifiers drawn at random can meet). */
function identifierTaken(error: unknown): boolean {
  const { constraint, nativeError } = error as { constraint?: string; nativeError?: { constraint?: string } };
  return ['tracks_isrc_unique', 'releases_upc_unique'].includes(constraint ?? nativeError?.constraint ?? '');
}

/**
 * Releases with tracks, each with its UPC and ISRCs, for the given artists. A release whose random
 * identifiers are already some other release's or track's (the run's database is shared by the test
 * files) is made again with new ones.
 */
export async function buildCatalogue(
  db: Db,
  artists: string[],
  { releasesEach = 2, tracksEach = 3 } = {},
): Promise<CatalogueRelease[]> {
  const out: CatalogueRelease[] = [];
  for (const userId of artists) {
    for (let r = 0; r < releasesEach; r++) {
      for (let attempt = 1; ; attempt++) {
        try {
          out.push(
            await db.transaction(async (trx) => {
              const ids = uniqueIdentifiers();
              const release = await buildRelease(trx, {
                userId,
                title: `Release ${out.length + 1}`,
                status: 'live',
                upc: ids.upc,
              });
              const tracks = [];
              for (let t = 1; t <= tracksEach; t++) {
                const isrc = ids.isrc(t);
                const track = await buildTrack(trx, {
                  releaseId: release.id,
                  trackNumber: t,
                  title: `Track ${t}`,
                  isrc,
                });
                tracks.push({ trackId: track.id, isrc });
              }
              return { userId, releaseId: release.id, upc: ids.upc, tracks };
            }),
          );
          break;
        } catch (error) {
          if (attempt === 5 || !identifierTaken(error)) throw error;
        }
      }
    }
  }
  return out;
}

const STORES = ['Spotify', 'Apple Music', 'YouTube Music', 'Amazon Music', 'Deezer', 'Tidal'];
const COUNTRIES = ['IN', 'US', 'GB', 'DE', 'BR', 'JP'];
const CURRENCIES = Object.keys(ratesPerUsd) as Currency[];
/** The three months before this one (stores report one to three months late), oldest first. */
export function recentPeriods(now = new Date()): string[] {
  return [3, 2, 1].map((back) => {
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    return month.toISOString().slice(0, 7);
  });
}
const HEADER = 'Period,Store,Country,Artist,Release,Track,UPC,ISRC,Sale Type,Units,Net Revenue,Currency';

/** A rate per USD scaled by 10^6, from the SPEC §9 table. */
const rate6 = (currency: Currency) => {
  const [whole, fraction = ''] = ratesPerUsd[currency].split('.');
  return BigInt(whole!) * 1_000_000n + BigInt(fraction.padEnd(6, '0'));
};

/** a / b rounded half away from zero. */
export const roundDiv = (a: bigint, b: bigint) => {
  const negative = a < 0n !== b < 0n;
  const [x, y] = [a < 0n ? -a : a, b < 0n ? -b : b];
  const q = (2n * x + y) / (2n * y);
  return negative ? -q : q;
};

/** a / b rounded down (towards minus infinity), b > 0: a share never rounds up into money not earned. */
export const floorDiv = (a: bigint, b: bigint) => (a >= 0n ? a / b : -((-a + b - 1n) / b));

/** "123456789" (× 10^-8) → "1.23456789", trailing zeros trimmed, as stores write amounts. */
const decimal8 = (value: bigint) => {
  const text = (value < 0n ? -value : value).toString().padStart(9, '0');
  const out = `${text.slice(0, -8)}.${text.slice(-8)}`.replace(/\.?0+$/, '');
  return (value < 0n ? '-' : '') + out;
};

/**
 * A report of `lines` lines: about 80% matched by ISRC, 5% by UPC alone, 7% unmatched, 8% invalid.
 * `commissionPercent` is what the import is configured with (the expected royalties depend on it).
 */
export function storeReport(
  catalogue: CatalogueRelease[],
  {
    lines,
    seed = 1,
    commissionPercent = '0',
    periods = recentPeriods(),
    ownRow = () => false,
  }: {
    lines: number;
    seed?: number;
    commissionPercent?: string;
    periods?: string[];
    ownRow?: (trackId: string, period: string) => boolean;
  },
): GeneratedStoreReport {
  const next = seededRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const expected: ExpectedImport = {
    lines,
    matched: 0,
    unmatched: 0,
    invalid: 0,
    streams: 0,
    downloads: 0,
    revenueUsd: 0n,
    royalties: new Map(),
    usageByArtist: new Map(),
    periods,
    kept: new Map(),
  };
  const gross = new Map<string, bigint>();
  const rows: string[] = [HEADER];
  const foreign = uniqueIdentifiers();

  for (let i = 0; i < lines; i++) {
    const lineNumber = i + 2;
    const release = pick(catalogue);
    const track = pick(release.tracks);
    const period = pick(periods);
    const day = next() < 0.3 ? `${period}-${String(1 + Math.floor(next() * 28)).padStart(2, '0')}` : period;
    const store = pick(STORES);
    const country = pick(COUNTRIES);
    const saleType = next() < 0.85 ? 'stream' : next() < 0.5 ? 'download' : pick(['ugc', 'video']);
    const units = 1 + Math.floor(next() * 5_000);
    const currency = pick(CURRENCIES);
    // What stores pay: up to 0.006 of the currency a stream, 1.30 a download (8 decimals).
    const net = BigInt(Math.floor(next() * units * (saleType === 'download' ? 130_000_000 : 600_000)));
    let isrc = track.isrc;
    let upc = next() < 0.5 ? release.upc : '';
    let cells: Record<'day' | 'store' | 'country' | 'saleType' | 'units' | 'net' | 'currency', string> = {
      day,
      store,
      country,
      saleType,
      units: String(units),
      net: decimal8(net),
      currency,
    };
    const roll = next();
    let outcome: 'matched' | 'unmatched' | 'invalid' = 'matched';
    let reason = '';
    if (roll < 0.05) {
      isrc = ''; // release-level: the UPC alone
      upc = release.upc;
    } else if (roll < 0.09) {
      isrc = foreign.isrc(1 + Math.floor(next() * 99_999));
      upc = '';
      outcome = 'unmatched';
      reason = `No track has ISRC ${isrc}`;
    } else if (roll < 0.12) {
      isrc = '';
      upc = foreign.upc;
      outcome = 'unmatched';
      reason = `No release has UPC ${upc}`;
    } else if (roll < 0.2) {
      outcome = 'invalid';
      const kind = Math.floor(next() * 5);
      if (kind === 0) [cells, reason] = [{ ...cells, currency: 'XYZ' }, 'currency must be one of'];
      else if (kind === 1) [cells, reason] = [{ ...cells, units: '-4' }, 'units must be a whole number'];
      else if (kind === 2) [cells, reason] = [{ ...cells, day: '2026-13' }, 'period must be a month'];
      else if (kind === 3) [cells, reason] = [{ ...cells, net: 'n/a' }, 'net_revenue must be a number'];
      else {
        [isrc, upc, reason] = ['', '', 'an ISRC or a UPC is required'];
      }
    }
    rows.push(
      [
        cells.day,
        cells.store,
        cells.country,
        'Test Artist',
        'Release',
        '"Track, with a comma"',
        upc,
        isrc,
        cells.saleType,
        cells.units,
        cells.net,
        cells.currency,
      ].join(','),
    );
    if (outcome !== 'matched') {
      expected[outcome] += 1;
      expected.kept.set(lineNumber, { status: outcome, reason });
      continue;
    }
    expected.matched += 1;
    const usd = roundDiv(net * 1_000_000n, rate6(currency));
    const streams = saleType === 'download' ? 0 : units;
    const downloads = saleType === 'download' ? units : 0;
    expected.streams += streams;
    expected.downloads += downloads;
    expected.revenueUsd += usd;
    const artist = expected.usageByArtist.get(release.userId) ?? { streams: 0, downloads: 0, revenueUsd: 0n };
    artist.streams += streams;
    artist.downloads += downloads;
    artist.revenueUsd += usd;
    expected.usageByArtist.set(release.userId, artist);
    const key = `${release.userId}|${release.releaseId}|${period}${isrc && ownRow(track.trackId, period) ? `|${track.trackId}` : ''}`;
    gross.set(key, (gross.get(key) ?? 0n) + usd);
  }
  const [whole, fraction = ''] = commissionPercent.split('.');
  const basisPoints = BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0'));
  for (const [key, sum] of gross) {
    expected.royalties.set(key, floorDiv(sum * (10_000n - basisPoints), 10_000n * 1_000_000n));
  }
  const csv = Buffer.from(`${rows.join('\n')}\n`);
  return { csv, expected, stream: () => Readable.from([csv]) };
}
