import { defineRoute, type RouteDef } from '../routes/route.ts';
import { escapeHtml } from '../identityProvider/views.ts';
import { openApiDocument } from './document.ts';

/** GET /api/openapi.json and a plain docs page at /api/docs, both built from the route list. */
export function openApiRoutes(routes: () => RouteDef[]): RouteDef[] {
  const all = (): RouteDef[] => [...routes(), ...self];
  const self: RouteDef[] = [
    defineRoute({
      method: 'get',
      path: '/openapi.json',
      summary: 'This API as an OpenAPI 3.1 document',
      tag: 'Platform',
      audience: 'public',
      handler: () => openApiDocument(all()),
    }),
    defineRoute({
      method: 'get',
      path: '/docs',
      summary: 'Human-readable API reference',
      tag: 'Platform',
      audience: 'public',
      handler: (ctx) => {
        ctx.type = 'html';
        return docsPage(openApiDocument(all()));
      },
    }),
  ];
  return self;
}

function docsPage(doc: ReturnType<typeof openApiDocument>): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods) as Array<[string, Record<string, unknown>]>) {
      const tag = (op.tags as string[])[0]!;
      const codes = Object.keys(op.responses as object).join(' ');
      const content = (op.requestBody as { content: Record<string, { schema: unknown }> } | undefined)
        ?.content;
      const body = !content
        ? ''
        : content['application/json']
          ? `<details><summary>Request body</summary><pre>${escapeHtml(
              JSON.stringify(content['application/json'].schema, null, 2),
            )}</pre></details>`
          : `<details><summary>Request body</summary>The file itself (${escapeHtml(
              Object.keys(content).join(', '),
            )})</details>`;
      const row = `<tr><td><code>${method.toUpperCase()}</code></td><td><code>${escapeHtml(path)}</code></td><td>${escapeHtml(
        String(op.summary),
      )}${body}</td><td>${escapeHtml(String(op['x-audience']))}</td><td>${codes}</td></tr>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), row]);
    }
  }
  const sections = [...byTag.entries()]
    .map(
      ([tag, rows]) =>
        `<h2>${escapeHtml(tag)}</h2><table><thead><tr><th>Method</th><th>Path</th><th>What it does</th><th>Who</th><th>Answers</th></tr></thead><tbody>${rows.join('')}</tbody></table>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Riffline API</title><style>body{font:15px/1.5 system-ui,sans-serif;max-width:1100px;margin:2rem auto;padding:0 1rem;color:#1d1b26}
table{border-collapse:collapse;width:100%;margin-bottom:2rem}td,th{border-bottom:1px solid #e5e3ee;padding:6px 8px;text-align:left;vertical-align:top}
code{font-size:13px}pre{background:#f6f5fa;padding:8px;overflow:auto;font-size:12px}</style></head>
<body><h1>Riffline API</h1><p>${escapeHtml(doc.info.description)} The machine-readable document is at <a href="/api/openapi.json">/api/openapi.json</a>.</p>${sections}</body></html>`;
}
