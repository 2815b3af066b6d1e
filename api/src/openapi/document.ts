import { z } from 'zod';
import { ErrorResponse } from '../contracts/common.ts';
import type { RouteDef } from '../routes/route.ts';

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

/** `/admin/applications/:id` → `/api/admin/applications/{id}` */
export const openApiPath = (path: string) => `/api${path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;

function parameters(def: RouteDef): JsonSchema[] {
  const shape = def.request?.shape ?? {};
  const out: JsonSchema[] = [];
  for (const location of ['params', 'query'] as const) {
    const part = shape[location];
    if (!part) continue;
    const schema = toSchema(part, 'input');
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((schema.required as string[] | undefined) ?? []);
    for (const [name, property] of Object.entries(properties)) {
      out.push({
        name,
        in: location === 'params' ? 'path' : 'query',
        required: location === 'params' || required.has(name),
        schema: property,
      });
    }
  }
  return out;
}

const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };

function responses(def: RouteDef): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (def.redirect) out['302'] = { description: 'Redirect' };
  else {
    out[String(def.status ?? 200)] = {
      description: def.list ? 'A page of rows; `Content-Range: <resource> <start>-<end>/<total>`' : 'Success',
      ...(def.response
        ? { content: { 'application/json': { schema: toSchema(def.response, 'output') } } }
        : {}),
    };
  }
  if (def.request)
    out['400'] = { description: 'Invalid input: `message` names the first problem', content: errorContent };
  if (def.audience !== 'public') out['401'] = { description: 'Not signed in', content: errorContent };
  if (def.audience === 'approved' || def.audience === 'admin') {
    out['403'] = { description: 'Not allowed', content: errorContent };
  }
  if (def.rateLimit) out['429'] = { description: 'Too many requests', content: errorContent };
  return out;
}

/** OpenAPI 3.1, generated from the routes' own zod schemas. */
export function openApiDocument(routes: RouteDef[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const def of routes) {
    const body = def.request?.shape.body;
    (paths[openApiPath(def.path)] ??= {})[def.method] = {
      summary: def.summary,
      tags: [def.tag],
      operationId: `${def.method}${def.path.replace(/[/:]+(\w)/g, (_, c: string) => c.toUpperCase())}`,
      ...(def.audience !== 'public' ? { security: [{ session: [] }] } : {}),
      'x-audience': def.audience,
      parameters: parameters(def),
      ...(body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: toSchema(body, 'input') } },
            },
          }
        : {}),
      responses: responses(def),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Riffline API',
      version: '1.0.0',
      description:
        'Music distribution for independent artists. State-changing requests must be same-origin JSON; ' +
        'errors are `{message, issues?}`.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'riffline.sid' } },
      schemas: { Error: toSchema(ErrorResponse, 'output') },
    },
    paths,
  };
}
