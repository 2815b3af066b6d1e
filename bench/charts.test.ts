import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { barChart } from './charts.ts';

/** The SVG read by a strict XML parser: its root element and namespace, and all its text. */
function read(svg: string) {
  const parser = new SaxesParser({ xmlns: true });
  const elements: Array<{ name: string; uri: string }> = [];
  const texts: string[] = [];
  parser.on('opentag', (tag) => elements.push({ name: tag.local, uri: tag.uri }));
  parser.on('text', (text) => texts.push(text));
  parser.write(svg).close();
  return { root: elements[0], elements, text: texts.join('\n') };
}

const api = barChart({
  name: 'api',
  title: 'Requests per second at 10 connections: the API beside the bare Koa + pg server',
  measure: 'requests per second',
  bars: [
    { group: 'GET /api/releases (100 releases)', series: 'the API', value: 505 },
    { group: 'GET /api/releases (100 releases)', series: 'bare Koa + pg', value: 581 },
    { group: 'GET /api/auth/user', series: 'the API', value: 2339, text: '2,339 req/s' },
    { group: 'GET /api/auth/user', series: 'bare Koa + pg', value: 3431, text: '3,431 req/s' },
  ],
});

describe('the benchmark charts', () => {
  it('draws a well-formed SVG document, in the SVG namespace, with its title', () => {
    expect(api.svg.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg')).toBe(true);
    const { root, elements } = read(api.svg);
    expect(root).toEqual({ name: 'svg', uri: 'http://www.w3.org/2000/svg' });
    expect(elements.filter((e) => e.name === 'rect').length).toBeGreaterThanOrEqual(4);
    expect(elements.every((e) => e.uri === 'http://www.w3.org/2000/svg')).toBe(true);
    expect(api.svg).toMatch(/<title>Requests per second at 10 connections/);
    expect(api.svg).toMatch(/viewBox="0 0 760 \d+"/);
  });

  it('labels each group, and each bar with its series and value (no legend needed)', () => {
    const { text } = read(api.svg);
    for (const label of [
      'GET /api/releases (100 releases)',
      'GET /api/auth/user',
      'the API: 505',
      'bare Koa + pg: 581',
      'the API: 2,339 req/s',
      'bare Koa + pg: 3,431 req/s',
      'requests per second',
    ]) {
      expect(text).toContain(label);
    }
  });

  it('draws a target as a dashed line, said in words on the chart', () => {
    const chart = barChart({
      name: 'weight',
      title: 'Initial JavaScript per page',
      measure: 'KB gzip',
      bars: [
        { group: '/ (landing) & <friends>', series: 'gzip', value: 159.4 },
        { group: '/admin', series: 'gzip', value: 513.5 },
      ],
      target: { value: 180, label: 'target for the landing: ≤ 180 KB' },
    });
    const { text } = read(chart.svg);
    expect(text).toContain('/ (landing) & <friends>');
    // A bar per group: its value alone beside it.
    expect(text).toContain('159.4');
    expect(text).not.toContain('gzip: 159.4');
    expect(text).toContain('target for the landing: ≤ 180 KB');
    expect(chart.svg).toContain('stroke-dasharray="5,3"');
  });

  it('refuses a chart without bars', () => {
    expect(() => barChart({ name: 'none', title: 'Nothing', measure: 'ms', bars: [] })).toThrow('no bars');
  });
});
