import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { defineRoute, type RouteDef } from '../routes/route.ts';
import { openApiDocument } from './document.ts';

interface Operation {
  security: Array<Record<string, string[]>>;
  responses: Record<string, { content?: { 'application/json': { schema: unknown } } }>;
}

const handler = () => undefined;
const operation = (def: RouteDef): Operation => {
  const doc = openApiDocument([def]);
  return Object.values(Object.values(doc.paths)[0]!)[0] as Operation;
};
const codes = (def: RouteDef) => Object.keys(operation(def).responses);

describe('the OpenAPI document derives security and error answers from each route definition', () => {
  it('gives a public, input-free read only its success and the catch-alls, and no security', () => {
    const def = defineRoute({
      method: 'get',
      path: '/things',
      summary: 's',
      tag: 't',
      audience: 'public',
      handler,
    });
    expect(codes(def)).toEqual(['200', '4XX', 'default']);
    expect(operation(def).security).toEqual([]);
  });

  it('asks every other audience for the session cookie and answers 401 without it', () => {
    for (const audience of ['user', 'approved', 'admin'] as const) {
      const def = defineRoute({ method: 'get', path: '/things', summary: 's', tag: 't', audience, handler });
      expect(operation(def).security).toEqual([{ session: [] }]);
      expect(codes(def)).toContain('401');
      expect(codes(def).includes('403')).toBe(audience !== 'user');
    }
    const doc = openApiDocument([]);
    expect(doc.components.securitySchemes.session).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'riffline.sid',
    });
  });

  it('adds 400, 403, 404, 413, 415, 429 and declared extras where the definition implies them', () => {
    const def = defineRoute({
      method: 'patch',
      path: '/things/:id',
      summary: 's',
      tag: 't',
      audience: 'user',
      request: z.object({ params: z.object({ id: z.uuid() }), body: z.object({ name: z.string() }) }),
      rateLimit: { name: 'things', limit: 1, windowMs: 1000 },
      errors: [409],
      handler,
    });
    // 403 although any signed-in user may call it: every state-changing method has the same-origin check.
    expect(codes(def).join(' ')).toBe('200 400 401 403 404 409 413 415 429 4XX default');
    const { responses } = operation(def);
    for (const status of ['400', '403', '404', '409', '413', '415', '429', '4XX', 'default']) {
      expect(responses[status]!.content!['application/json'].schema).toEqual({
        $ref: '#/components/schemas/Error',
      });
    }
  });

  it('documents a redirect as 302, and refuses an extra status that is not an error', () => {
    const redirect = defineRoute({
      method: 'get',
      path: '/go',
      summary: 's',
      tag: 't',
      audience: 'public',
      redirect: true,
      handler,
    });
    expect(codes(redirect)).toEqual(['302', '4XX', 'default']);
    expect(() => operation({ ...redirect, errors: [201] })).toThrow(/not an error status/);
  });

  it('documents a webhook: its signature header and 401, no session, no same-origin 403', () => {
    const def = defineRoute({
      method: 'post',
      path: '/hooks',
      summary: 's',
      tag: 't',
      audience: 'public',
      webhook: { signatureHeader: 'X-Signature' },
      request: z.object({ body: z.object({ id: z.string() }) }),
      handler,
    });
    expect(codes(def).join(' ')).toBe('200 400 401 413 415 4XX default');
    expect(operation(def).security).toEqual([]);
    const { parameters } = Object.values(Object.values(openApiDocument([def]).paths)[0]!)[0] as {
      parameters: Array<Record<string, unknown>>;
    };
    expect(parameters).toEqual([
      expect.objectContaining({ name: 'X-Signature', in: 'header', required: true }),
    ]);
  });
});
