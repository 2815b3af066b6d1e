/**
 * The newcomer's pages stay true: the README stays a first hour, and every path the architecture page
 * (and the README) names exists, so a move without its documentation fails here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

const topLevel = fs.readdirSync(root).filter((name) => !name.startsWith('.'));

/**
 * The repository paths a page names in backticks: a token that starts with one of the repository's
 * top-level entries. A token with a placeholder (`<area>`) names its folder up to the placeholder.
 */
function namedPaths(markdown: string): string[] {
  const found = new Set<string>();
  for (const [, token] of markdown.matchAll(/`([^`\s]+)`/g)) {
    const first = token!.split('/')[0]!;
    if (!token!.includes('/') && !/\.\w+$/.test(token!)) continue;
    if (!topLevel.includes(first)) continue;
    const fixed = token!.split('<')[0]!.replace(/\/$/, '');
    found.add(fixed);
  }
  return [...found];
}

/** The relative links of a page (`[text](docs/x.md)`), web addresses and anchors aside. */
const linkedFiles = (markdown: string) =>
  [...markdown.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)]
    .map(([, target]) => target!)
    .filter((target) => !/^[a-z]+:/.test(target));

describe('README.md', () => {
  const readme = read('README.md');

  it('is a first hour: at most 200 lines and 12 KB', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(200);
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(12 * 1024);
  });

  it('names and links only what exists', () => {
    const missing = [...namedPaths(readme), ...linkedFiles(readme)].filter(
      (p) => !fs.existsSync(path.join(root, p)),
    );
    expect(missing).toEqual([]);
  });
});

describe('docs/', () => {
  const pages = fs.readdirSync(path.join(root, 'docs')).filter((name) => name.endsWith('.md'));

  it('ARCHITECTURE.md names only paths that exist, and has its recipes', () => {
    const page = read('docs/ARCHITECTURE.md');
    const named = namedPaths(page);
    expect(named.length).toBeGreaterThan(40);
    expect(named.filter((p) => !fs.existsSync(path.join(root, p)))).toEqual([]);
    for (const recipe of [
      'Add a route',
      'Add a command with its event',
      'Add a consumer or a projection',
      'Add a migration',
      'Add an admin resource',
      'Add an artist page',
    ]) {
      expect(page).toContain(`### ${recipe}`);
    }
  });

  it.each(pages)('%s names and links only files that exist', (page) => {
    const markdown = read(`docs/${page}`);
    const missing = [
      ...namedPaths(markdown).filter((p) => !fs.existsSync(path.join(root, p))),
      ...linkedFiles(markdown).filter((target) => !fs.existsSync(path.join(root, 'docs', target))),
    ];
    expect(missing).toEqual([]);
  });

  it('finds a path that does not exist (the check can fail)', () => {
    expect(namedPaths('see `api/src/nowhere/x.ts` and `web-admin/src/<resource>/`')).toEqual([
      'api/src/nowhere/x.ts',
      'web-admin/src',
    ]);
  });
});
