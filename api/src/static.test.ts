import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http, { type Server } from 'node:http';
import zlib from 'node:zlib';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../bin/precompress.ts';
import { artistAppPaths } from '@riffline/contracts';
import { builtWebApps, serveWebApps } from './static.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'riffline-static-'));
const bigScript = Array.from({ length: 400 }, (_, i) => `export const value${i} = ${i};`).join('\n');
let server: Server;
let base: string;

function write(file: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
}

beforeAll(async () => {
  write('artist/index.html', '<h1>artist</h1>');
  write('artist/assets/app-abc.js', 'console.log(1)');
  write('admin/index.html', '<h1>admin</h1>');
  write('secret.txt', 'not served');
  write('artist/assets/big-abc.js', bigScript);
  precompress(path.join(root, 'artist'));
  const app = new Koa();
  // The apps as served, from the folders written here.
  const dist: Record<string, string> = { '/admin': path.join(root, 'admin'), '': path.join(root, 'artist') };
  app.use(serveWebApps(builtWebApps.map((webApp) => ({ ...webApp, dist: dist[webApp.prefix]! }))));
  server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => {
  server?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const get = async (p: string) => {
  const res = await fetch(base + p);
  return { status: res.status, text: await res.text(), cache: res.headers.get('cache-control') };
};

describe('serving the built web apps', () => {
  it('serves the artist app at / and falls back to its index.html for client routes', async () => {
    expect(await get('/')).toMatchObject({ status: 200, text: '<h1>artist</h1>' });
    expect(await get('/releases')).toMatchObject({
      status: 200,
      text: '<h1>artist</h1>',
      cache: 'no-cache',
    });
  });

  it("answers 200 on each of the artist app's pages and 404 elsewhere, with the app (its Page Not Found)", async () => {
    const pages = artistAppPaths.map((p) => p.replace(':category', 'getting-started').replace(':id', 'x'));
    expect(pages).toContain('/articles/getting-started/x');
    for (const page of [...pages, '/articles/x/y', '/about/', '/apply?step=2']) {
      expect(await get(page), page).toMatchObject({ status: 200, text: '<h1>artist</h1>' });
    }
    for (const unknown of ['/nowhere', '/releases/123', '/articles', '/articles/x/y/z', '/about/us']) {
      expect(await get(unknown), unknown).toMatchObject({
        status: 404,
        text: '<h1>artist</h1>',
        cache: 'no-cache',
      });
    }
    expect((await get('/assets/missing-abc.js')).status).toBe(404);
  });

  it('serves hashed assets as immutable', async () => {
    const asset = await get('/assets/app-abc.js');
    expect(asset).toMatchObject({ status: 200, text: 'console.log(1)' });
    expect(asset.cache).toContain('immutable');
  });

  it('serves the admin console under /admin', async () => {
    expect(await get('/admin')).toMatchObject({ status: 200, text: '<h1>admin</h1>' });
    expect(await get('/admin/users/1')).toMatchObject({ status: 200, text: '<h1>admin</h1>' });
    // The console's routes are its resources, known only in the browser (its own Not Found shows there).
    expect(await get('/admin/anything')).toMatchObject({ status: 200, text: '<h1>admin</h1>' });
  });

  it('never serves files outside the app folders and leaves /api alone', async () => {
    expect((await get('/../secret.txt')).text).not.toContain('not served');
    expect((await get('/%2e%2e/secret.txt')).text).not.toContain('not served');
    expect((await get('/api/anything')).status).toBe(404);
  });

  it('sends the build-time brotli or gzip copy to a browser that accepts it, else the file', async () => {
    // Raw bytes as they travel (fetch would decode them).
    const raw = (p: string, acceptEncoding?: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
        http
          .get(base + p, { headers }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
    expect(fs.existsSync(path.join(root, 'artist/assets/big-abc.js.br'))).toBe(true);
    expect(fs.existsSync(path.join(root, 'artist/assets/app-abc.js.br'))).toBe(false); // too small to bother

    const br = await raw('/assets/big-abc.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(br.body.length).toBeLessThan(bigScript.length / 4);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(bigScript);

    const gz = await raw('/assets/big-abc.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(bigScript);

    const plain = await raw('/assets/big-abc.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(bigScript);
  });

  it("asks a signed-in browser's `/` to preload the dashboard's figures, and nobody else's page", async () => {
    const link = async (p: string, cookie?: string) =>
      (await fetch(base + p, { headers: cookie ? { cookie } : {} })).headers.get('link');
    const preloads = (await link('/', 'riffline.sid=abc; riffline.sid.sig=def'))?.split(', ');
    expect(preloads).toEqual(
      [
        '/api/user/coins',
        '/api/releases?limit=200',
        '/api/analytics?days=30',
        '/api/dashboard/growth',
        '/api/royalties',
      ].map((url) => `<${url}>; rel=preload; as=fetch; crossorigin=use-credentials`),
    );
    expect(await link('/')).toBeNull();
    expect(await link('/releases', 'riffline.sid=abc')).toBeNull();
    expect(await link('/admin', 'riffline.sid=abc')).toBeNull();
  });
});
