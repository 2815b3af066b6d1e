/**
 * Comments say why, in a sentence or two; measurements and run diaries live in docs/benchmarks.md (written
 * by `make bench` and `make bench-pipeline`, its notes by hand), where they can be dated and replaced. This
 * scans the comments of every tracked or new file (.ts, .tsx, .sql: line and block comments; .sh and the
 * Makefile: `#` lines) and refuses the shapes a run's figures take. A time is a number, or a range of two,
 * in µs, us, ms, s or minutes; the patterns (examples in the second test, not here, so that this file's
 * own comments pass):
 * - a rate in requests or lines per second after a number, or any rate after "about";
 * - two times compared: by against, vs, versus or an arrow, "from <time> to <time>", "<time> of the <time>";
 * - a time more or less than another, or a time of CPU ("<time> less CPU", "<time> of its CPU");
 * - a range of times or of sizes (KB, KiB, MB, MiB, GB): what a series of runs gives, never a setting;
 * - a time something took (the past tense of a run);
 * - a ratio with decimals, or a number with x or × and then faster or slower;
 * - a percentage of the or of its something (a share of a profile), or a profile named with "in a";
 * - the words of a run diary: one run or N runs after "in", "alternating" before runs, and measured followed by
 *   on, with, by, in or at, or in brackets.
 * A constant described in its own words passes (a wait, a timeout, a steady load, a whole-number
 * multiplier such as a 4x CPU slowdown): one time alone is a setting.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

const time = String.raw`\d[\d,.]*(?:\s?[-–]\s?\d[\d,.]*)?\s?(?:µs|us|ms|s|min|minutes?)\b`;
const compared = String.raw`(?:\bagainst\b|\bvs\.?|\bversus\b|→|->)`;
export const patterns: Array<[string, RegExp]> = [
  ['a rate', /\d[\d,.]*\s?(?:req|lines)\/s\b|\babout \d[\d,.]*\s?\w+\/s\b/],
  ['two times compared', new RegExp(`${time}[^;]{0,40}?${compared}[^;]{0,20}?${time}`)],
  [
    'two times compared',
    new RegExp(`\\bfrom (?:about )?${time} to (?:about )?${time}|${time} of (?:the|its) ${time}`),
  ],
  [
    'a difference of times',
    new RegExp(`${time} (?:more|less|slower|faster)\\b|${time} (?:of|more|less) [^.;]{0,30}?\\bCPU\\b`),
  ],
  ['a range of times', /\d[\d.]*\s?[-–]\s?\d[\d.]*\s?(?:µs|us|ms|s|minutes)\b/],
  ['a range of sizes', /\d[\d.]*\s?[-–]\s?\d[\d.]*\s?(?:KB|KiB|MB|MiB|GB)\b/],
  ['a time a run took', new RegExp(`\\btook (?:about |up to )?${time}`)],
  ['a ratio', /\d+\.\d+\s?[x×](?![\w\d])|\d[\d.]*\s?[x×]\s+(?:faster|slower)\b/],
  ['a share of a profile', /\d+(?:\.\d+)?\s?% of (?:the|its)\b|\bin a (?:CPU )?profile\b/i],
  ['a run diary', /\bin (?:one|two|three|four|five|six|\d+) runs?\b|\balternating runs?\b/i],
  ['a run diary', /\bmeasured (?:on|with|by|in|at)\b|\(measured\b|\bmeasured\)/i],
];

interface Comment {
  file: string;
  line: number;
  /** A block comment's lines joined by spaces, their leading `*` gone, so a figure may span two lines. */
  text: string;
  /** Where each line after the first starts in `text` (a block comment's). */
  breaks?: number[];
}

/** A block comment's text as one line, and where its lines start in it. */
function joined(block: string): { text: string; breaks: number[] } {
  const breaks: number[] = [];
  let text = '';
  block.split('\n').forEach((part, i) => {
    if (i > 0) {
      text += ' ';
      breaks.push(text.length);
    }
    text += i > 0 ? part.replace(/^\s*\*?\s?/, '') : part;
  });
  return { text, breaks };
}

/**
 * The comments of a TypeScript or SQL file: `//` (or `--` in SQL) to the end of the line, and block
 * comments. Quoted strings are stepped over, so that a URL's `//` or a glob's `/*` is not taken for one.
 */
export function commentsOf(file: string, source: string): Comment[] {
  const comments: Comment[] = [];
  const sql = file.endsWith('.sql');
  let line = 1;
  let quote: string | null = null;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\n') {
      line++;
      if (quote !== '`') quote = null; // a quote left open on a line was not a string (a regex, say)
      continue;
    }
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
      continue;
    }
    const two = source.slice(i, i + 2);
    if (two === '//' || (sql && two === '--')) {
      const end = source.indexOf('\n', i);
      const stop = end < 0 ? source.length : end;
      comments.push({ file, line, text: source.slice(i + 2, stop) });
      i = stop - 1;
    } else if (two === '/*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end < 0 ? source.length : end;
      const block = source.slice(i + 2, stop);
      comments.push({ file, line, ...joined(block) });
      line += block.split('\n').length - 1;
      i = stop + 1;
    } else if (c === "'" || c === '"' || c === '`') {
      quote = c;
    }
  }
  return comments;
}

/** A shell script's or the Makefile's `#` comments (the shebang aside). */
function hashCommentsOf(file: string, source: string): Comment[] {
  return source.split('\n').flatMap((text, i) => {
    const at = text.search(/(^|\s)#(?!!)/);
    return at < 0 ? [] : [{ file, line: i + 1, text: text.slice(at) }];
  });
}

/** The problems of each comment: where it is, which pattern it met, and the words that met it. */
export function measurementsIn(comments: Comment[]): string[] {
  return comments.flatMap(({ file, line, text, breaks = [] }) =>
    patterns.flatMap(([what, pattern]) => {
      const found = pattern.exec(text);
      if (!found) return [];
      const at = line + breaks.filter((start) => start <= found.index).length;
      return [`${file}:${at}: ${what}: "${found[0]}"`];
    }),
  );
}

function sourceFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  return listed
    .split('\n')
    .filter((file) => /\.(tsx?|sql|sh)$/.test(file) || file === 'Makefile')
    .filter((file) => fs.existsSync(path.join(root, file)));
}

describe('comments', () => {
  it('quote no measurement or run diary (they belong in docs/benchmarks.md)', () => {
    const comments = sourceFiles().flatMap((file) => {
      const source = fs.readFileSync(path.join(root, file), 'utf8');
      return /\.(tsx?|sql)$/.test(file) ? commentsOf(file, source) : hashCommentsOf(file, source);
    });
    expect(comments.length).toBeGreaterThan(1000);
    expect(measurementsIn(comments)).toEqual([]);
  });

  it('tells a run figure from a constant described in words', () => {
    const flagged = (text: string) => measurementsIn(commentsOf('x.ts', `// ${text}`)).length > 0;
    for (const figure of [
      '2.2 s against 1.1 s in one run',
      'pgbench: 144-155 µs per query against 79-83 µs prepared',
      'the upload went from 1.00 s to 0.64 s',
      'the import ran at 170,907 lines/s',
      'about 1,500 req/s',
      'req/s against bare 0.84x',
      'CPU per request 2.20-2.54× the bare server',
      'a write per request was 6% of the API time',
      '12 µs of each request in a profile of GET /api/auth/user',
      'in alternating runs of the code before and after',
      'Measured on a million lines of 110 MB',
      'the cells and the ledger (0.2-0.7 s measured)',
      'the upload grew the RSS by 57-63 MiB',
      'relayed about 6,700 events/s',
      'two at a time took 6.2 minutes there against 8.1',
      "3 ms of PostgreSQL's CPU per page",
      '25 µs less CPU per request',
      'a text key per line cost 4.5 s more reading',
      'pglz compressing it took 2.6 s of the 3 s',
    ]) {
      expect(flagged(figure), figure).toBe(true);
    }
    for (const constant of [
      'waits 100 ms between polls',
      'a 30 s timeout',
      '500 ms after the first failure, doubling, at most 30 s: 0.5 + 1 + 2 + 4 s before the 5th attempt',
      'commits at a steady 200 events/s',
      'mobile profile: a mid-range phone, simulated slow 4G and 4x CPU slowdown',
      'artwork must be at least 3000×3000',
      'USD × 10^8',
      'the pages measured later',
      'the last 100 ms of lines are lost then',
      'its session to lapse (about 30 s)',
      'ten attempts span about 40 minutes',
    ]) {
      expect(flagged(constant), constant).toBe(false);
    }
  });

  it('finds comments, not strings', () => {
    const source = [
      "const url = 'http://localhost:3000'; // the default",
      "const glob = '**/*.test.ts';",
      '/**',
      ' * A block',
      ' * over lines.',
      ' */',
      'const x = 1; /* inline */',
    ].join('\n');
    expect(commentsOf('x.ts', source)).toEqual([
      { file: 'x.ts', line: 1, text: ' the default' },
      { file: 'x.ts', line: 3, text: '* A block over lines. ', breaks: [2, 10, 22] },
      { file: 'x.ts', line: 7, text: ' inline ', breaks: [] },
    ]);
    // A figure is reported on the line it starts on.
    const block = ['/**', ' * Sent unnamed:', ' * 144-155 µs per query.', ' */'].join('\n');
    expect(measurementsIn(commentsOf('y.ts', block))).toEqual(['y.ts:3: a range of times: "144-155 µs"']);
  });
});
