import { describe, expect, it } from 'vitest';
import { helpCategories } from './content.ts';
import {
  findArticle,
  findCategory,
  listCategories,
  popularArticles,
  sanitize,
  searchArticles,
} from './helpCenter.ts';

describe('help-center content', () => {
  it('has the three categories of SPEC §2 with four articles each, unique ids and three popular ones', () => {
    expect(listCategories().map((c) => [c.slug, c.articleCount])).toEqual([
      ['getting-started', 4],
      ['uploading-music', 4],
      ['royalties-payments', 4],
    ]);
    const ids = helpCategories.flatMap((c) => c.articles.map((a) => a.id));
    expect(new Set(ids).size).toBe(12);
    expect(popularArticles()).toHaveLength(3);
  });

  it('gives the release guidance of SPEC §9', () => {
    const all = helpCategories.flatMap((c) => c.articles.map((a) => a.content)).join(' ');
    expect(all).toMatch(/3000\s*x\s*3000|3000×3000/);
    expect(all).toMatch(/2 weeks|two weeks/);
    expect(all).toContain('200 MB');
    expect(all).toMatch(/20 USD|\$20/);
  });
});

describe('sanitize', () => {
  it('keeps the allowed markup and site links, drops scripts, handlers and outside links', () => {
    const dirty =
      '<h2 onclick="x()">Hi</h2><script>alert(1)</script><p style="color:red">ok <a href="/apply">apply</a> ' +
      '<a href="javascript:alert(1)">bad</a> <a href="https://evil.example">out</a> <a href="//evil.example">pr</a></p><img src=x onerror=alert(1)>';
    const clean = sanitize(dirty);
    expect(clean.replace(/\s+/g, ' ')).toBe('<h2>Hi</h2><p>ok <a href="/apply">apply</a> </p>');
    for (const gone of ['script', 'javascript:', 'evil.example', 'onclick', 'style', 'img', 'onerror']) {
      expect(clean).not.toContain(gone);
    }
  });

  it('is applied to every article that is served', () => {
    for (const category of helpCategories) {
      for (const article of category.articles) {
        expect(findArticle(article.id)!.content).toBe(sanitize(article.content));
      }
    }
  });
});

describe('search', () => {
  it('ranks a title match above body mentions', () => {
    const results = searchArticles('artwork');
    expect(results[0]?.id).toBe('preparing-artwork');
    expect(results.length).toBeGreaterThan(1);
    expect(results.map((r) => r.score)).toEqual([...results.map((r) => r.score)].sort((a, b) => b - a));
  });

  it('finds withdrawals and payout methods for a payout question, in any case', () => {
    const ids = searchArticles('WITHDRAWAL minimum').map((r) => r.id);
    expect(ids[0]).toBe('requesting-a-withdrawal');
  });

  it('returns nothing for words no article has, or for no words at all', () => {
    expect(searchArticles('zzzyqx')).toEqual([]);
    expect(searchArticles('  !! ')).toEqual([]);
  });

  it('finds categories by slug', () => {
    expect(findCategory('uploading-music')?.articles).toHaveLength(4);
    expect(findCategory('nope')).toBeUndefined();
  });
});
