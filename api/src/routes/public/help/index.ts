import {
  Article,
  ArticleSummary,
  HelpCategory,
  HelpCategoryDetail,
  HelpSearchQuery,
  SearchHit,
} from '@riffline/contracts';
import { z } from 'zod';
import { NotFoundError } from '../../../errors.ts';
import {
  findArticle,
  findCategory,
  listCategories,
  popularArticles,
  searchArticles,
} from '../../../help/helpCenter.ts';
import { defineRoute } from '../../route.ts';

const tag = 'Help center';
const slug = z.string().trim().max(100, 'Not found');

export const helpRoutes = [
  defineRoute({
    method: 'get',
    path: '/help/categories',
    summary: 'The help-center categories',
    tag,
    audience: 'public',
    response: z.array(HelpCategory),
    handler: () => listCategories(),
  }),
  defineRoute({
    method: 'get',
    path: '/help/categories/:slug',
    summary: "A category and its articles (404 'Category Not Found')",
    tag,
    audience: 'public',
    request: z.object({ params: z.object({ slug }) }),
    response: HelpCategoryDetail,
    handler: (ctx) => {
      const category = findCategory(ctx.state.input.params.slug);
      if (!category) throw NotFoundError('Category Not Found');
      return category;
    },
  }),
  defineRoute({
    method: 'get',
    path: '/help/articles/popular',
    summary: 'The popular articles shown on the Support page',
    tag,
    audience: 'public',
    response: z.array(ArticleSummary),
    handler: () => popularArticles(),
  }),
  defineRoute({
    method: 'get',
    path: '/help/articles/:id',
    summary: "An article with its sanitised HTML (404 'Article Not Found')",
    tag,
    audience: 'public',
    request: z.object({ params: z.object({ id: slug }) }),
    response: Article,
    handler: (ctx) => {
      const article = findArticle(ctx.state.input.params.id);
      if (!article) throw NotFoundError('Article Not Found');
      return article;
    },
  }),
  defineRoute({
    method: 'get',
    path: '/help/search',
    summary: 'Search the articles; best matches first (title over excerpt over body)',
    tag,
    audience: 'public',
    request: z.object({ query: HelpSearchQuery }),
    response: z.array(SearchHit),
    handler: (ctx) => searchArticles(ctx.state.input.query.q),
  }),
];
