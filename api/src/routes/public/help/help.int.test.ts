import { describe, expect } from 'vitest';
import { apiTest } from '#test/support/api.ts';

describe('help center API (anyone may read)', () => {
  apiTest('GET /api/help/categories', async ({ visitor }) => {
    const res = await visitor.get('/api/help/categories');
    expect(res.status).toBe(200);
    expect(res.json<Array<{ slug: string }>>().map((c) => c.slug)).toEqual([
      'getting-started',
      'uploading-music',
      'royalties-payments',
    ]);
  });

  apiTest("GET /api/help/categories/:slug, 404 'Category Not Found'", async ({ visitor }) => {
    const res = await visitor.get('/api/help/categories/royalties-payments');
    expect(res.json()).toMatchObject({ title: 'Royalties & Payments', articles: expect.any(Array) });
    const missing = await visitor.get('/api/help/categories/nope');
    expect(missing.status).toBe(404);
    expect(missing.json()).toEqual({ message: 'Category Not Found' });
  });

  apiTest("GET /api/help/articles/:id, 404 'Article Not Found'", async ({ visitor }) => {
    const res = await visitor.get('/api/help/articles/preparing-artwork');
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({
      id: 'preparing-artwork',
      category: 'uploading-music',
      content: expect.stringContaining('<'),
    });
    const missing = await visitor.get('/api/help/articles/nope');
    expect(missing.status).toBe(404);
    expect(missing.json()).toEqual({ message: 'Article Not Found' });
  });

  apiTest('GET /api/help/articles/popular', async ({ visitor }) => {
    expect((await visitor.get('/api/help/articles/popular')).json()).toHaveLength(3);
  });

  apiTest(
    "GET /api/help/search ranks results; 400 'Enter a search term' without one",
    async ({ visitor }) => {
      const res = await visitor.get('/api/help/search?q=audio%20file');
      expect(res.status).toBe(200);
      expect(res.json<Array<{ id: string }>>()[0]?.id).toBe('audio-file-requirements');
      const empty = await visitor.get('/api/help/search?q=%20');
      expect(empty.status).toBe(400);
      expect(empty.json()).toMatchObject({ message: 'Enter a search term' });
      expect((await visitor.get('/api/help/search')).json()).toMatchObject({
        message: 'Enter a search term',
      });
    },
  );
});
