import { describe, expect, it } from 'vitest';
import { toScaled, type ReportLine } from '@riffline/contracts';
import {
  applyToRoyalties,
  artistShareCents,
  revenueInUsd,
  royaltyRows,
  usageOf,
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
