import { describe, expect, it } from 'vitest';
import { toScaled, type StoreReportLine } from '@riffline/contracts';
import {
  AnalyticsView,
  applyToRoyalties,
  artistShareCents,
  revenueInUsd,
  royaltyRows,
  usageOf,
  ReportFileProblem,
  type MatchedLine,
  RoyaltyView,
} from './projections.ts';

const line = (fields: Partial<StoreReportLine> = {}): StoreReportLine => ({
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
const matched = (fields: Partial<StoreReportLine> = {}, target: Partial<MatchedLine> = {}): MatchedLine => {
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

describe('the royalty projection', () => {
  it('gives each artist, release and month one ledger row that its lines name', () => {
    const view = new RoyaltyView();
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

describe('the analytics projection', () => {
  it('gives each release, track, store, country and day one cell: streams, downloads, revenue and listeners summed', () => {
    const view = new AnalyticsView();
    const usd = (amount: string) => ({ netRevenue: toScaled(amount, 8), currency: 'USD' as const });
    for (const m of [
      matched({ units: 100, listeners: 40, ...usd('0.5') }),
      matched({ units: 50, saleType: 'ugc', ...usd('0.5') }),
      matched({ units: 2, saleType: 'download', ...usd('1.98') }),
      matched({ units: 9, listeners: 5, ...usd('0.00000001') }),
      matched({ units: 10, store: 'Apple Music', ...usd('-0.25') }),
      matched({ units: 1, country: 'US' }),
      matched({ units: 1, date: '2026-10-02' }),
      matched({ units: 1, isrc: null, upc: '123456789012' }, { trackId: null, trackTitle: null }),
      matched(
        { units: 3 },
        { userId: 'artist-b', releaseId: 'release-2', trackId: 'track-9', trackTitle: 'B' },
      ),
    ]) {
      view.add(m);
    }
    const cell = { userId: 'artist-a', releaseId: 'release-1', trackId: 'track-1', track: 'Night Drive' };
    const place = { platform: 'Spotify', country: 'IN', date: '2026-10-01' };
    // The newest day first, then each day's cells in the order they were first met.
    expect(view.rows()).toEqual([
      {
        ...cell,
        ...place,
        date: '2026-10-02',
        streams: 1,
        downloads: 0,
        revenueUsd: '0.50000000',
        listeners: null,
      },
      { ...cell, ...place, streams: 159, downloads: 2, revenueUsd: '2.98000001', listeners: 45 },
      {
        ...cell,
        ...place,
        platform: 'Apple Music',
        streams: 10,
        downloads: 0,
        revenueUsd: '-0.25000000',
        listeners: null,
      },
      {
        ...cell,
        ...place,
        country: 'US',
        streams: 1,
        downloads: 0,
        revenueUsd: '0.50000000',
        listeners: null,
      },
      {
        ...cell,
        ...place,
        trackId: null,
        track: null,
        streams: 1,
        downloads: 0,
        revenueUsd: '0.50000000',
        listeners: null,
      },
      {
        ...place,
        userId: 'artist-b',
        releaseId: 'release-2',
        trackId: 'track-9',
        track: 'B',
        streams: 3,
        downloads: 0,
        revenueUsd: '0.50000000',
        listeners: null,
      },
    ]);
  });

  it('keeps revenue exact past 2^53 (in 10^-8 USD) and cells apart past 1,024 stores, countries or days', () => {
    const view = new AnalyticsView();
    const usd = (amount: string) => ({ netRevenue: toScaled(amount, 8), currency: 'USD' as const });
    for (const amount of ['50000000', '50000000', '0.00000001', '-0.00000002'])
      view.add(matched(usd(amount)));
    view.add(matched({ ...usd('1000000000.00000003'), store: 'Deezer' }));
    view.add(matched({ ...usd('0.00000001'), store: 'Deezer' }));
    expect(view.rows().map((r) => [r.platform, r.revenueUsd])).toEqual([
      ['Spotify', '99999999.99999999'],
      ['Deezer', '1000000000.00000004'],
    ]);

    const days = new AnalyticsView();
    const day = (n: number) => new Date(Date.UTC(2020, 0, 1 + n)).toISOString().slice(0, 10);
    for (let round = 0; round < 2; round++) {
      for (let n = 0; n < 1_100; n++) days.add(matched({ date: day(n), units: n + round }));
    }
    const rows = days.rows();
    expect(rows).toHaveLength(1_100);
    expect(rows.map((r) => [r.date, r.streams])).toEqual(
      Array.from({ length: 1_100 }, (_, n) => [day(n), 2 * n + 1]).reverse(),
    );
  });

  it('refuses the file when one cell counts past what stays exact, naming the line', () => {
    const view = new AnalyticsView();
    view.add(matched({ units: Number.MAX_SAFE_INTEGER - 1 }, { lineNumber: 2 }));
    view.add(matched({ units: 1 }, { lineNumber: 3 }));
    expect(view.rows()[0]!.streams).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => view.add(matched({ units: 1 }, { lineNumber: 4 }))).toThrow(
      new ReportFileProblem(
        'Line 4: the streams of one release, track, store, country and day add up past 9,007,199,254,740,991',
      ),
    );
    expect(() =>
      view.add(matched({ units: 0, listeners: Number.MAX_SAFE_INTEGER }, { lineNumber: 5 })),
    ).not.toThrow();
    expect(() => view.add(matched({ units: 0, listeners: 1 }, { lineNumber: 6 }))).toThrow(
      /^Line 6: the listeners of one/,
    );
  });
});
