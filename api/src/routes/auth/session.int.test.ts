/** Sessions the sign-in routes leave behind, and who can end one (issue 9). */
import { describe, expect } from 'vitest';
import { PENDING_SIGN_IN_MS } from '@riffline/contracts';
import { apiTest } from '#test/support/api.ts';
import { Browser } from '#test/support/browser.ts';
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
    // A link or image on another site: GET signs nobody out any more.
    const link = await browser.get(`${app.url}/api/logout`, { follow: false });
    expect(link.status).toBe(405);
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
