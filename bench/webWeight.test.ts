import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BARE_PAGE } from './barePage/barePage.ts';
import { barChart } from './charts.ts';
import {
  barePageWeight,
  overBare,
  pages,
  weightBars,
  weightColumns,
  weightRows,
  webWeights,
} from './webWeight.ts';

const root = path.resolve(import.meta.dirname, '..');
const artistBuilt = fs.existsSync(path.join(root, 'web-artist', 'dist', '.vite', 'manifest.json'));

describe('the initial JavaScript per page', () => {
  it('weighs the bare page, the baseline, as a row of its own: React in one chunk', async () => {
    const bare = await barePageWeight();
    expect(bare.label).toBe(BARE_PAGE);
    expect(bare.gzipKb).toBeGreaterThan(0);
    expect(bare.chunks).toBe(1);
    expect(overBare(bare, bare)).toBe('1.00×');
  });

  it.skipIf(!artistBuilt)('finds every page heavier than the bare page, and says by how much', async () => {
    const bare = await barePageWeight();
    const weights = webWeights(root);
    expect(weights.map((w) => w.label)).toEqual(pages.map((p) => p.label));
    const landing = weights.find((w) => w.label.startsWith('/ (landing'))!;
    expect(landing.gzipKb).toBeGreaterThan(bare.gzipKb!);
    for (const w of weights.filter((w) => w.gzipKb !== null)) {
      expect(w.gzipKb, w.label).toBeGreaterThan(bare.gzipKb!);
      expect(overBare(w, bare)).toBe(`${(w.gzipKb! / bare.gzipKb!).toFixed(2)}×`);
    }
  });

  it('gives no ratio without both weights', () => {
    const bare = { label: BARE_PAGE, gzipKb: 50, chunks: 1 };
    expect(overBare({ label: '/admin', gzipKb: null, chunks: 0 }, bare)).toBe('-');
    expect(overBare({ label: '/admin', gzipKb: 125, chunks: 1 }, null)).toBe('-');
    expect(overBare({ label: '/admin', gzipKb: 125, chunks: 1 }, bare)).toBe('2.50×');
  });

  it("puts the bare page in the book's table and chart, beside each page's ratio to it", () => {
    const bare = { label: BARE_PAGE, gzipKb: 64, chunks: 1 };
    const weights = [
      { label: '/ (landing, signed out)', gzipKb: 160, chunks: 4 },
      { label: '/admin', gzipKb: null, chunks: 0 },
    ];
    expect(weightColumns).toEqual(['page', 'gzip', 'ratio to the bare page', 'chunks']);
    expect(weightRows(weights, bare)).toEqual([
      ['/ (landing, signed out)', '160 KB', '2.50×', '4'],
      ['/admin', 'not built', '-', '0'],
      [BARE_PAGE, '64 KB', '-', '1'],
    ]);
    const bars = weightBars(weights, bare);
    expect(bars).toEqual([
      { group: '/ (landing, signed out)', series: 'initial JavaScript', value: 160, text: '160 KB (2.50×)' },
      { group: BARE_PAGE, series: 'bare React page', value: 64, text: '64 KB' },
    ]);
    const { svg } = barChart({ name: 'javascript', title: 'Initial JavaScript', measure: 'KB gzip', bars });
    expect(svg).toContain(BARE_PAGE);
    expect(svg).toContain('160 KB (2.50×)');
    // Without a baseline (it could not be built), the pages alone, without ratios.
    expect(weightRows(weights, null).map((row) => row[2])).toEqual(['-', '-']);
    expect(weightBars(weights, null)).toEqual([
      { group: '/ (landing, signed out)', series: 'initial JavaScript', value: 160, text: '160 KB' },
    ]);
  });
});
