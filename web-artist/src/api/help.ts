import { queryOptions } from '@tanstack/react-query';
import type {
  Article,
  ArticleSummary,
  HelpCategory,
  HelpCategoryDetail,
  SearchHit,
} from '@riffline/contracts';
import { api } from './client.ts';

export const categoriesQuery = queryOptions({
  queryKey: ['help', 'categories'],
  queryFn: () => api<HelpCategory[]>('/api/help/categories'),
});

export const categoryQuery = (slug: string) =>
  queryOptions({
    queryKey: ['help', 'category', { slug }],
    queryFn: () => api<HelpCategoryDetail>(`/api/help/categories/${encodeURIComponent(slug)}`),
  });

export const articleQuery = (id: string) =>
  queryOptions({
    queryKey: ['help', 'article', { id }],
    queryFn: () => api<Article>(`/api/help/articles/${encodeURIComponent(id)}`),
  });

export const popularQuery = queryOptions({
  queryKey: ['help', 'popular'],
  queryFn: () => api<ArticleSummary[]>('/api/help/articles/popular'),
});

export const searchQuery = (q: string) =>
  queryOptions({
    queryKey: ['help', 'search', { q }],
    queryFn: () => api<SearchHit[]>(`/api/help/search?q=${encodeURIComponent(q)}`),
    enabled: q.trim().length > 0,
  });
