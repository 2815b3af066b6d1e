import { STATUS_CODES } from 'node:http';
import { z } from 'zod';
import { ErrorResponse } from '@riffline/contracts';
import type { RouteDef } from '../routes/route.ts';
import { SESSION_COOKIE } from '../session/sessionStore.ts';

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

/** `/admin/applications/:id` → `/api/admin/applications/{id}` */
export const openApiPath = (path: string) => `/api${path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;

const pathParams = (path: string) => [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);

/** The name of the session cookie (koa-session in app.ts). */

/**
 * One line per tag, in the document's `tags`. A route with a new tag needs a line here: without one, the
 * redocly lint (redocly.test.ts) fails on `tag-description`.
 */
const tagDescriptions: Record<string, string> = {
  Platform: "Health, this API's own OpenAPI document and reference page, and the local mail outbox",
  'Sign-in': 'Sign-in at the identity provider (browser navigations), the signed-in user and their settings',
  'Help center': 'Help-center categories and articles, and a ranked search over them',
  Support: 'Support tickets of the signed-in user, the public contact form and the newsletter',
  Applications: "A user's application to become an approved Riffline artist",
  Wallet: "An approved artist's coins, royalties, payout methods and payout requests",
  Settings: "An approved artist's notification toggles (which emails they get)",
  'Admin: applications': 'Admins: review artist applications (approve or reject)',
  'Admin: tickets': 'Admins: triage, assign and close support tickets',
  'Admin: users': 'Admins: users, their roles and approval',
  'Admin: platform': 'Admins: the dashboard figures',
  Releases: "An approved artist's releases and tracks: create, edit, delete, submit for distribution, export",
  SmartLinks:
    "A release's public page at /l/{slug} (pre-saves, then the stores), its numbers, and the approved artist's own fans with their export",
  'Admin: SmartLinks':
    "Admins: every release's SmartLink with its views and clicks; disable one for abuse, or enable it again",
  Splits:
    "A release owner's split of its earnings with collaborators: versions from a sale month on, shares, and what each payee earned or has held",
  'Admin: payouts': 'Admins: payout requests (approve, decline, then processing and completed)',
  'Admin: payees':
    'Admins: the people release owners share earnings with, their invites, and what each earned or has held',
  'Admin: releases': 'Admins: review releases (approve with ISRCs and a UPC, or reject with a reason)',
  'Admin: delivery':
    "Admins: the stores' drop boxes (SFTP or S3, credentials write-only) and each release's deliveries to them",
  'Admin: exports':
    'Admins: export releases to a folder (metadata, DDEX ERN 4.3, artwork, audio links) or a .docx, built by the workers, and follow the exports',
  'Admin: events':
    'Admins: the audit trail of every domain event (who did what, when), events a consumer group failed to handle (dead letters), and their replay',
  'Admin: settings': "Admins: the platform settings (the dashboard's growth badges, the distribution fee)",
  'Admin: messages': "Admins: the contact form's messages and the newsletter's subscribers",
  'Admin: royalties': "Admins: every artist's royalty ledger rows, with their artist and release (read-only)",
  'Admin: analytics':
    'Admins: store usage across every artist (streams, downloads, revenue per release, track, store, country and day) and its summary for charts (read-only)',
  'Admin: reports':
    'Admins: store sales reports: upload a CSV, follow its import, and read the lines that matched nothing or were invalid',
  Analytics: "An approved artist's streams, downloads and store revenue from imported store reports",
  Dashboard:
    "The growth an approved artist's dashboard shows: their own against the days before, and the platform's",
  Files: 'Stored audio and artwork through the short-lived signed URLs in answers (local storage)',
  'Payment gateway':
    "Server to server: the UPI gateway's signed notifications about coin top-ups (HMAC-SHA256 of the body)",
};

function parameters(def: RouteDef): JsonSchema[] {
  const shape = def.request?.shape ?? {};
  const out: JsonSchema[] = [];
  if (def.webhook) {
    out.push({
      name: def.webhook.signatureHeader,
      in: 'header',
      required: true,
      description: '`sha256=` and the hex HMAC-SHA256 of the raw body under the shared webhook secret',
      schema: { type: 'string', pattern: '^(sha256=)?[0-9a-fA-F]{64}$' },
    });
  }
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

/**
 * The error statuses a route can answer, derived from its definition so that every route documents them
 * without saying so: 400 (it validates input), 401 (a session is needed), 403 (its audience is limited, or
 * it changes state: the same-origin check), 404 (a path parameter names something), 413 and 415 (a JSON
 * body), 429 (a rate limit), and whatever extra statuses it declares in `errors` (409, 503, …).
 */
function errorStatuses(def: RouteDef): Map<number, string> {
  const out = new Map<number, string>();
  const add = (status: number, description: string) => {
    if (!out.has(status)) out.set(status, description);
  };
  if (def.request) add(400, 'Invalid input: `message` names the first problem, `issues` every one');
  if (def.audience !== 'public') add(401, 'Not signed in');
  if (def.webhook) add(401, `Missing or invalid signature (\`${def.webhook.signatureHeader}\`)`);
  const forbidden: string[] = [];
  if (def.audience === 'admin') forbidden.push('the signed-in user is not an admin');
  if (def.audience === 'approved')
    forbidden.push('the signed-in user is not an approved artist (or an admin)');
  if (def.stepUp) {
    forbidden.push(
      'no sign-in with a second factor within the last 10 minutes (`reason`: `second_factor_required`, or `second_factor_not_enrolled`)',
    );
  }
  // A webhook is called by another server: it proves itself by its signature, not its origin.
  if (def.method !== 'get' && !def.webhook) {
    forbidden.push("a cross-site request: `Origin` (or `Referer`) is not the app's own");
  }
  if (forbidden.length) add(403, `Forbidden: ${forbidden.join('; or ')}`);
  const params = pathParams(def.path);
  if (params.length) add(404, `Not found: no such ${params.map((p) => `\`${p}\``).join(', ')}`);
  if (def.upload) {
    add(413, `The file is larger than ${def.upload.maxBytes.toLocaleString('en')} bytes`);
    add(415, 'The file is not of a type this route takes (read from its bytes)');
  }
  if (def.request?.shape.body) {
    add(413, 'Request body is too large');
    add(415, 'Request body is not JSON');
  }
  if (def.rateLimit) {
    // Validation answers first (routes/route.ts): only valid requests count towards the limit.
    add(429, 'Too many valid requests: `Retry-After` says in how many seconds to try again');
  }
  for (const status of def.errors ?? []) {
    if (!Number.isInteger(status) || status < 400 || status > 599) {
      throw new Error(`${def.method.toUpperCase()} ${def.path}: errors lists ${status}, not an error status`);
    }
    add(status, STATUS_CODES[status] ?? `Error ${status}`);
  }
  return new Map([...out.entries()].sort(([a], [b]) => a - b));
}

function responses(def: RouteDef): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (def.redirect) {
    out['302'] = {
      description: 'Redirect',
      headers: { Location: { description: 'Where the browser goes next', schema: { type: 'string' } } },
    };
  } else {
    out[String(def.status ?? 200)] = {
      description: def.list ? 'A page of rows; `Content-Range: <resource> <start>-<end>/<total>`' : 'Success',
      ...(def.response
        ? { content: { 'application/json': { schema: toSchema(def.response, 'output') } } }
        : {}),
    };
  }
  for (const [status, description] of errorStatuses(def)) {
    // A route with a response schema reports its unavailability in it (health: what is not ok).
    const content =
      status === 503 && def.response
        ? { 'application/json': { schema: toSchema(def.response, 'output') } }
        : errorContent;
    out[String(status)] = {
      description,
      ...(status === 429
        ? { headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } } }
        : {}),
      content,
    };
  }
  // Every error the API answers, listed or not (405, a body the parser refuses, …), has the same shape.
  out['4XX'] = { description: 'Any other client error', content: errorContent };
  out.default = { description: 'An unexpected failure (500)', content: errorContent };
  return out;
}

/** The file as the body, or (multipart/form-data) as the form field that carries it. */
const uploadSchema = (mediaType: string, field = 'file'): JsonSchema =>
  mediaType === 'multipart/form-data'
    ? {
        type: 'object',
        required: [field],
        properties: { [field]: { type: 'string', format: 'binary', description: 'The file' } },
      }
    : { type: 'string', format: 'binary' };

/** OpenAPI 3.1, generated from the routes' own zod schemas. */
export function openApiDocument(routes: RouteDef[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const def of routes) {
    const body = def.request?.shape.body;
    (paths[openApiPath(def.path)] ??= {})[def.method] = {
      summary: def.summary,
      tags: [def.tag],
      operationId: `${def.method}${def.path.replace(/[/:]+(\w)/g, (_, c: string) => c.toUpperCase())}`,
      // Public operations say so: an empty list is "no credentials needed".
      security: def.audience === 'public' ? [] : [{ session: [] }],
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
      ...(def.upload
        ? {
            requestBody: {
              required: true,
              description: `The file itself, at most ${def.upload.maxBytes.toLocaleString('en')} bytes`,
              content: Object.fromEntries(
                def.upload.mediaTypes.map((type) => [
                  type,
                  { schema: uploadSchema(type, def.upload!.field) },
                ]),
              ),
            },
          }
        : {}),
      responses: responses(def),
    };
  }
  const tags = [...new Set(routes.map((def) => def.tag))].map((name) => ({
    name,
    ...(tagDescriptions[name] ? { description: tagDescriptions[name] } : {}),
  }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Riffline API',
      version: '1.0.0',
      description:
        'Music distribution for independent artists. State-changing requests must be same-origin JSON; ' +
        'errors are `{message, issues?}`.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Riffline-Proprietary' },
    },
    servers: [{ url: '/', description: 'The Riffline deployment serving this document' }],
    tags,
    components: {
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: `The signed session cookie \`${SESSION_COOKIE}\` (with its \`${SESSION_COOKIE}.sig\`), set by signing in at GET /api/login`,
        },
      },
      schemas: { Error: toSchema(ErrorResponse, 'output') },
    },
    paths,
  };
}
