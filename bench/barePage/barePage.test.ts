import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBarePage, serveBarePage } from './barePage.ts';

let dist: string;
let server: Awaited<ReturnType<typeof serveBarePage>>;
let script: string;

beforeAll(async () => {
  dist = await buildBarePage();
  server = await serveBarePage(dist);
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string; isEntry?: boolean }
  >;
  script = `/${manifest['index.html']!.file}`;
});
afterAll(async () => {
  await server?.close();
  if (dist) fs.rmSync(dist, { recursive: true, force: true });
});

/** A GET as a browser sends it, the body as it came (not decompressed, unlike fetch's). */
function get(pathname: string, acceptEncoding?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const req = http.get(
        new URL(pathname, server.url),
        { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        },
      );
      req.on('error', reject);
    },
  );
}

describe('the bare page', () => {
  it("is React's production build, as the apps get it, even under Vitest's NODE_ENV", () => {
    expect(process.env.NODE_ENV).toBe('test');
    const code = fs.readFileSync(path.join(dist, script), 'utf8');
    expect(code.includes('A bare React page')).toBe(true);
    // The development build's JSX calls and React's development warnings.
    expect(code.includes('jsxDEV')).toBe(false);
    expect(code.includes('is deprecated in plain JavaScript React classes')).toBe(false);
    expect(fs.existsSync(path.join(dist, `${script}.br`))).toBe(true);
    expect(fs.existsSync(path.join(dist, `${script}.gz`))).toBe(true);
  });

  it('is served at / with its script tag, never cached without asking', async () => {
    const res = await get('/', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body.toString()).toContain(`src="${script}"`);
  });

  it('sends the precompressed script a browser accepts, brotli first, immutable', async () => {
    const file = path.join(dist, script);
    const brotli = await get(script, 'gzip, deflate, br, zstd');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.body.equals(fs.readFileSync(`${file}.br`))).toBe(true);
    expect(brotli.headers['cache-control']).toBe('max-age=31536000,immutable');
    expect(brotli.headers.vary).toBe('Accept-Encoding');
    expect(brotli.headers['content-type']).toBe('text/javascript; charset=utf-8');
    const gzip = await get(script, 'gzip, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body.equals(fs.readFileSync(`${file}.gz`))).toBe(true);
    const plain = await get(script);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(fs.readFileSync(file))).toBe(true);
  });
});
