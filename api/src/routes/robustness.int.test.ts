import { describe, expect } from 'vitest';
import type { z } from 'zod';
import { apiTest } from '#test/support/api.ts';
import { allRoutes } from './index.ts';

const huge = 'x'.repeat(100_000);
const oddValues: unknown[] = [
  null,
  0,
  -1,
  1e308,
  true,
  [],
  {},
  [1, 'a'],
  { nested: { deeper: [huge] } },
  huge,
  '',
  ' ',
];
const paramValues = [
  'x',
  '00000000-0000-4000-8000-000000000000',
  '%00',
  '..%2F..%2Fetc',
  'a'.repeat(3000),
  "'; drop table users; --",
];

function bodyFields(schema: z.ZodType | undefined): string[] {
  const shape = (schema as z.ZodObject | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

/** Bodies of every shape: missing, not JSON, not an object, each field with each odd value, unknown fields. */
function bodies(fields: string[]): Array<string | undefined> {
  const out: Array<string | undefined> = [
    undefined,
    '',
    '{',
    'null',
    '[]',
    '"text"',
    '42',
    '{"__proto__":{"isAdmin":true}}',
  ];
  out.push(JSON.stringify({ unknown: 'field', another: [1, 2, 3] }));
  for (const field of fields) for (const value of oddValues) out.push(JSON.stringify({ [field]: value }));
  out.push(JSON.stringify(Object.fromEntries(fields.map((f) => [f, huge]))));
  return out;
}

describe('no input makes any route answer 500', () => {
  apiTest(
    'holds for every route, as a visitor, an artist awaiting approval and an admin',
    async ({ app, visitor, artist, admin }) => {
      const callers = [visitor, artist, admin];
      const failures: string[] = [];
      let requests = 0;
      for (const def of allRoutes()) {
        const paths = def.path.includes(':')
          ? paramValues.map((v) => def.path.replace(/:[A-Za-z0-9_]+/g, v))
          : [def.path];
        const queries = [
          '',
          '?q=' + huge.slice(0, 5000),
          '?sort=[&range=[9,1]&filter={',
          '?status[]=x&q[a]=1',
          '?range=[0,1e9]',
        ];
        for (const caller of callers) {
          for (const path of paths) {
            for (const query of def.method === 'get' ? queries : ['']) {
              const payloads =
                def.method === 'get' ? [undefined] : bodies(bodyFields(def.request?.shape.body));
              for (const body of payloads) {
                requests++;
                const res =
                  def.method === 'get'
                    ? await caller.browser.get(`${app.url}/api${path}${query}`, { follow: false })
                    : await caller.send(def.method.toUpperCase(), `/api${path}${query}`, body);
                if (res.status >= 500)
                  failures.push(
                    `${def.method.toUpperCase()} ${path}${query.slice(0, 40)} ${String(body).slice(0, 80)} → ${res.status} ${res.body.slice(0, 120)}`,
                  );
              }
            }
          }
        }
      }
      expect(requests).toBeGreaterThan(1000);
      expect(failures).toEqual([]);
    },
    240_000,
  );
});
