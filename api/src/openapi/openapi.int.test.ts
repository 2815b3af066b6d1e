import { describe, expect } from 'vitest';
import { apiTest } from '#test/support/api.ts';

interface Doc {
  openapi: string;
  paths: Record<string, Record<string, { summary: string; responses: Record<string, unknown> }>>;
}

describe('the OpenAPI document', () => {
  apiTest('lists exactly the routes the router serves', async ({ app }) => {
    const res = await fetch(`${app.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as Doc;
    expect(doc.openapi).toBe('3.1.0');
    const documented = Object.entries(doc.paths)
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    const served = app.router.stack
      .flatMap((layer) =>
        layer.methods
          .filter((m) => m !== 'HEAD')
          .map((m) => `${m} ${String(layer.path).replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`),
      )
      .sort();
    expect(served.length).toBeGreaterThan(20);
    expect(documented).toEqual(served);
  });

  apiTest('documents bodies, parameters and the error answers of each audience', async ({ app }) => {
    const doc = (await (await fetch(`${app.url}/api/openapi.json`)).json()) as Doc;
    const apply = doc.paths['/api/applications']!.post as unknown as {
      requestBody: { content: { 'application/json': { schema: { properties: Record<string, unknown> } } } };
      responses: Record<string, unknown>;
    };
    expect(Object.keys(apply.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['legalName', 'artistName', 'age', 'genre', 'instagram', 'youtube']),
    );
    expect(Object.keys(apply.responses).join(' ')).toBe('201 400 401 403 409 413 415 429 4XX default');
    const review = doc.paths['/api/admin/applications/{id}']!.patch!;
    expect(Object.keys(review.responses).join(' ')).toBe('200 400 401 403 404 409 413 415 4XX default');
  });

  apiTest('has a readable docs page', async ({ app }) => {
    const res = await fetch(`${app.url}/api/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('Riffline API');
    expect(html).toContain('/api/admin/applications/{id}');
  });
});
