import { describe, expect } from 'vitest';
import { Event } from '@riffline/db';
import { apiTest, startTestServer, type TestServer } from '#test/support/api.ts';
import { Browser, formOf } from '#test/support/browser.ts';
import { startExternalIssuer } from '#test/support/externalIssuer.ts';
import { newPerson, openSignIn, signIn, signOut, signUp } from '#test/support/signIn.ts';

const json = (origin: string) => ({ 'content-type': 'application/json', origin });

describe('sign-in through the embedded identity provider (authorization code + PKCE)', () => {
  apiTest(
    'goes 401 → /api/login → create account → callback → the user → POST /api/logout → 401',
    async ({ app, db }) => {
      const browser = new Browser();
      expect((await browser.get(`${app.url}/api/auth/user`)).status).toBe(401);
      expect((await browser.get(`${app.url}/api/auth/user`)).json()).toEqual({ message: 'Unauthorized' });

      const person = newPerson();
      const landed = await signUp(browser, app.url, person);
      expect(landed.trail.some((u) => u.startsWith(`${app.url}/api/callback?code=`))).toBe(true);
      expect(landed.url).toBe(`${app.url}/`);

      const me = await browser.get(`${app.url}/api/auth/user`);
      expect(me.status).toBe(200);
      const user = me.json<Record<string, unknown>>();
      expect(user).toMatchObject({
        email: person.email,
        firstName: 'Maya',
        lastName: 'Rivers',
        role: 'artist',
        isApproved: false,
        preferredCurrency: 'USD',
        coins: '0.00',
        // No share of anyone's split accepted: no earnings without an artist area.
        isPayee: false,
      });
      expect(Object.keys(user).sort()).toEqual(
        [
          'id',
          'username',
          'email',
          'firstName',
          'lastName',
          'profileImageUrl',
          'role',
          'isApproved',
          'emailVerified',
          'preferredCurrency',
          'coins',
          'createdAt',
          'updatedAt',
          'isPayee',
        ].sort(),
      );
      const signedUp = await Event.query(db).where({ type: 'user.signedUp', aggregateId: user.id as string });
      expect(signedUp).toHaveLength(1);

      const signedOut = await signOut(browser, app.url);
      expect(signedOut.redirectTo).toContain('/oidc/session/end');
      const out = await browser.get(signedOut.redirectTo);
      expect((await browser.get(`${app.url}/api/auth/user`)).status).toBe(401);

      // The provider's page submits itself (logout.js); submitting it ends the provider's session too,
      // so the next 'Continue with' asks for the password again instead of signing straight back in.
      expect(out.body).toContain('/oidc/assets/logout.js');
      const after = await browser.submit(out, formOf(out));
      expect(after.url).toBe(`${app.url}/`);
      expect((await browser.get(`${app.url}/api/login`)).url).toMatch(/\/oidc\/interaction\/[^/]+$/);
    },
  );

  apiTest('signs straight back in while the provider session lasts', async ({ app }) => {
    const browser = new Browser();
    await signUp(browser, app.url, newPerson());
    await signOut(browser, app.url);
    expect((await browser.get(`${app.url}/api/auth/user`)).status).toBe(401);
    const again = await browser.get(`${app.url}/api/login`);
    expect(again.url).toBe(`${app.url}/`);
    expect((await browser.get(`${app.url}/api/auth/user`)).status).toBe(200);
  });

  apiTest(
    'signs an existing account in again, and refuses a wrong password without saying which part was wrong',
    async ({ app }) => {
      const person = newPerson();
      await signUp(new Browser(), app.url, person);

      const wrong = new Browser();
      const page = await openSignIn(wrong, app.url);
      const refused = await wrong.submit(page, formOf(page), {
        email: person.email,
        password: 'not the password',
      });
      expect(refused.status).toBe(401);
      expect(refused.body).toContain('Invalid email or password');
      expect((await wrong.get(`${app.url}/api/auth/user`)).status).toBe(401);

      const browser = new Browser();
      await signIn(browser, app.url, person.email.toUpperCase(), person.password);
      expect((await browser.get(`${app.url}/api/auth/user`)).json()).toMatchObject({ email: person.email });
    },
  );

  apiTest('shows what is wrong on the create-account page and keeps what was typed', async ({ app }) => {
    const browser = new Browser();
    const signInPage = await openSignIn(browser, app.url);
    const createPage = await browser.get(`${signInPage.url}/signup`);
    for (const name of ['firstName', 'lastName', 'email', 'password']) {
      expect(createPage.body).toContain(`name="${name}"`);
    }
    const short = await browser.submit(createPage, formOf(createPage), {
      firstName: 'Ana',
      lastName: 'Lu',
      email: `${Date.now()}-ana@example.test`,
      password: 'short',
    });
    expect(short.status).toBe(400);
    expect(short.body).toContain('Password must be at least 8 characters');
    expect(short.body).toContain('value="Ana"');

    const taken = newPerson();
    await signUp(new Browser(), app.url, taken);
    const again = await browser.submit(createPage, formOf(createPage), {
      ...taken,
      email: taken.email.toUpperCase(),
    });
    expect(again.status).toBe(400);
    expect(again.body).toContain('An account with this email already exists');
  });

  apiTest(
    'opens the create-account form first for screen=signup (prompt=create), with a switch to sign in',
    async ({ app }) => {
      const discovery = await new Browser().get(`${app.url}/oidc/.well-known/openid-configuration`);
      expect(discovery.json<{ prompt_values_supported: string[] }>().prompt_values_supported).toContain(
        'create',
      );

      const browser = new Browser();
      const createPage = await browser.get(`${app.url}/api/login?returnTo=%2Fapply&screen=signup`);
      expect(createPage.status).toBe(200);
      expect(createPage.url).toMatch(/\/oidc\/interaction\/[^/]+$/);
      expect(new URL(createPage.trail[1]!).searchParams.get('prompt')).toBe('create');
      expect(createPage.body).toContain('<h1>Create your account</h1>');
      expect(formOf(createPage).action).toBe(`${new URL(createPage.url).pathname}/signup`);
      expect(createPage.body).toContain(`href="${new URL(createPage.url).pathname}/login">Sign in</a>`);
      const person = newPerson();
      const landed = await browser.submit(createPage, formOf(createPage), { ...person });
      expect(landed.url).toBe(`${app.url}/apply`);
      expect((await browser.get(`${app.url}/api/auth/user`)).json()).toMatchObject({ email: person.email });

      // Without it, the sign-in form, as before.
      const other = new Browser();
      const signInPage = await openSignIn(other, app.url);
      expect(signInPage.body).toContain('<h1>Sign in</h1>');

      // Asked for create-account, the person switches to sign in with the account they have.
      const switching = new Browser();
      const first = await switching.get(`${app.url}/api/login?returnTo=%2Fapply&screen=signup`);
      const signInInstead = await switching.get(`${first.url}/login`);
      expect(signInInstead.body).toContain('<h1>Sign in</h1>');
      const back = await switching.submit(signInInstead, formOf(signInInstead), {
        email: person.email,
        password: person.password,
      });
      expect(back.url).toBe(`${app.url}/apply`);

      // Still signed in at the provider, the create-account form is shown again when asked for;
      // a plain sign-in goes straight through.
      expect((await switching.get(`${app.url}/api/login?screen=signup`)).body).toContain(
        '<h1>Create your account</h1>',
      );
      expect((await switching.get(`${app.url}/api/login?screen=signin`)).url).toBe(`${app.url}/`);
    },
  );

  apiTest('refuses an unknown screen with a 400 that says which ones there are', async ({ app }) => {
    const res = await new Browser().get(`${app.url}/api/login?screen=register`);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json())).toContain('screen must be signin or signup');
  });

  apiTest('gives the session a new id at sign-in and forgets the old one', async ({ app, db }) => {
    const browser = new Browser();
    await openSignIn(browser, app.url);
    const before = browser.cookie('riffline.sid');
    expect(before).toBeTruthy();
    const page = await browser.get(`${app.url}/api/login`);
    await browser.get(`${page.url}/signup`).then((p) => browser.submit(p, formOf(p), { ...newPerson() }));
    const after = browser.cookie('riffline.sid');
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    expect(await db('sessions').where({ sid: before! })).toEqual([]);
    expect(await db('sessions').where({ sid: after! })).toHaveLength(1);
  });

  apiTest('ignores a tampered session cookie', async ({ app }) => {
    const browser = new Browser();
    await signUp(browser, app.url, newPerson());
    expect((await browser.get(`${app.url}/api/auth/user`)).status).toBe(200);

    const sid = browser.cookie('riffline.sid')!;
    const sig = browser.cookie('riffline.sid.sig')!;
    const forged = new Browser();
    forged.setCookie('riffline.sid', `${sid.slice(0, -1)}${sid.endsWith('a') ? 'b' : 'a'}`, app.url);
    forged.setCookie('riffline.sid.sig', sig, app.url);
    expect((await forged.get(`${app.url}/api/auth/user`)).status).toBe(401);

    const badSignature = new Browser();
    badSignature.setCookie('riffline.sid', sid, app.url);
    badSignature.setCookie('riffline.sid.sig', `${sig.slice(0, -2)}xx`, app.url);
    expect((await badSignature.get(`${app.url}/api/auth/user`)).status).toBe(401);

    const noSignature = new Browser();
    noSignature.setCookie('riffline.sid', sid, app.url);
    expect((await noSignature.get(`${app.url}/api/auth/user`)).status).toBe(401);
  });

  apiTest('keeps the session across an API restart', async ({ db }) => {
    const first = await startTestServer({ db, keepDb: true });
    const port = Number(new URL(first.url).port);
    const browser = new Browser();
    await signUp(browser, first.url, newPerson());
    expect((await browser.get(`${first.url}/api/auth/user`)).status).toBe(200);
    await first.close();

    const second = await startTestServer({ db, keepDb: true, port });
    try {
      expect((await browser.get(`${second.url}/api/auth/user`)).status).toBe(200);
    } finally {
      await second.close();
    }
  });

  // Admin only once the address is verified: the whole path (sign up, open the emailed link, sign in again)
  // is in api/src/identityProvider/recovery.int.test.ts.
  apiTest('does not make an ADMIN_EMAILS user an admin before the address is verified', async ({ db }) => {
    const boss = newPerson({ email: `boss-${Date.now()}@riffline.test` });
    const adminApp = await startTestServer({
      db,
      keepDb: true,
      env: { ADMIN_EMAILS: `someone@else.test, ${boss.email.toUpperCase()}` },
    });
    try {
      const browser = new Browser();
      await signUp(browser, adminApp.url, boss);
      expect((await browser.get(`${adminApp.url}/api/auth/user`)).json()).toMatchObject({
        email: boss.email,
        role: 'artist',
        isApproved: false,
        emailVerified: false,
      });
    } finally {
      await adminApp.close();
    }
  });

  apiTest('names the provider for the "Continue with …" button', async ({ app }) => {
    expect((await new Browser().get(`${app.url}/api/auth/provider`)).json()).toEqual({
      name: 'Riffline ID',
      embedded: true,
    });
  });
});

describe('protection', () => {
  apiTest('refuses a cross-origin POST and a cross-site form post', async ({ app }) => {
    const browser = new Browser();
    await signUp(browser, app.url, newPerson());
    const body = JSON.stringify({ currentPassword: 'x', newPassword: 'yyyyyyyyyy' });
    const crossOrigin = await browser.request(`${app.url}/api/auth/password`, {
      method: 'POST',
      headers: json('https://evil.example'),
      body,
    });
    expect(crossOrigin.status).toBe(403);
    expect(crossOrigin.json()).toEqual({ message: 'Cross-site request refused' });

    const formPost = await browser.request(`${app.url}/api/auth/user/currency`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'currency=EUR',
    });
    expect(formPost.status).toBe(403);

    const sameOriginForm = await browser.request(`${app.url}/api/auth/user/currency`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.url },
      body: 'currency=EUR',
    });
    expect(sameOriginForm.status).toBe(415);
    expect((await browser.get(`${app.url}/api/auth/user`)).json()).toMatchObject({
      preferredCurrency: 'USD',
    });
  });

  apiTest('refuses a sign-in form posted from another site', async ({ app }) => {
    const person = newPerson();
    await signUp(new Browser(), app.url, person);
    const browser = new Browser();
    const page = await openSignIn(browser, app.url);
    const res = await browser.submit(
      page,
      formOf(page),
      { email: person.email, password: person.password },
      {
        origin: 'https://evil.example',
        referer: 'https://evil.example/',
      },
    );
    expect(res.status).toBe(403);
  });

  apiTest('refuses sign-in after repeated wrong passwords, even with the right one', async ({ app }) => {
    const person = newPerson();
    await signUp(new Browser(), app.url, person);
    const browser = new Browser();
    const statuses: number[] = [];
    let last = '';
    for (let attempt = 0; attempt < 10; attempt++) {
      const page = await openSignIn(browser, app.url);
      const res = await browser.submit(page, formOf(page), {
        email: person.email,
        password: `wrong-${attempt}`,
      });
      statuses.push(res.status);
      last = res.body;
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429, 429, 429, 429]);
    expect(last).toContain('Too many failed sign-in attempts');

    const page = await openSignIn(browser, app.url);
    const right = await browser.submit(page, formOf(page), {
      email: person.email,
      password: person.password,
    });
    expect(right.status).toBe(429);
    expect((await browser.get(`${app.url}/api/auth/user`)).status).toBe(401);
  });

  apiTest('rate-limits /api/login with a JSON 429', async ({ db }) => {
    const limited = await startTestServer({ db, keepDb: true });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 61; i++) {
        const res = await fetch(`${limited.url}/api/login`, { redirect: 'manual' });
        statuses.push(res.status);
        if (res.status === 429) {
          expect(await res.json()).toEqual({
            message: 'Too many sign-in attempts. Please wait a minute and try again.',
          });
          expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
        } else await res.arrayBuffer();
      }
      expect(statuses.slice(0, 60).every((s) => s === 302)).toBe(true);
      expect(statuses[60]).toBe(429);
    } finally {
      await limited.close();
    }
  });

  apiTest('sends security headers: CSP without inline scripts, nosniff, no framing', async ({ app }) => {
    const res = await fetch(`${app.url}/api/health`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(res.headers.get('strict-transport-security')).toBeNull(); // only in production
  });

  apiTest('sets the session cookie httpOnly and SameSite=Lax', async ({ app }) => {
    const res = await fetch(`${app.url}/api/login`, { redirect: 'manual' });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('riffline.sid='))!;
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
  });
});

describe('PATCH /api/auth/user/currency', () => {
  apiTest('401 when signed out', async ({ app }) => {
    const res = await new Browser().request(`${app.url}/api/auth/user/currency`, {
      method: 'PATCH',
      headers: json(app.url),
      body: JSON.stringify({ currency: 'EUR' }),
    });
    expect(res.status).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthorized' });
  });

  apiTest('400 for a currency outside the ten, 200 and stored for one of them', async ({ app }) => {
    const browser = new Browser();
    await signUp(browser, app.url, newPerson());
    const bad = await browser.request(`${app.url}/api/auth/user/currency`, {
      method: 'PATCH',
      headers: json(app.url),
      body: JSON.stringify({ currency: 'BTC' }),
    });
    expect(bad.status).toBe(400);
    expect(bad.json()).toMatchObject({
      message: 'Currency must be one of USD, EUR, GBP, INR, JPY, CAD, AUD, CNY, BRL, MXN',
    });
    const good = await browser.request(`${app.url}/api/auth/user/currency`, {
      method: 'PATCH',
      headers: json(app.url),
      body: JSON.stringify({ currency: 'INR' }),
    });
    expect(good.status).toBe(200);
    expect(good.json()).toMatchObject({ preferredCurrency: 'INR' });
    expect((await browser.get(`${app.url}/api/auth/user`)).json()).toMatchObject({
      preferredCurrency: 'INR',
    });
  });
});

describe('POST /api/auth/password', () => {
  const post = (app: TestServer, browser: Browser, body: unknown) =>
    browser.request(`${app.url}/api/auth/password`, {
      method: 'POST',
      headers: json(app.url),
      body: JSON.stringify(body),
    });

  apiTest('401 when signed out', async ({ app }) => {
    expect((await post(app, new Browser(), { currentPassword: 'a', newPassword: 'bbbbbbbb' })).status).toBe(
      401,
    );
  });

  apiTest(
    '400 with the reason for a wrong current password or a short new one; 200 changes it',
    async ({ app }) => {
      const person = newPerson();
      const browser = new Browser();
      await signUp(browser, app.url, person);

      const wrong = await post(app, browser, {
        currentPassword: 'not it at all',
        newPassword: 'a brand new secret',
      });
      expect(wrong.status).toBe(400);
      expect(wrong.json()).toMatchObject({ message: 'Current password is incorrect' });

      const short = await post(app, browser, { currentPassword: person.password, newPassword: 'short' });
      expect(short.status).toBe(400);
      expect(short.json()).toMatchObject({ message: 'Password must be at least 8 characters' });

      const missing = await post(app, browser, {});
      expect(missing.status).toBe(400);

      const ok = await post(app, browser, {
        currentPassword: person.password,
        newPassword: 'a brand new secret',
      });
      expect(ok.status).toBe(200);
      expect(ok.json()).toEqual({ message: 'Password updated' });

      const later = new Browser();
      await signIn(later, app.url, person.email, 'a brand new secret');
      expect((await later.get(`${app.url}/api/auth/user`)).status).toBe(200);
    },
  );
});

describe('an external OpenID Connect issuer (OIDC_ISSUER_URL)', () => {
  apiTest(
    'signs in through a separately started oidc-provider with the same relying-party code',
    async ({ db }) => {
      const { freePort } = await import('../../../../infra/lib/ports.ts');
      const port = await freePort();
      const publicUrl = `http://127.0.0.1:${port}`;
      const external = await startExternalIssuer({ publicUrl });
      const rp = await startTestServer({
        db,
        keepDb: true,
        port,
        env: {
          OIDC_ISSUER_URL: external.issuer,
          OIDC_CLIENT_ID: external.clientId,
          OIDC_CLIENT_SECRET: external.clientSecret,
          OIDC_PROVIDER_NAME: 'Example SSO',
        },
      });
      try {
        const browser = new Browser();
        expect((await browser.get(`${rp.url}/api/auth/provider`)).json()).toEqual({
          name: 'Example SSO',
          embedded: false,
        });
        // The embedded provider is off: nothing answers as an issuer at /oidc.
        expect((await browser.get(`${rp.url}/oidc/.well-known/openid-configuration`)).body).not.toContain(
          '"issuer"',
        );

        // An issuer that does not list prompt=create is not sent it: the sign-in goes on as usual.
        const signup = await new Browser().get(`${rp.url}/api/login?screen=signup`);
        expect(signup.status).toBe(200);
        expect(signup.url.startsWith(`${external.issuer}/interaction/`)).toBe(true);
        expect(signup.trail.some((u) => u.includes('prompt='))).toBe(false);

        const loginPage = await browser.get(`${rp.url}/api/login`);
        expect(loginPage.url.startsWith(`${external.issuer}/interaction/`)).toBe(true);
        const subject = `ext-${Date.now()}`;
        const consentPage = await browser.submit(loginPage, formOf(loginPage), {
          login: subject,
          password: 'anything',
        });
        const landed = consentPage.url.startsWith(`${external.issuer}/interaction/`)
          ? await browser.submit(consentPage, formOf(consentPage))
          : consentPage;
        expect(landed.url).toBe(`${rp.url}/`);

        expect((await browser.get(`${rp.url}/api/auth/user`)).json()).toMatchObject({
          id: subject,
          email: `${subject}@external.test`,
          firstName: 'Ext',
          lastName: 'Ernal',
          profileImageUrl: 'https://images.external.test/avatar.png',
          role: 'artist',
        });

        const password = await browser.request(`${rp.url}/api/auth/password`, {
          method: 'POST',
          headers: json(rp.url),
          body: JSON.stringify({ currentPassword: 'anything', newPassword: 'something-new' }),
        });
        expect(password.status).toBe(400);
        expect(password.json()).toMatchObject({ message: 'Your password is managed by Example SSO' });

        // Sent to /api/logout from another site: the page asks first, and its form may go on to the issuer.
        const asks = await browser.get(`${rp.url}/api/logout`, { headers: { accept: 'text/html' } });
        expect(asks.body).toContain('Sign out of Riffline?');
        expect(asks.headers.get('content-security-policy')).toContain(
          `form-action 'self' ${new URL(external.issuer).origin}`,
        );
        expect((await browser.get(`${rp.url}/api/auth/user`)).status).toBe(200);

        const out = await signOut(browser, rp.url);
        expect(out.redirectTo).toMatch(new RegExp(`^${external.issuer}/session/end`));
        expect((await browser.get(`${rp.url}/api/auth/user`)).status).toBe(401);
      } finally {
        await rp.close();
        await external.stop();
      }
    },
  );
});
