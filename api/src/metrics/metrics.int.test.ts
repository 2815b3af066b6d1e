import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTest, startTestServer, type TestServer } from '#test/support/api.ts';
import { sample } from '#test/support/metrics.ts';

const scrape = async (url: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${url}/metrics`, { headers });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
};

describe('GET /metrics on the API server', () => {
  apiTest(
    'answers a loopback client with request latencies by route pattern, and the counts move',
    async ({ app, visitor }) => {
      const health = { method: 'GET', route: '/api/health', status: '200' };
      const before = await scrape(app.url);
      expect(before.status).toBe(200);
      expect(before.type).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(before.text).toContain('# TYPE riffline_http_request_duration_seconds histogram');
      const healthBefore = sample(before.text, 'riffline_http_request_duration_seconds_count', health);

      expect((await visitor.get('/api/health')).status).toBe(200);
      expect((await visitor.get('/api/health')).status).toBe(200);
      const id = randomUUID();
      expect((await visitor.get(`/api/releases/${id}`)).status).toBe(401);
      expect((await visitor.get(`/api/no-such-route/${id}`)).status).toBe(404);

      const after = (await scrape(app.url)).text;
      expect(sample(after, 'riffline_http_request_duration_seconds_count', health)).toBe(healthBefore + 2);
      expect(sample(after, 'riffline_http_request_duration_seconds_bucket', { ...health, le: '+Inf' })).toBe(
        healthBefore + 2,
      );
      // The route's pattern, never the raw path: the label's values stay as few as the routes.
      expect(
        sample(after, 'riffline_http_request_duration_seconds_count', {
          method: 'GET',
          route: '/api/releases/:id',
          status: '401',
        }),
      ).toBe(1);
      expect(
        sample(after, 'riffline_http_request_duration_seconds_count', { route: '/api/*', status: '404' }),
      ).toBeGreaterThanOrEqual(1);
      expect(after).not.toContain(id);
      // The scrape before this one was timed too.
      expect(
        sample(after, 'riffline_http_request_duration_seconds_count', { route: '/metrics', status: '200' }),
      ).toBeGreaterThanOrEqual(1);
    },
  );
});

describe('GET /metrics with METRICS_TOKEN set', () => {
  let server: TestServer;
  const token = 'metrics-token-0123456789abcdef';
  beforeAll(async () => {
    server = await startTestServer({ env: { METRICS_TOKEN: token } });
  });
  afterAll(() => server?.close());

  it('asks every client, loopback included, for the bearer token', async () => {
    const missing = await scrape(server.url);
    expect(missing.status).toBe(401);
    expect(JSON.parse(missing.text)).toEqual({ message: 'Unauthorized' });
    expect((await scrape(server.url, { authorization: `Bearer ${token}x` })).status).toBe(401);
    const allowed = await scrape(server.url, { authorization: `Bearer ${token}` });
    expect(allowed.status).toBe(200);
    expect(allowed.text).toContain('riffline_http_request_duration_seconds');
  });
});

describe('GET /metrics without a token, behind a proxy', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY_HOPS: '1' } });
  });
  afterAll(() => server?.close());

  it('is not there for a client on another machine; the proxy host itself may read it', async () => {
    const remote = await scrape(server.url, { 'x-forwarded-for': '203.0.113.7' });
    expect(remote.status).toBe(404);
    expect(JSON.parse(remote.text)).toEqual({ message: 'Not Found' });
    expect((await scrape(server.url)).status).toBe(200);
  });
});
