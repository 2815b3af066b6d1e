/**
 * Findings of the attacker's probe (issue 9) at the level of the whole app: client addresses, an
 * unreachable database, bodies that do not decode, and personal answers kept out of caches.
 */
import { gzipSync } from 'node:zlib';
import { describe, expect, inject } from 'vitest';
import { connect, loadConfig, Release } from '@riffline/db';
import { actor, visitor as anonymous } from '#test/support/actors.ts';
import { apiTest, productionEnv, startTestServer } from '#test/support/api.ts';
import { unique } from '#test/support/db.ts';
import { validReleaseBody } from '#test/support/factories.ts';
import { startTcpProxy } from '#test/support/tcpProxy.ts';

const contact = (n: number) => ({
  name: 'Probe',
  email: `${unique('probe')}@example.test`,
  subject: `Message ${n}`,
  message: 'Hello from the probe, at least ten characters.',
});

async function postContact(url: string, headers: Record<string, string>, n: number) {
  return fetch(`${url}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url, ...headers },
    body: JSON.stringify(contact(n)),
  });
}

describe('the client address of per-address limits', () => {
  apiTest(
    'is the socket address: a made-up X-Forwarded-For does not get a new allowance',
    async ({ app }) => {
      // POST /api/contact allows 5 per 10 minutes per address.
      const statuses = [];
      for (let n = 1; n <= 6; n++) {
        statuses.push((await postContact(app.url, { 'x-forwarded-for': `203.0.113.${n}` }, n)).status);
      }
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    },
  );

  apiTest('in production too, unless proxies are configured', async ({ db }) => {
    const server = await startTestServer({ db, keepDb: true, env: productionEnv() });
    try {
      const statuses = [];
      for (let n = 1; n <= 6; n++) {
        statuses.push((await postContact(server.url, { 'x-forwarded-for': `198.51.100.${n}` }, n)).status);
      }
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await server.close();
    }
  });

  apiTest(
    'with TRUST_PROXY_HOPS=1 is the entry the proxy added, not what the client wrote',
    async ({ db }) => {
      const server = await startTestServer({ db, keepDb: true, env: { TRUST_PROXY_HOPS: '1' } });
      try {
        const spoofed = [];
        for (let n = 1; n <= 6; n++) {
          // The client wrote the first entry; our proxy appended the real address.
          spoofed.push(
            (await postContact(server.url, { 'x-forwarded-for': `10.9.9.${n}, 192.0.2.10` }, n)).status,
          );
        }
        expect(spoofed).toEqual([201, 201, 201, 201, 201, 429]);
        // Another client behind the same proxy has an allowance of its own.
        expect((await postContact(server.url, { 'x-forwarded-for': '192.0.2.11' }, 7)).status).toBe(201);
      } finally {
        await server.close();
      }
    },
  );
});

describe('a database that cannot be reached', () => {
  const url = inject('databaseUrl');
  apiTest.skipIf(!url)('answers 503 with Retry-After, and recovers when it is back', async () => {
    const target = new URL(url!);
    const proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    const viaProxy = new URL(url!);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const fragile = connect(
      loadConfig({ NODE_ENV: 'test', DATABASE_URL: viaProxy.toString(), DATABASE_POOL_MAX: '2' }),
    );
    const server = await startTestServer({ db: fragile, keepDb: true });
    const subscribe = () =>
      fetch(`${server.url}/api/newsletter`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ email: `${unique('fan')}@example.test` }),
      });
    try {
      expect((await subscribe()).status).toBe(201);
      await proxy.cut();
      const down = await subscribe();
      expect(down.status).toBe(503);
      expect(down.headers.get('retry-after')).toBe('5');
      const body = (await down.json()) as { message: string };
      expect(body).toEqual({ message: 'Riffline is briefly unavailable. Please try again in a moment.' });
      const health = await fetch(`${server.url}/api/health`);
      expect(health.status).toBe(503);
      const report = (await health.json()) as Record<string, string>;
      expect(report.db).toBe('error');
      expect(JSON.stringify(report)).not.toMatch(/ECONN|127\.0\.0\.1|terminated|timeout/i);
      await proxy.restore();
      let back = 0;
      for (let attempt = 0; attempt < 20 && back !== 201; attempt++) back = (await subscribe()).status;
      expect(back).toBe(201);
    } finally {
      await server.close();
      await fragile.destroy();
      await proxy.close();
    }
  });
});

describe('request bodies', () => {
  apiTest('labelled gzip but not gzip: 400', async ({ app }) => {
    const res = await fetch(`${app.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', origin: app.url },
      body: JSON.stringify(contact(1)),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'The request body could not be decoded' });
  });

  apiTest('really gzipped: accepted', async ({ app }) => {
    const res = await fetch(`${app.url}/api/newsletter`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', origin: app.url },
      body: gzipSync(JSON.stringify({ email: `${unique('gz')}@example.test` })),
    });
    expect(res.status).toBe(201);
  });
});

describe('personal answers', () => {
  apiTest('are never stored by a browser or a proxy', async ({ approvedArtist, admin }) => {
    for (const path of [
      '/api/auth/user',
      '/api/applications/mine',
      '/api/support-tickets',
      '/api/user/coins',
    ]) {
      const res = await approvedArtist.get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
    for (const path of [
      '/api/admin/stats',
      '/api/admin/users',
      '/api/admin/applications',
      '/api/admin/tickets',
    ]) {
      const res = await admin.get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
  });
});

describe('a character XML 1.0 cannot carry (U+FFFF, U+FFFE) or another non-character', () => {
  apiTest(
    'is refused in every text that reaches an export, with 400 naming the field, and nothing is written',
    async ({ db, approvedArtist }) => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ title: 'Night \uFFFF Drive' }, 'Title contains characters that are not allowed'],
        [{ artist: 'Maya\uFFFE' }, 'Artist contains characters that are not allowed'],
        [{ copyrightHolder: 'Zoë\uFDD0' }, 'Copyright holder contains characters that are not allowed'],
        [
          { tracks: [{ title: 'Rain \u{10FFFF}', primaryArtists: ['Maya R'] }] },
          'Track title contains characters that are not allowed',
        ],
        [
          { tracks: [{ title: 'Rain', primaryArtists: ['Maya R'], composer: 'A\uFFFF' }] },
          'Composer contains characters that are not allowed',
        ],
      ];
      for (const [change, message] of cases) {
        const res = await approvedArtist.send('POST', '/api/releases', validReleaseBody(change));
        expect(res.status, message).toBe(400);
        expect(res.json<{ message: string }>().message).toBe(message);
      }
      expect(await Release.query(db).where({ userId: approvedArtist.user.id })).toEqual([]);
    },
  );
});

describe('a NUL byte or another control character in any text', () => {
  apiTest('is refused with 400 naming the field, and nothing is written', async ({ db }) => {
    // A server of its own: the contact allowance of this address is spent by the tests above.
    const app = await startTestServer({ db, keepDb: true });
    const visitor = anonymous(app);
    const admin = await actor(app, db, 'admin');
    try {
      const before = await db('contact_messages').count({ n: '*' }).first();
      const named = await visitor.send('POST', '/api/contact', { ...contact(1), name: 'Pro\u0000be' });
      expect(named.status).toBe(400);
      expect(named.json<{ message: string }>().message).toBe('Name contains characters that are not allowed');
      const message = await visitor.send('POST', '/api/contact', {
        ...contact(2),
        message: 'Hello\u0007 there, friend',
      });
      expect(message.json<{ message: string }>().message).toBe(
        'Message contains characters that are not allowed',
      );
      const surrogate = await visitor.send('POST', '/api/contact', { ...contact(3), subject: 'Hi \ud800' });
      expect(surrogate.json<{ message: string }>().message).toBe(
        'Subject contains characters that are not allowed',
      );
      expect(await db('contact_messages').count({ n: '*' }).first()).toEqual(before);

      const email = await visitor.send('POST', '/api/newsletter', { email: 'fan\u0000@example.test' });
      expect(email.status).toBe(400);
      expect(email.json<{ message: string }>().message).toBe('Invalid email address');

      const login = await fetch(`${app.url}/api/login?returnTo=%2Fhome%00`, { redirect: 'manual' });
      expect(login.status).toBe(400);
      expect(((await login.json()) as { message: string }).message).toBe(
        'returnTo must be a path on this site',
      );

      const search = await admin.get('/api/admin/users?filter=' + encodeURIComponent('{"q":"a\\u0000b"}'));
      expect(search.status).toBe(400);
      expect(search.json<{ message: string }>().message).toBe(
        'filter.q contains characters that are not allowed',
      );
    } finally {
      await app.close();
    }
  });
});

describe('the production shape on plain http (docker-compose.yml: PUBLIC_URL http://localhost:3000)', () => {
  apiTest(
    'signs in: no Secure cookie a plain-http request cannot carry, no upgrade of the sign-in form to https',
    async ({ db }) => {
      const server = await startTestServer({ db, keepDb: true, env: productionEnv() });
      try {
        const login = await fetch(`${server.url}/api/login`, { redirect: 'manual' });
        expect(login.status).toBe(302);
        expect(login.headers.getSetCookie().join('\n')).not.toMatch(/;\s*secure/i);
        const headers = (await fetch(`${server.url}/api/health`)).headers;
        expect(headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
        expect(headers.get('strict-transport-security')).toBeNull();
        // Through the embedded provider's own pages, as a person signs in.
        const person = await actor(server, db, 'approved');
        expect((await person.get('/api/auth/user')).status).toBe(200);
      } finally {
        await server.close();
      }
    },
  );

  apiTest('on https: Secure cookies, HSTS and upgrade-insecure-requests', async ({ db }) => {
    const server = await startTestServer({
      db,
      keepDb: true,
      env: { PUBLIC_URL: 'https://riffline.example', TRUST_PROXY_HOPS: '1' },
    });
    try {
      const headers = (await fetch(`${server.url}/api/health`)).headers;
      expect(headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
      expect(headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await server.close();
    }
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://db/riffline',
        PUBLIC_URL: 'https://riffline.example',
        SESSION_KEYS: 'k'.repeat(40),
        DELIVERY_CREDENTIALS_KEY: 'd'.repeat(40),
        OIDC_ALLOW_EMBEDDED_IN_PRODUCTION: 'true',
      }),
    ).toThrow('TRUST_PROXY_HOPS: must be at least 1 when PUBLIC_URL is https');
  });
});
