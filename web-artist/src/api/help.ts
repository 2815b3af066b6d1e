import { queryOptions } from '@tanstack/react-query';
import { api } from './client.ts';

export interface ArticleSummary {
  id: string;
  title: string;
  excerpt: string;
  category: string;
  categoryTitle: string;
}
export interface Category {
  slug: string;
  title: string;
  description: string;
  articleCount: number;
}

export const categoriesQuery = queryOptions({
  queryKey: ['help', 'categories'],
  queryFn: () => api<Category[]>('/api/help/categories'),
});

export const categoryQuery = (slug: string) =>
  queryOptions({
    queryKey: ['help', 'category', { slug }],
    queryFn: () =>
      api<{ slug: string; title: string; description: string; articles: ArticleSummary[] }>(
        `/api/help/categories/${encodeURIComponent(slug)}`,
      ),
  });

export const articleQuery = (id: string) =>
  queryOptions({
    queryKey: ['help', 'article', { id }],
    queryFn: () => api<ArticleSummary & { content: string }>(`/api/help/articles/${encodeURIComponent(id)}`),
  });

export const popularQuery = queryOptions({
  queryKey: ['help', 'popular'],
  queryFn: () => api<ArticleSummary[]>('/api/help/articles/popular'),
});

export const searchQuery = (q: string) =>
  queryOptions({
    queryKey: ['help', 'search', { q }],
    queryFn: () =>
      api<Array<ArticleSummary & { score: number }>>(`/api/help/search?q=${encodeURIComponent(q)}`),
    enabled: q.trim().length > 0,
  });
