import { describe, expect, it } from 'vitest';
import { toScaled, type ReportLine } from '@riffline/contracts';
import {
  analyticsRows,
  applyToAnalytics,
  applyToRoyalties,
  artistShareCents,
  revenueInUsd,
  royaltyRows,
  takeCellsToWrite,
  usageOf,
  type AnalyticsView,
  type MatchedLine,
  type RoyaltyView,
} from './projections.ts';

const line = (fields: Partial<ReportLine> = {}): ReportLine => ({
  period: '2026-10',
  date: '2026-10-01',
  store: 'Spotify',
  country: 'IN',
  isrc: 'INRFL2500001',
  upc: null,
  saleType: 'stream',
  units: 100,
  netRevenue: toScaled('0.5', 8),
  currency: 'USD',
  listeners: null,
  track: null,
  release: null,
  artist: null,
  ...fields,
});

let n = 0;
const matched = (fields: Partial<ReportLine> = {}, target: Partial<MatchedLine> = {}): MatchedLine => {
  const l = line(fields);
  return {
    lineNumber: ++n,
    line: l,
    userId: 'artist-a',
    releaseId: 'release-1',
    trackId: 'track-1',
    trackTitle: 'Night Drive',
    revenueUsd: revenueInUsd(l),
    ...target,
  };
};

const ids = () => {
  let i = 0;
  return () => `royalty-${++i}`;
};

describe('what a line counts as', () => {
  it('counts stream, UGC and video plays as streams and downloads as downloads', () => {
    expect(usageOf('stream', 7)).toEqual({ streams: 7, downloads: 0 });
    expect(usageOf('ugc', 3)).toEqual({ streams: 3, downloads: 0 });
    expect(usageOf('video', 2)).toEqual({ streams: 2, downloads: 0 });
    expect(usageOf('download', 5)).toEqual({ streams: 0, downloads: 5 });
  });

  it('converts its revenue to USD at the SPEC rates, to 8 decimals', () => {
    expect(revenueInUsd({ netRevenue: toScaled('83.12', 8), currency: 'INR' })).toBe(toScaled('1', 8));
    expect(revenueInUsd({ netRevenue: toScaled('1', 8), currency: 'EUR' })).toBe(108695652n); // 1/0.92
  });
});

describe('the analytics projection', () => {
  it('sums lines of the same release, track, store, country and day; keeps the others apart', () => {
    const view: AnalyticsView = new Map();
    applyToAnalytics(view, matched({ units: 100, listeners: 40 }));
    applyToAnalytics(view, matched({ units: 50, saleType: 'ugc' }));
    applyToAnalytics(view, matched({ units: 2, saleType: 'download', netRevenue: toScaled('1.98', 8) }));
    applyToAnalytics(view, matched({ units: 9, listeners: 5 }));
    applyToAnalytics(view, matched({ units: 10, store: 'Apple Music' }));
    applyToAnalytics(view, matched({ units: 1, country: 'US' }));
    applyToAnalytics(view, matched({ units: 1 }, { trackId: null, trackTitle: null }));
    const rows = analyticsRows(view.values());
    expect(rows).toHaveLength(4);
    expect(rows[0]).toEqual({
      userId: 'artist-a',
      releaseId: 'release-1',
      trackId: 'track-1',
      track: 'Night Drive',
      platform: 'Spotify',
      country: 'IN',
      date: '2026-10-01',
      streams: 159,
      downloads: 2,
      revenueUsd: '3.48000000',
      listeners: 45,
    });
    expect(rows.map((r) => [r.platform, r.country, r.trackId, r.streams])).toEqual([
      ['Spotify', 'IN', 'track-1', 159],
      ['Apple Music', 'IN', 'track-1', 10],
      ['Spotify', 'US', 'track-1', 1],
      ['Spotify', 'IN', null, 1],
    ]);
  });

  it('when full, writes the cells one line reached and keeps those lines come back to', () => {
    const view: AnalyticsView = new Map();
    const day = (d: number) => `2026-10-${String(d).padStart(2, '0')}`;
    // Two month cells that lines keep reaching, and day cells reached once each.
    for (const store of ['Spotify', 'Deezer']) {
      applyToAnalytics(view, matched({ store, date: '2026-10', units: 5 }));
      applyToAnalytics(view, matched({ store, date: '2026-10', units: 5 }));
    }
    for (let d = 1; d <= 3; d++) applyToAnalytics(view, matched({ date: day(d), units: 1 }));
    expect(takeCellsToWrite(view, 6)).toEqual([]); // not full yet
    applyToAnalytics(view, matched({ date: day(4), units: 1 }));
    const written = takeCellsToWrite(view, 6);
    expect(written.map((c) => c.date)).toEqual([day(1), day(2), day(3), day(4)]);
    expect([...view.values()].map((c) => [c.platform, c.date, c.streams, c.lines])).toEqual([
      ['Spotify', '2026-10', 10, 2],
      ['Deezer', '2026-10', 10, 2],
    ]);
    // A kept cell goes on summing; a day cell met again starts a new cell (its rows are summed on read).
    applyToAnalytics(view, matched({ store: 'Spotify', date: '2026-10', units: 5 }));
    applyToAnalytics(view, matched({ date: day(1), units: 1 }));
    expect(view.get([...view.keys()][0]!)!.streams).toBe(15);
    expect(view.size).toBe(3);
  });

  it('writes every cell once the kept ones would fill more than two thirds of the view', () => {
    const view: AnalyticsView = new Map();
    for (const country of ['IN', 'US', 'GB', 'DE', 'BR']) {
      applyToAnalytics(view, matched({ country, units: 1 }));
      applyToAnalytics(view, matched({ country, units: 1 }));
    }
    applyToAnalytics(view, matched({ country: 'JP', units: 1 }));
    const written = takeCellsToWrite(view, 6);
    expect(written).toHaveLength(6);
    expect(view.size).toBe(0);
    // What was written adds up to every line applied: nothing is lost by writing in parts.
    expect(analyticsRows(written).reduce((sum, r) => sum + r.streams, 0)).toBe(11);
  });
});

describe('the royalty projection', () => {
  it('gives each artist, release and month one ledger row that its lines name', () => {
    const view: RoyaltyView = new Map();
    const newId = ids();
    const a = applyToRoyalties(view, matched({ netRevenue: toScaled('0.004', 8) }), newId);
    const b = applyToRoyalties(view, matched({ netRevenue: toScaled('0.004', 8), store: 'Deezer' }), newId);
    const c = applyToRoyalties(view, matched({ period: '2026-11', date: '2026-11-01' }), newId);
    const d = applyToRoyalties(view, matched({}, { userId: 'artist-b', releaseId: 'release-2' }), newId);
    expect([a.id, b.id, c.id, d.id]).toEqual(['royalty-1', 'royalty-1', 'royalty-2', 'royalty-3']);
    expect(royaltyRows(view, '0')).toEqual([
      {
        id: 'royalty-1',
        userId: 'artist-a',
        releaseId: 'release-1',
        period: '2026-10',
        amount: '0.01', // 0.008 summed first, rounded once: not 0.00 + 0.00
        grossUsd: '0.00800000',
        commissionPercent: '0.00',
        lines: 2,
      },
      expect.objectContaining({ id: 'royalty-2', period: '2026-11', amount: '0.50', lines: 1 }),
      expect.objectContaining({ id: 'royalty-3', userId: 'artist-b', amount: '0.50', lines: 1 }),
    ]);
  });

  it('keeps 100% for the artist by default, and takes a configured commission, rounding once', () => {
    const gross = toScaled('10.005', 8);
    expect(artistShareCents(gross, '0')).toBe(1001n); // 10.005 → 10.01 (half away from zero)
    expect(artistShareCents(gross, '15')).toBe(850n); // 8.50425
    expect(artistShareCents(gross, '12.5')).toBe(875n); // 8.754375
    expect(artistShareCents(gross, '100')).toBe(0n);
    expect(artistShareCents(-gross, '0')).toBe(-1001n);
  });
});
