/**
 * A small browser for HTTP-level tests: a cookie jar (per host, path-scoped, as browsers keep them),
 * manual redirects, and the forms of a page. No shortcuts: every hop is a real request.
 */
interface Cookie {
  name: string;
  value: string;
  host: string;
  path: string;
}

export interface Page {
  url: string;
  status: number;
  headers: Headers;
  body: string;
  /** The body's bytes, for a file that is not text (a PDF). */
  bytes: Uint8Array;
  /** Every URL visited on the way, the first request included. */
  trail: string[];
  json<T = unknown>(): T;
}

export interface Form {
  action: string;
  method: string;
  fields: Record<string, string>;
}

/**
 * Where a request for a URL is really sent, and the headers added on the way: a test's stand-in for DNS
 * and a TLS-terminating proxy in front of a server on loopback. The page, its cookies and its redirects
 * stay on the URL asked for.
 */
export type Route = (url: URL) => { url: URL; headers: Record<string, string> } | undefined;

export class Browser {
  readonly cookies: Cookie[] = [];

  constructor(
    private readonly defaultHeaders: Record<string, string> = {},
    private readonly route: Route = () => undefined,
  ) {}

  cookie(name: string): string | undefined {
    return this.cookies.find((c) => c.name === name)?.value;
  }

  setCookie(name: string, value: string, url: string) {
    const { hostname } = new URL(url);
    this.store({ name, value, host: hostname, path: '/' }, false);
  }

  private store(cookie: Cookie, remove: boolean) {
    const i = this.cookies.findIndex(
      (c) => c.name === cookie.name && c.host === cookie.host && c.path === cookie.path,
    );
    if (i >= 0) this.cookies.splice(i, 1);
    if (!remove) this.cookies.push(cookie);
  }

  private remember(url: URL, headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';').map((s) => s.trim());
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      let path = '/';
      let expired = value === '';
      for (const attribute of attributes) {
        const [key, val = ''] = attribute.split('=');
        const k = key!.toLowerCase();
        if (k === 'path') path = val || '/';
        if (k === 'max-age' && Number(val) <= 0) expired = true;
        if (k === 'expires' && new Date(val).getTime() <= Date.now()) expired = true;
      }
      this.store({ name, value, host: url.hostname, path }, expired);
    }
  }

  private cookieHeader(url: URL): string {
    return this.cookies
      .filter(
        (c) =>
          c.host === url.hostname &&
          (url.pathname === c.path || url.pathname.startsWith(c.path.replace(/\/?$/, '/')) || c.path === '/'),
      )
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  /** One request, with the jar's cookies; follows redirects unless told not to. */
  async request(url: string, init: RequestInit & { follow?: boolean } = {}): Promise<Page> {
    const trail: string[] = [];
    let current = new URL(url);
    let method = init.method ?? 'GET';
    let body = init.body;
    for (let hop = 0; hop < 20; hop++) {
      trail.push(current.href);
      const headers = new Headers({ ...this.defaultHeaders, ...(init.headers as Record<string, string>) });
      const cookie = this.cookieHeader(current);
      if (cookie) headers.set('cookie', cookie);
      const routed = this.route(current);
      for (const [name, value] of Object.entries(routed?.headers ?? {})) headers.set(name, value);
      const res = await fetchRetryingStaleSocket(routed?.url ?? current, {
        method,
        body,
        headers,
        redirect: 'manual',
      });
      this.remember(current, res.headers);
      const location = res.headers.get('location');
      if (init.follow !== false && location && res.status >= 300 && res.status < 400) {
        await res.arrayBuffer();
        current = new URL(location, current);
        if (res.status !== 307 && res.status !== 308) {
          method = 'GET';
          body = undefined;
        }
        continue;
      }
      const bytes = new Uint8Array(await res.arrayBuffer());
      const text = new TextDecoder().decode(bytes);
      return {
        url: current.href,
        status: res.status,
        headers: res.headers,
        body: text,
        bytes,
        trail,
        json: <T>() => JSON.parse(text) as T,
      };
    }
    throw new Error(`too many redirects from ${url}`);
  }

  get(url: string, init: RequestInit & { follow?: boolean } = {}) {
    return this.request(url, init);
  }

  /** Submits a form as a browser would (urlencoded, Origin of the page it is on). */
  submit(
    page: Page,
    form: Form,
    values: Record<string, string> = {},
    extraHeaders: Record<string, string> = {},
  ) {
    const target = new URL(form.action || page.url, page.url);
    return this.request(target.href, {
      method: form.method.toUpperCase(),
      body: new URLSearchParams({ ...form.fields, ...values }).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: new URL(page.url).origin,
        referer: page.url,
        ...extraHeaders,
      },
    });
  }
}

/**
 * Browsers retry an idempotent request once when a kept-alive connection turns out to be closed by the
 * server (as after a restart); so does this one.
 */
async function fetchRetryingStaleSocket(url: URL, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code !== 'UND_ERR_SOCKET' || (init.method ?? 'GET') !== 'GET') throw error;
    return fetch(url, init);
  }
}

const attr = (tag: string, name: string) =>
  tag.match(new RegExp(`\\s${name}="([^"]*)"`, 'i'))?.[1]?.replace(/&amp;/g, '&') ?? '';

/** The forms of an HTML page with their fields' current values (inputs, hidden or not). */
export function formsOf(html: string): Form[] {
  const forms: Form[] = [];
  for (const match of html.matchAll(/<form\b[^>]*>([\s\S]*?)<\/form>/gi)) {
    const open = match[0].slice(0, match[0].indexOf('>') + 1);
    const fields: Record<string, string> = {};
    for (const input of match[1]!.matchAll(/<input\b[^>]*>/gi)) {
      const name = attr(input[0], 'name');
      if (name) fields[name] = attr(input[0], 'value');
    }
    forms.push({ action: attr(open, 'action'), method: attr(open, 'method') || 'get', fields });
  }
  return forms;
}

export function formOf(page: Page, index = 0): Form {
  const form = formsOf(page.body)[index];
  if (!form) throw new Error(`no form on ${page.url} (status ${page.status}):\n${page.body.slice(0, 500)}`);
  return form;
}
