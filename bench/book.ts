/**
 * The benchmark book, docs/benchmarks.md: `make bench` and `make bench-pipeline` each rewrite their own
 * section of it on every run, between two markers (`<!-- make bench: begin -->` … `<!-- make bench: end -->`),
 * and leave everything outside the markers as it is (the method and the notes are written by hand). A
 * missing file is created, a missing section appended. Each section opens with when, on which commit and on
 * which machine it was measured, and says when the run was partial, so an old or reduced figure never
 * passes for a current full one.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import prettier from 'prettier';

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

/**
 * Writes `body` (Markdown) as the section `name` of the book at `file`: formatted by Prettier with the
 * repository's settings first, so the book stays as `prettier --check` wants it and tables stay aligned.
 */
export async function writeSection(name: string, body: string, file = bookPath): Promise<void> {
  const options = (await prettier.resolveConfig(bookPath)) ?? {};
  const formatted = await prettier.format(body, { ...options, parser: 'markdown' });
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, replaceSection(text, name, formatted));
}

/** A Markdown table (Prettier aligns it when the section is written). */
export function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.map((c) => c.replaceAll('|', '\\|')).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** The short commit, with "+ uncommitted changes" when the tree differs from it (the book itself aside). */
export function commitOf(dir = root): string {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trim();
  try {
    const hash = git('rev-parse', '--short', 'HEAD');
    const dirty = git('status', '--porcelain', '--', '.', ':(exclude)docs/benchmarks.md') !== '';
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
