import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { chartLink, heading, replaceSection, table, writeSection } from './book.ts';
import { barChart } from './charts.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
function scratch(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'riffline-book-'));
  dirs.push(dir);
  return path.join(dir, 'docs', 'benchmarks.md');
}

const book = [
  '# Benchmarks',
  '',
  'Hand-written intro. The markers (`<!-- make bench: begin -->`) are quoted here, not on a line of their own.',
  '',
  '<!-- make bench: begin -->',
  '',
  'old results',
  '',
  '<!-- make bench: end -->',
  '',
  '<!-- make bench-pipeline: begin -->',
  '',
  'old pipeline results',
  '',
  '<!-- make bench-pipeline: end -->',
  '',
  '## Notes',
  '',
  'Kept as written.',
  '',
].join('\n');

describe('the benchmark book', () => {
  it('replaces one section and keeps everything else byte for byte', () => {
    const text = replaceSection(book, 'make bench', 'new results');
    expect(text).toBe(book.replace('old results', 'new results'));
    const again = replaceSection(text, 'make bench-pipeline', 'new pipeline results');
    expect(again).toBe(book.replace('old results', 'new results').replace('old pipeline', 'new pipeline'));
  });

  it('appends a missing section at the end, after what is there', () => {
    const without = book.replace(
      /<!-- make bench-pipeline: begin -->[^]*<!-- make bench-pipeline: end -->\n\n/,
      '',
    );
    const text = replaceSection(without, 'make bench-pipeline', 'pipeline results');
    expect(text.startsWith(without.trimEnd())).toBe(true);
    expect(
      text.endsWith(
        '<!-- make bench-pipeline: begin -->\n\npipeline results\n\n<!-- make bench-pipeline: end -->\n',
      ),
    ).toBe(true);
    expect(text).toContain('old results');
  });

  it('creates the file (and its folder) when there is none, formatted as Prettier wants it', async () => {
    const file = scratch();
    await writeSection('make bench', table(['route', 'req/s'], [['GET /api/auth/user', '1,234']]), file);
    const text = fs.readFileSync(file, 'utf8');
    expect(text).toBe(
      [
        '# Benchmarks',
        '',
        '<!-- make bench: begin -->',
        '',
        '| route              | req/s |',
        '| ------------------ | ----- |',
        '| GET /api/auth/user | 1,234 |',
        '',
        '<!-- make bench: end -->',
        '',
      ].join('\n'),
    );
    // Written again: the section replaced, nothing added.
    await writeSection('make bench', 'second run', file);
    expect(fs.readFileSync(file, 'utf8')).toBe(
      '# Benchmarks\n\n<!-- make bench: begin -->\n\nsecond run\n\n<!-- make bench: end -->\n',
    );
  });

  it('writes into an existing book without touching the hand-written parts', async () => {
    const file = scratch();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, book);
    await writeSection('make bench-pipeline', 'pipeline results', file);
    expect(fs.readFileSync(file, 'utf8')).toBe(book.replace('old pipeline results', 'pipeline results'));
  });

  it('says when, where and on what a run was made, and when it was partial', () => {
    const full = heading('`make bench`', '15.4', [], new Date('2026-12-01T10:20:30Z'));
    expect(full).toContain('- Date: 2026-12-01 10:20 UTC');
    expect(full).toMatch(/- Commit: \S+/);
    expect(full).toMatch(/- Machine: .+ × \d+, [\d.]+ GiB memory, Node v\d+\.\d+\.\d+, PostgreSQL 15\.4/);
    expect(full).toContain('complete');
    const partial = heading('`make bench`', '15.4', ['BENCH_ONLY=auth', 'Lighthouse skipped']);
    expect(partial).toContain('**Partial run**');
    expect(partial).toContain('BENCH_ONLY=auth; Lighthouse skipped');
  });

  it("writes a section's charts beside the book, linked from it, and drops only that section's stale ones", async () => {
    const file = scratch();
    const folder = path.join(path.dirname(file), 'benchmarks');
    const chart = (name: string, series: string) =>
      barChart({
        name,
        title: `Chart ${name}`,
        measure: 'req/s',
        bars: [
          { group: 'GET /api/auth/user', series, value: 2339 },
          { group: 'GET /api/auth/user', series: 'bare Koa + pg', value: 3431 },
        ],
      });
    const api = chart('api', 'the API');
    const upload = chart('upload', 'the upload');
    await writeSection('make bench', `results\n\n${chartLink('make bench', api)}`, file, [api, upload]);
    await writeSection('make bench-pipeline', 'pipeline', file, [chart('import', 'the import')]);
    expect(fs.readdirSync(folder).sort()).toEqual([
      'make-bench--api.svg',
      'make-bench--upload.svg',
      'make-bench-pipeline--import.svg',
    ]);
    expect(fs.readFileSync(path.join(folder, 'make-bench--api.svg'), 'utf8')).toBe(api.svg);
    expect(fs.readFileSync(path.join(folder, 'make-bench--api.svg'), 'utf8')).toContain('the API: 2,339');
    expect(fs.readFileSync(file, 'utf8')).toContain('![Chart api](benchmarks/make-bench--api.svg)');

    // A later run without the upload's chart: it goes; the other section's stays.
    await writeSection('make bench', 'again', file, [chart('api', 'the API, again')]);
    expect(fs.readdirSync(folder).sort()).toEqual(['make-bench--api.svg', 'make-bench-pipeline--import.svg']);
    expect(fs.readFileSync(path.join(folder, 'make-bench--api.svg'), 'utf8')).toContain('the API, again');
    await writeSection('make bench', 'no charts', file);
    expect(fs.readdirSync(folder)).toEqual(['make-bench-pipeline--import.svg']);
  });
});
