import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { helpCategorySlugs } from '@riffline/contracts';
import { HelpContentError, helpCategories, helpContentDir, loadHelpContent } from './content.ts';

describe('the help-center files', () => {
  it('load and pass the checks: three categories in order, four articles each, unique ids, every field', () => {
    const categories = loadHelpContent();
    expect(categories).toEqual(helpCategories);
    expect(categories.map((c) => c.slug)).toEqual([
      'getting-started',
      'uploading-music',
      'royalties-payments',
    ]);
    expect([...categories.map((c) => c.slug)].sort()).toEqual([...helpCategorySlugs].sort());
    const articles = categories.flatMap((c) => c.articles);
    expect(categories.map((c) => c.articles.length)).toEqual([4, 4, 4]);
    expect(new Set(articles.map((a) => a.id)).size).toBe(12);
    for (const text of [...categories.flatMap((c) => [c.title, c.description])])
      expect(text.trim()).not.toBe('');
    for (const a of articles) {
      for (const text of [a.title, a.excerpt, a.content]) expect(text.trim()).not.toBe('');
      // The body is served as written: HTML, with nothing of the file around it.
      expect(a.content).toMatch(/^<h2>[\s\S]*>$/);
      expect(a.content).not.toContain('---');
    }
    expect(articles.filter((a) => a.popular).map((a) => a.id)).toEqual([
      'applying-to-riffline',
      'creating-your-first-release',
      'how-royalties-are-reported',
    ]);
  });
});

describe('loadHelpContent refuses broken content, naming the file', () => {
  let dir = '';
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** A copy of the real articles to break. */
  const copy = () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'help-content-'));
    fs.cpSync(helpContentDir, dir, { recursive: true });
    return dir;
  };
  const file = (...parts: string[]) => path.join(dir, ...parts);
  const edit = (name: string, change: (text: string) => string) =>
    fs.writeFileSync(file(name), change(fs.readFileSync(file(name), 'utf8')));
  const problems = () => {
    try {
      loadHelpContent(dir);
    } catch (error) {
      expect(error).toBeInstanceOf(HelpContentError);
      expect((error as Error).message).toContain('The help-center content is invalid');
      return (error as HelpContentError).problems;
    }
    throw new Error(`${dir} loaded`);
  };

  it('loads an untouched copy', () => {
    expect(loadHelpContent(copy())).toEqual(helpCategories);
  });

  it('a missing field', () => {
    copy();
    edit('uploading-music/preparing-artwork.md', (t) => t.replace(/^excerpt: .*\n/m, ''));
    expect(problems()).toEqual([`${file('uploading-music/preparing-artwork.md')}: 'excerpt' is missing`]);
  });

  it('an empty field, a misspelt one and a category without its title', () => {
    copy();
    edit('getting-started/dashboard-tour.md', (t) =>
      t.replace(/^title: .*$/m, "title: ' '").replace('order: 2', 'order: 2\npopluar: true'),
    );
    edit('royalties-payments/_category.yaml', (t) => t.replace(/^title: .*\n/m, ''));
    expect(problems()).toEqual([
      `${file('getting-started/dashboard-tour.md')}: 'title' is empty`,
      `${file('getting-started/dashboard-tour.md')}: Unrecognized key: "popluar"`,
      `${file('royalties-payments/_category.yaml')}: 'title' is missing`,
    ]);
  });

  it('a duplicate id', () => {
    copy();
    fs.renameSync(file('getting-started/dashboard-tour.md'), file('getting-started/payout-methods.md'));
    expect(problems()).toEqual([
      `${file('royalties-payments/payout-methods.md')}: duplicate id 'payout-methods': ` +
        `${file('getting-started/payout-methods.md')} has it too`,
    ]);
  });

  it('a fifth article', () => {
    copy();
    fs.copyFileSync(file('uploading-music/preparing-artwork.md'), file('uploading-music/more-artwork.md'));
    edit('uploading-music/more-artwork.md', (t) => t.replace('order: 3', 'order: 5'));
    expect(problems()).toEqual([`${file('uploading-music')}: has 5 articles; each category has exactly 4`]);
  });

  it('a missing category, and a folder that is not one', () => {
    copy();
    fs.renameSync(file('royalties-payments'), file('payments'));
    expect(problems()).toEqual([
      `${file('payments')}: is not a help category (the categories are ${helpCategorySlugs.join(', ')})`,
      `${file('royalties-payments')}: the category 'royalties-payments' is missing`,
    ]);
  });

  it('a missing front matter, bad YAML, an order taken twice and a stray file', () => {
    copy();
    edit('getting-started/dashboard-tour.md', (t) => t.replace(/^---\n[\s\S]*?\n---\n/, ''));
    edit('getting-started/account-and-settings.md', (t) => t.replace(/^title: (.*)$/m, 'title: $1: more'));
    edit('uploading-music/audio-file-requirements.md', (t) => t.replace('order: 2', 'order: 1'));
    fs.writeFileSync(file('uploading-music/notes.txt'), 'draft');
    const found = problems();
    expect(found).toHaveLength(4);
    expect(found[0]).toMatch(
      new RegExp(`^${file('getting-started/account-and-settings.md')}: is not valid YAML: .*line 1`),
    );
    expect(found.slice(1)).toEqual([
      `${file('getting-started/dashboard-tour.md')}: must start with a front-matter block between two \`---\` lines`,
      `${file('uploading-music/notes.txt')}: is not an article (articles are \`<id>.md\` files)`,
      `${file('uploading-music/creating-your-first-release.md')}: 'order' 1 is taken by ` +
        `${file('uploading-music/audio-file-requirements.md')} too`,
    ]);
  });

  it('a folder that is not there', () => {
    dir = path.join(os.tmpdir(), 'help-content-none');
    expect(problems()).toEqual([`${dir}: the help-center folder is missing`]);
  });
});
