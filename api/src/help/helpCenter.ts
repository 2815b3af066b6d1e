import sanitizeHtml from 'sanitize-html';
import { helpCategories, type HelpArticle, type HelpCategory } from './content.ts';

/** The help center: categories, articles (HTML sanitised before it leaves) and a search that ranks. */

const allowed: sanitizeHtml.IOptions = {
  allowedTags: ['h2', 'h3', 'p', 'ul', 'ol', 'li', 'strong', 'em', 'a', 'code', 'br'],
  allowedAttributes: { a: ['href'] },
  // Only links within the site: the articles never send readers elsewhere.
  allowedSchemes: [],
  allowProtocolRelative: false,
  exclusiveFilter: (frame) => frame.tag === 'a' && !/^\/(?!\/)/.test(frame.attribs.href ?? ''),
};

export const sanitize = (html: string) => sanitizeHtml(html, allowed);

interface IndexedArticle {
  article: HelpArticle;
  category: HelpCategory;
  content: string;
  text: { title: string; excerpt: string; body: string };
}

const plain = (html: string) =>
  sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&[a-z]+;/g, ' ')
    .toLowerCase();

const index: IndexedArticle[] = helpCategories.flatMap((category) =>
  category.articles.map((article) => ({
    article,
    category,
    content: sanitize(article.content),
    text: {
      title: article.title.toLowerCase(),
      excerpt: article.excerpt.toLowerCase(),
      body: plain(article.content),
    },
  })),
);

const summary = ({ article, category }: IndexedArticle) => ({
  id: article.id,
  title: article.title,
  excerpt: article.excerpt,
  category: category.slug,
  categoryTitle: category.title,
});

export function listCategories() {
  return helpCategories.map((c) => ({
    slug: c.slug,
    title: c.title,
    description: c.description,
    articleCount: c.articles.length,
  }));
}

export function findCategory(slug: string) {
  const category = helpCategories.find((c) => c.slug === slug);
  if (!category) return undefined;
  return {
    slug: category.slug,
    title: category.title,
    description: category.description,
    articles: index.filter((i) => i.category === category).map(summary),
  };
}

export function findArticle(id: string) {
  const hit = index.find((i) => i.article.id === id);
  return hit ? { ...summary(hit), content: hit.content } : undefined;
}

export function popularArticles() {
  return index.filter((i) => i.article.popular).map(summary);
}

const count = (haystack: string, needle: string) => {
  let n = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length)) n++;
  return n;
};

/**
 * Ranks articles by where the words of the query appear: a title match outweighs an excerpt match,
 * which outweighs the body; the whole phrase in the title counts most. Articles matching no word are left out.
 */
export function searchArticles(query: string, limit = 10) {
  const phrase = query.trim().toLowerCase();
  const words = [...new Set(phrase.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 2))];
  if (!words.length) return [];
  return index
    .map((entry) => {
      let score = 0;
      let matched = 0;
      for (const word of words) {
        const inTitle = count(entry.text.title, word);
        const inExcerpt = count(entry.text.excerpt, word);
        const inBody = count(entry.text.body, word);
        if (inTitle + inExcerpt + inBody > 0) matched++;
        score += inTitle * 10 + inExcerpt * 4 + Math.min(inBody, 10);
      }
      if (words.length > 1 && entry.text.title.includes(phrase)) score += 25;
      // Articles that contain every word rank above those with some.
      score *= matched / words.length;
      return { entry, score: Math.round(score * 100) / 100 };
    })
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || a.entry.article.title.localeCompare(b.entry.article.title))
    .slice(0, limit)
    .map((r) => ({ ...summary(r.entry), score: r.score }));
}
