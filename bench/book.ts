/**
 * The benchmark book, docs/benchmarks.md: `make bench` and `make bench-pipeline` each rewrite their own
 * section of it on every run, between two markers (`<!-- make bench: begin -->` … `<!-- make bench: end -->`),
 * and leave everything outside the markers as it is (the method and the notes are written by hand). A
 * missing file is created, a missing section appended. Each section opens with when, on which commit and on
 * which machine it was measured, and says when the run was partial, so an old or reduced figure never
 * passes for a current full one. A section's charts (bench/charts.ts) are SVG files in docs/benchmarks/,
 * named after the section, written with it and linked under its tables; its charts of an earlier run that
 * this one did not draw are removed, so the folder holds what the book links.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import prettier from 'prettier';
import type { Chart } from './charts.ts';

export const root = path.resolve(import.meta.dirname, '..');
export const bookPath = path.join(root, 'docs', 'benchmarks.md');

const begin = (name: string) => `<!-- ${name}: begin -->`;
const end = (name: string) => `<!-- ${name}: end -->`;

/** Where `line` stands alone on a line of `text`, from `from` on; -1 when it does not. */
function lineAt(text: string, line: string, from: number): number {
  for (let at = text.indexOf(line, from); at >= 0; at = text.indexOf(line, at + 1)) {
    const after = text[at + line.length];
    if ((at === 0 || text[at - 1] === '\n') && (after === undefined || after === '\n' || after === '\r'))
      return at;
  }
  return -1;
}

/** `text` with the section `name` (markers included) replaced by `body`, or `body` appended in its markers. */
export function replaceSection(text: string, name: string, body: string): string {
  const section = `${begin(name)}\n\n${body.trim()}\n\n${end(name)}`;
  // Markers count only on lines of their own, so prose may quote them.
  const start = lineAt(text, begin(name), 0);
  const stop = start < 0 ? -1 : lineAt(text, end(name), start);
  if (stop >= 0) return text.slice(0, start) + section + text.slice(stop + end(name).length);
  if (!text.trim()) return `# Benchmarks\n\n${section}\n`;
  return `${text.replace(/\s*$/, '')}\n\n${section}\n`;
}

/** The folder of the book's charts, beside the book. */
export const chartsFolder = (file = bookPath) => path.join(path.dirname(file), 'benchmarks');

/** A chart's file name: the section's name (`make-bench-pipeline`), two dashes, the chart's. */
const chartPrefix = (section: string) => `${section.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}--`;
export const chartFile = (section: string, chart: Pick<Chart, 'name'>) =>
  `${chartPrefix(section)}${chart.name}.svg`;

/** The Markdown that shows a section's chart, by its path from the book. */
export const chartLink = (section: string, chart: Pick<Chart, 'name' | 'title'>) =>
  `![${chart.title.replaceAll(/[[\]]/g, '')}](benchmarks/${chartFile(section, chart)})`;

/**
 * Writes `body` (Markdown) as the section `name` of the book at `file`: formatted by Prettier with the
 * repository's settings first, so the book stays as `prettier --check` wants it and tables stay aligned.
 * The section's `charts` go into the charts folder beside it, replacing its earlier ones.
 */
export async function writeSection(
  name: string,
  body: string,
  file = bookPath,
  charts: Chart[] = [],
): Promise<void> {
  const options = (await prettier.resolveConfig(bookPath)) ?? {};
  const formatted = await prettier.format(body, { ...options, parser: 'markdown' });
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const folder = chartsFolder(file);
  const written = new Set(charts.map((chart) => chartFile(name, chart)));
  if (fs.existsSync(folder)) {
    for (const old of fs.readdirSync(folder)) {
      if (old.startsWith(chartPrefix(name)) && old.endsWith('.svg') && !written.has(old))
        fs.rmSync(path.join(folder, old));
    }
  }
  if (charts.length) fs.mkdirSync(folder, { recursive: true });
  for (const chart of charts) fs.writeFileSync(path.join(folder, chartFile(name, chart)), chart.svg);
  fs.writeFileSync(file, replaceSection(text, name, formatted));
}

/** A Markdown table (Prettier aligns it when the section is written). */
export function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.map((c) => c.replaceAll('|', '\\|')).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** The short commit, with "+ uncommitted changes" when the tree differs from it (the book and its charts aside). */
export function commitOf(dir = root): string {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trim();
  try {
    const hash = git('rev-parse', '--short', 'HEAD');
    const dirty =
      git('status', '--porcelain', '--', '.', ':(exclude)docs/benchmarks.md', ':(exclude)docs/benchmarks') !==
      '';
    return dirty ? `${hash} + uncommitted changes` : hash;
  } catch {
    return 'unknown (not a git checkout)';
  }
}

/** The server's version (`server_version`), or why it could not be read. */
export async function postgresVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query<{ server_version: string }>('show server_version');
    return rows[0]!.server_version;
  } catch (error) {
    return `unknown (${(error as Error).message})`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The machine in one line: CPU model and count, memory, Node and PostgreSQL. */
export function machineOf(postgres: string): string {
  const cpus = os.cpus();
  const model = cpus[0]?.model.replace(/\s+/g, ' ').trim() || 'unknown CPU';
  const memory = (os.totalmem() / 1024 ** 3).toFixed(1);
  return `${model} × ${cpus.length}, ${memory} GiB memory, Node ${process.version}, PostgreSQL ${postgres}`;
}

/**
 * The opening of a section: its title, then the date, commit and machine, and whether the run was
 * complete or, with the reasons (`partial`), partial.
 */
export function heading(title: string, postgres: string, partial: string[], now = new Date()): string {
  const date = `${now.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const lines = [
    `### ${title}`,
    '',
    'Written by the command on every run (edits here are overwritten; the history is in git).',
    '',
    `- Date: ${date}`,
    `- Commit: ${commitOf()}`,
    `- Machine: ${machineOf(postgres)}`,
    `- Load average at the end (1, 5, 15 min): ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(', ')} (above the core count, something else shared the machine and the figures suffer)`,
    partial.length
      ? `- **Partial run** (reduced or incomplete), not comparable with a full one: ${partial.join('; ')}.`
      : '- Run: complete, default settings.',
  ];
  return lines.join('\n');
}
