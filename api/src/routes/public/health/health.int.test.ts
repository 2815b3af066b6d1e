import { describe, expect } from 'vitest';
import { apiTest, startTestServer } from '#test/support/api.ts';
import type { Storage } from '@riffline/db';

describe('GET /api/health', () => {
  apiTest('answers 200 with every check ok', async ({ app }) => {
    const res = await fetch(`${app.url}/api/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({ db: 'ok', events: 'ok', storage: 'ok' });
  });

  apiTest('answers 503 naming the failing part, without its error', async ({ app }) => {
    const broken: Storage = {
      ...app.deps.storage,
      check: () => Promise.reject(new Error('disk is read-only')),
    };
    const other = await startTestServer({ storage: broken, db: app.deps.db, keepDb: true });
    try {
      const res = await fetch(`${other.url}/api/health`);
      expect(res.status).toBe(503);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.json()).toEqual({ db: 'ok', events: 'ok', storage: 'error' });
    } finally {
      await other.close();
    }
  });
});

describe('the API shell', () => {
  apiTest('answers unknown routes under /api with a JSON 404', async ({ app }) => {
    const res = await fetch(`${app.url}/api/no-such-thing`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Not Found' });
  });

  apiTest('answers a malformed JSON body with a 400 the UI can show', async ({ app }) => {
    const res = await fetch(`${app.url}/api/health`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.url },
      body: '{"broken":',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'The request body is not valid JSON' });
  });

  apiTest('answers a wrong method with 405', async ({ app }) => {
    const res = await fetch(`${app.url}/api/health`, { method: 'DELETE', headers: { origin: app.url } });
    expect(res.status).toBe(405);
  });

  apiTest('sends a request id', async ({ app }) => {
    const res = await fetch(`${app.url}/api/health`);
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
