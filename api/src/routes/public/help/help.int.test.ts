import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitor } from '../../../../../test/support/actors.ts';
import { startTestServer, type TestServer } from '../../../../../test/support/api.ts';

let app: TestServer;
beforeAll(async () => {
  app = await startTestServer();
});
afterAll(async () => {
  await app?.close();
});

describe('help center API (anyone may read)', () => {
  it('GET /api/help/categories', async () => {
    const res = await visitor(app).get('/api/help/categories');
    expect(res.status).toBe(200);
    expect(res.json<Array<{ slug: string }>>().map((c) => c.slug)).toEqual([
      'getting-started',
      'uploading-music',
      'royalties-payments',
    ]);
  });

  it("GET /api/help/categories/:slug, 404 'Category Not Found'", async () => {
    const res = await visitor(app).get('/api/help/categories/royalties-payments');
    expect(res.json()).toMatchObject({ title: 'Royalties & Payments', articles: expect.any(Array) });
    const missing = await visitor(app).get('/api/help/categories/nope');
    expect(missing.status).toBe(404);
    expect(missing.json()).toEqual({ message: 'Category Not Found' });
  });

  it("GET /api/help/articles/:id, 404 'Article Not Found'", async () => {
    const res = await visitor(app).get('/api/help/articles/preparing-artwork');
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({
      id: 'preparing-artwork',
      category: 'uploading-music',
      content: expect.stringContaining('<'),
    });
    const missing = await visitor(app).get('/api/help/articles/nope');
    expect(missing.status).toBe(404);
    expect(missing.json()).toEqual({ message: 'Article Not Found' });
  });

  it('GET /api/help/articles/popular', async () => {
    expect((await visitor(app).get('/api/help/articles/popular')).json()).toHaveLength(3);
  });

  it("GET /api/help/search ranks results; 400 'Enter a search term' without one", async () => {
    const res = await visitor(app).get('/api/help/search?q=audio%20file');
    expect(res.status).toBe(200);
    expect(res.json<Array<{ id: string }>>()[0]?.id).toBe('audio-file-requirements');
    const empty = await visitor(app).get('/api/help/search?q=%20');
    expect(empty.status).toBe(400);
    expect(empty.json()).toMatchObject({ message: 'Enter a search term' });
    expect((await visitor(app).get('/api/help/search')).json()).toMatchObject({
      message: 'Enter a search term',
    });
  });
});
