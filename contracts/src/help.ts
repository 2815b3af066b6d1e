import { z } from 'zod';

/** The help center's answers (SPEC §2 Support, §7 help calls). */
export const ArticleSummary = z.object({
  id: z.string(),
  title: z.string(),
  excerpt: z.string(),
  category: z.string(),
  categoryTitle: z.string(),
});
export type ArticleSummary = z.infer<typeof ArticleSummary>;

export const HelpCategory = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  articleCount: z.number().int(),
});
export type HelpCategory = z.infer<typeof HelpCategory>;

export const HelpCategoryDetail = HelpCategory.omit({ articleCount: true }).extend({
  articles: z.array(ArticleSummary),
});
export type HelpCategoryDetail = z.infer<typeof HelpCategoryDetail>;

export const Article = ArticleSummary.extend({ content: z.string().describe('sanitised HTML') });
export type Article = z.infer<typeof Article>;

export const SearchHit = ArticleSummary.extend({ score: z.number() });
export type SearchHit = z.infer<typeof SearchHit>;

export const HelpSearchQuery = z.object({
  q: z
    .string({ error: 'Enter a search term' })
    .trim()
    .min(1, 'Enter a search term')
    .max(200, 'Search must be at most 200 characters'),
});
