/** Sessions the sign-in routes leave behind, and who can end one (issue 9). */
import { describe, expect } from 'vitest';
import { PENDING_SIGN_IN_MS } from '@riffline/contracts';
import { apiTest } from '#test/support/api.ts';
import { Browser, formOf } from '#test/support/browser.ts';
import { newPerson, signOut, signUp } from '#test/support/signIn.ts';

const sidOf = (setCookie: string[]) =>
  setCookie.map((c) => /^riffline\.sid=([^;]+)/.exec(c)?.[1]).find(Boolean) ?? null;

describe('GET /api/login', () => {
  apiTest(
    'gives an anonymous visitor a pending sign-in that lives minutes, not the sign-in lifetime',
    async ({ app, db }) => {
      const res = await fetch(`${app.url}/api/login`, { redirect: 'manual' });
      expect(res.status).toBe(302);
      const sid = sidOf(res.headers.getSetCookie());
      expect(sid).toBeTruthy();
      const row = await db('sessions').where({ sid }).first();
      expect(row).toBeTruthy();
      const lifetime = new Date(row.expire).getTime() - Date.now();
      expect(lifetime).toBeGreaterThan(0);
      // koa-session keeps a stored session 10 s past its cookie.
      expect(lifetime).toBeLessThanOrEqual(PENDING_SIGN_IN_MS + 15_000);
    },
  );

  apiTest('a finished sign-in gets the full lifetime again', async ({ app, db }) => {
    const browser = new Browser();
    await signUp(browser, app.url, newPerson());
    const me = (await browser.get(`${app.url}/api/auth/user`)).json<{ id: string }>();
    const rows = await db('sessions').whereRaw(`sess->>'userId' = ?`, [me.id]);
    expect(rows).toHaveLength(1);
    const lifetime = new Date(rows[0].expire).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(app.deps.config.session.maxAgeMs - 60_000);
  });
});

describe('POST /api/logout', () => {
  apiTest('signs out from our own pages', async ({ app }) => {
    const browser = new Browser();
    await signUp(browser, app.url, newPerson());
    const out = await signOut(browser, app.url);
    expect(out.status).toBe(200);
    expect(out.redirectTo).toContain('/oidc/session/end');
    expect((await browser.get(`${app.url}/api/auth/user`)).status).toBe(401);
  });

  apiTest('cannot be triggered from another site', async ({ app }) => {
    const browser = new Browser();
    await signUp(browser, app.url, newPerson());
    // A link or image on another site: GET signs nobody out (it answers a page that asks; below).
    const link = await browser.get(`${app.url}/api/logout`, { follow: false });
    expect(link.status).toBe(200);
    expect((await browser.get(`${app.url}/api/auth/user`)).status).toBe(200);
    // A form on another site posts with its own Origin.
    const form = await browser.request(`${app.url}/api/logout`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(form.status).toBe(403);
    expect((await browser.get(`${app.url}/api/auth/user`)).status).toBe(200);
  });
});

/** SPEC §2: logout is a browser navigation to /api/logout; only this site can send a browser there to leave. */
describe('GET /api/logout', () => {
  const signedIn = async (url: string) => {
    const browser = new Browser();
    await signUp(browser, url, newPerson());
    expect((await browser.get(`${url}/api/auth/user`)).status).toBe(200);
    return browser;
  };
  const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

  apiTest('sent by this site, signs out and lands on /', async ({ app }) => {
    const sources: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-origin', referer: `${app.url}/releases` }, // the app's Logout
      { 'sec-fetch-site': 'none' }, // typed in the address bar
      { referer: `${app.url}/settings` }, // a browser that does not send Sec-Fetch-Site
    ];
    for (const from of sources) {
      const browser = await signedIn(app.url);
      const out = await browser.get(`${app.url}/api/logout`, {
        follow: false,
        headers: { ...html, ...from },
      });
      // Where POST /api/logout sends the browser: the embedded provider's sign-out, which comes back to /.
      expect([out.status, out.headers.get('location')]).toEqual([
        302,
        expect.stringContaining('/oidc/session/end'),
      ]);
      expect((await browser.get(`${app.url}/api/auth/user`)).status).toBe(401);
      const provider = await browser.get(out.headers.get('location')!, { headers: html });
      const landed = await browser.submit(provider, formOf(provider));
      expect(landed.url).toBe(`${app.url}/`);
    }
    // Signed out already: straight to /.
    const visitor = await new Browser().get(`${app.url}/api/logout`, {
      follow: false,
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect([visitor.status, visitor.headers.get('location')]).toEqual([302, '/']);
  });

  apiTest('from another site signs nobody out, and answers a page whose button does', async ({ app }) => {
    const browser = await signedIn(app.url);
    const sources: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site', referer: 'https://evil.example/' },
      { referer: 'https://evil.example/page' },
      {}, // nothing says where it comes from
      { 'sec-fetch-site': 'same-origin', 'sec-purpose': 'prefetch' }, // a prefetch: nobody asked yet
    ];
    for (const from of sources) {
      const page = await browser.get(`${app.url}/api/logout`, {
        follow: false,
        headers: { ...html, ...from },
      });
      expect([page.status, page.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
      expect(page.body).toContain('<title>Sign out · Riffline</title>');
      expect((await browser.get(`${app.url}/api/auth/user`)).status).toBe(200);
    }
    const page = await browser.get(`${app.url}/api/logout`, { headers: html });
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self'");
    const form = formOf(page);
    expect([form.method, form.action]).toEqual(['post', '/api/logout']);
    // Its button: a same-origin form post (Origin and Referer of this page, no fields), a navigation.
    const out = await browser.submit(page, form, {}, html);
    expect((await browser.get(`${app.url}/api/auth/user`)).status).toBe(401);
    expect(out.trail[1]).toContain('/oidc/session/end');
    const landed = await browser.submit(out, formOf(out));
    expect(landed.url).toBe(`${app.url}/`);

    // A browser that is not signed in has nothing to confirm: it goes to /.
    const visitor = await new Browser().get(`${app.url}/api/logout`, { follow: false });
    expect([visitor.status, visitor.headers.get('location')]).toEqual([302, '/']);
  });
});
