/**
 * The benchmark book's charts: one per table, each figure as a bar beside its baseline's (the bare server,
 * a raw `COPY`, a raw `sftp put`, …) or a target line. Drawn by Observable Plot into SVG files under
 * docs/benchmarks/, without a browser: Plot builds its SVG in a DOM, which linkedom provides in Node.
 * The book's writer (bench/book.ts) writes them in the same step as the section that links them.
 */
import * as Plot from '@observablehq/plot';
import { parseHTML } from 'linkedom';

/** One bar: `value` of `series` (the figure, or its baseline) in `group` (a route, a page, a file). */
export interface Bar {
  group: string;
  series: string;
  value: number;
  /** The value as the table shows it, written after the bar (the plain number when not given). */
  text?: string;
}

export interface ChartSpec {
  /** The file's name under docs/benchmarks/ (a section's prefix is added), and the chart's short name. */
  name: string;
  title: string;
  /** What the bars measure, with its unit: the x axis's label. */
  measure: string;
  bars: Bar[];
  /** A target, drawn as a dashed line across every group. */
  target?: { value: number; label: string };
}

/** A chart drawn: its SVG, to be written beside the book and linked from it. */
export interface Chart {
  name: string;
  title: string;
  svg: string;
}

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Plot's categorical colours, the figure first, then its baselines. */
const COLOURS = ['#4269d0', '#efb118', '#ff725c', '#6cc5b0', '#3ca951', '#ff8ab7', '#a463f2', '#97bbf5'];
const BAR_HEIGHT = 20;
/** About the width of a character of the 10 px sans-serif text Plot writes. */
const CHAR_WIDTH = 6;

const distinct = (values: string[]) => [...new Set(values)];

/**
 * A horizontal bar chart: a row of bars per group (its label on the left), a bar per series in the
 * group, each labelled with its series and value at its end, so the chart needs no legend; a target as
 * a dashed line. Where each group has one bar (a page's weight, the delivery and its baselines), a bar
 * per group, labelled with its value. Answers the SVG document's text.
 */
export function barChart(spec: ChartSpec): Chart {
  const { bars, target } = spec;
  if (!bars.length) throw new Error(`the chart ${spec.name} has no bars`);
  const groups = distinct(bars.map((b) => b.group));
  const series = distinct(bars.map((b) => b.series));
  const single = groups.every((g) => bars.filter((b) => b.group === g).length === 1);
  const value = (b: Bar) => b.text ?? b.value.toLocaleString('en-US');
  const label = (b: Bar) => (single ? value(b) : `${b.series}: ${value(b)}`);
  const longestGroup = Math.max(...groups.map((g) => g.length));
  const longestLabel = Math.max(...bars.map((b) => label(b).length));
  const width = 760;
  const marginLeft = Math.min(300, 16 + longestGroup * CHAR_WIDTH);
  const plotWidth = width - marginLeft - 20;
  // Room after the longest bar for its label.
  const max = Math.max(...bars.map((b) => b.value), target?.value ?? 0, Number.MIN_VALUE);
  const room = Math.min(0.8, (longestLabel * CHAR_WIDTH + 12) / plotWidth);
  const { document } = parseHTML('<!doctype html><html><body></body></html>');
  const figure = Plot.plot({
    document: document as unknown as Document,
    width,
    height: 40 + 36 + groups.length * ((single ? 1 : series.length) * BAR_HEIGHT + 14),
    marginTop: 36,
    marginLeft,
    marginRight: 20,
    // Readable on a dark page too: the file is shown as an image, on whatever background.
    style: { backgroundColor: 'white', color: 'black' },
    x: { label: spec.measure, domain: [0, max / (1 - room)], grid: true },
    y: single ? { label: null, domain: groups, padding: 0.3 } : { axis: null, domain: series },
    ...(single ? {} : { fy: { label: null, domain: groups, axis: 'left' as const, padding: 0.15 } }),
    color: { domain: series, range: COLOURS },
    marks: [
      Plot.barX(bars, {
        x: 'value',
        y: single ? 'group' : 'series',
        fy: single ? null : 'group',
        fill: 'series',
      }),
      Plot.text(bars, {
        x: 'value',
        y: single ? 'group' : 'series',
        fy: single ? null : 'group',
        text: label,
        textAnchor: 'start',
        dx: 4,
        fill: 'currentColor',
      }),
      Plot.ruleX([0]),
      ...(target
        ? [Plot.ruleX([target.value], { stroke: '#d62728', strokeWidth: 1.5, strokeDasharray: '5,3' })]
        : []),
    ],
  }) as unknown as SVGSVGElement;
  const svg = figure as unknown as Element;
  if (svg.tagName.toLowerCase() !== 'svg') throw new Error(`Plot drew a ${svg.tagName}, not an SVG`);
  // A file of its own: the namespace, a title for screen readers, and the title and target written on it.
  svg.setAttribute('xmlns', SVG_NS);
  svg.setAttribute('role', 'img');
  const title = document.createElementNS(SVG_NS, 'title');
  title.textContent = spec.title;
  svg.insertBefore(title, svg.firstChild);
  const heading = document.createElementNS(SVG_NS, 'text');
  heading.setAttribute('x', '8');
  heading.setAttribute('y', '16');
  heading.setAttribute('text-anchor', 'start');
  heading.setAttribute('font-size', '13');
  heading.setAttribute('font-weight', 'bold');
  heading.textContent = spec.title;
  svg.appendChild(heading);
  if (target) {
    const note = document.createElementNS(SVG_NS, 'text');
    note.setAttribute('x', '8');
    note.setAttribute('y', '30');
    note.setAttribute('text-anchor', 'start');
    note.setAttribute('fill', '#d62728');
    note.textContent = `- - - ${target.label}`;
    svg.appendChild(note);
  }
  return {
    name: spec.name,
    title: spec.title,
    svg: `<?xml version="1.0" encoding="UTF-8"?>\n${svg.outerHTML}\n`,
  };
}
