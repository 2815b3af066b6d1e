/**
 * The route fuzz's requests on the wire (test/security/fuzz.int.test.ts): JSON written exactly as meant
 * (keys such as `__proto__`, numbers JSON.stringify cannot write), percent-encoding that keeps lone
 * surrogates, and what the server reads back from it: `paramView`, `queryView` and `bodyView` reproduce
 * @koa/router's, Koa's and @koa/bodyparser's reading, so the fuzz's oracle judges what the route sees.
 */
/** JSON text written as it stands: what JSON.stringify cannot say (`1e400`, `-0`, deep nesting). */
export class Raw {
  constructor(readonly text: string) {}
}

/** A JSON object as its entries, so that keys such as `__proto__` reach the wire as own keys. */
export class Obj {
  constructor(readonly entries: ReadonlyArray<readonly [string, Wire]>) {}
}

export type Wire = null | boolean | number | string | Raw | Obj | readonly Wire[];

export function jsonText(value: Wire): string {
  if (value instanceof Raw) return value.text;
  if (value instanceof Obj) {
    return `{${value.entries.map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`).join(',')}}`;
  }
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  return JSON.stringify(value) ?? 'null';
}

export interface FuzzCase {
  /** Which generator made it: `body:field`, `query:raw`, `param` … (counted per route). */
  kind: string;
  /** Path parameters, percent-encoded into their segment when sent (lone surrogates as WTF-8 bytes). */
  params: Record<string, string>;
  /** Query pairs, percent-encoded the same way; repeated keys repeat. */
  query: ReadonlyArray<readonly [string, string]>;
  /** Appended to the query as it stands: malformed percent-encoding and separators. */
  rawQuery: string;
  /** The body exactly as sent; undefined sends none. */
  body?: string | Uint8Array;
}

const UNRESERVED = /[A-Za-z0-9\-_.~]/;

/** Percent-encodes every code unit but the unreserved ones; a lone surrogate as its WTF-8 bytes. */
export function percentEncode(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (UNRESERVED.test(ch)) {
      out += ch;
      continue;
    }
    let cp = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (cp >= 0xd800 && cp <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      cp = 0x10000 + ((cp - 0xd800) << 10) + (next - 0xdc00);
      i++;
    }
    out += utf8(cp)
      .map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`)
      .join('');
  }
  return out;
}

function utf8(cp: number): number[] {
  if (cp < 0x80) return [cp];
  if (cp < 0x800) return [0xc0 | (cp >> 6), 0x80 | (cp & 63)];
  if (cp < 0x10000) return [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63)];
  return [0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63)];
}

/** `/api/…?…` for a route path (`/admin/users/:id`) and a case. */
export function requestUrl(path: string, c: FuzzCase): string {
  const filled = path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => percentEncode(c.params[name] ?? ''));
  const search = c.query.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&') + c.rawQuery;
  return `/api${filled}${search ? `?${search}` : ''}`;
}

/** A path parameter as @koa/router decodes it: decodeURIComponent, or the raw text when that throws. */
export function paramView(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** `ctx.query` as Koa 3 reads it (koa/lib/search-params.js): URLSearchParams, repeated keys as arrays. */
export function queryView(search: string): Record<string, string | string[]> {
  const params = new URLSearchParams(search);
  const out: Record<string, string | string[]> = {};
  for (const key of params.keys()) {
    const values = params.getAll(key);
    Object.defineProperty(out, key, {
      value: values.length <= 1 ? values[0] : values,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  }
  return out;
}

/** @koa/bodyparser's `jsonLimit` in app.ts. */
export const JSON_LIMIT = 1024 * 1024;

/**
 * `ctx.request.body` as @koa/bodyparser reads a JSON body (co-body: UTF-8 with the BOM dropped, strict, so
 * only an object or array; @hapi/bourne refusing a `__proto__` key), or the status it refuses it with.
 */
export function bodyView(body: string | Uint8Array | undefined): { value: unknown } | { refused: 400 | 413 } {
  if (body === undefined) return { value: {} };
  const bytes = typeof body === 'string' ? Buffer.from(body) : Buffer.from(body);
  if (bytes.length > JSON_LIMIT) return { refused: 413 };
  const text = bytes.toString('utf8').replace(/^\ufeff/, '');
  if (!text) return { value: {} };
  if (!/^[ \t\n\r]*[[{]/.test(text)) return { refused: 400 };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { refused: 400 };
  }
  return hasProtoKey(value) ? { refused: 400 } : { value };
}

function hasProtoKey(value: unknown): boolean {
  const pending = [value];
  while (pending.length) {
    const next = pending.pop();
    if (next === null || typeof next !== 'object') continue;
    if (!Array.isArray(next) && Object.hasOwn(next, '__proto__')) return true;
    pending.push(...Object.values(next));
  }
  return false;
}
