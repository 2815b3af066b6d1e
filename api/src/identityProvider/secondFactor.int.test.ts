import { describe, expect } from 'vitest';
import type { Db } from '@riffline/db';
import { actor } from '#test/support/actors.ts';
import { apiTest } from '#test/support/api.ts';
import { Browser, formOf, type Page } from '#test/support/browser.ts';
import { codeAt, enrolAuthenticator, nextCode, type TestAuthenticator } from '#test/support/secondFactor.ts';
import { openSignIn } from '#test/support/signIn.ts';
import type { Person } from '#test/support/signIn.ts';

/** The claims of the ID token the API's session of `userId` keeps (newest session first). */
async function idTokenClaims(db: Db, userId: string): Promise<Record<string, unknown>> {
  const row = await db('sessions')
    .whereRaw("sess->>'userId' = ?", [userId])
    .orderBy('expire', 'desc')
    .first('sess');
  const token = (row!.sess as { idToken: string }).idToken;
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
}

/** A fresh browser through the password step: the page it lands on (the code page for an enrolled account). */
async function passwordStep(appUrl: string, person: Person): Promise<{ browser: Browser; page: Page }> {
  const browser = new Browser();
  const signIn = await openSignIn(browser, appUrl);
  const page = await browser.submit(signIn, formOf(signIn), {
    email: person.email,
    password: person.password,
  });
  return { browser, page };
}

const enterCode = (browser: Browser, page: Page, code: string) =>
  browser.submit(page, formOf(page), { code });

describe('the authenticator app on the embedded identity provider', () => {
  apiTest(
    'is set up with a QR code and the secret in text, confirmed by a first code',
    async ({ app, db }) => {
      const maya = await actor(app, db, 'artist');
      expect((await maya.get('/api/auth/second-factor')).json()).toEqual({
        available: true,
        enabled: false,
        enabledAt: null,
        recoveryCodesLeft: 0,
        recentlyVerified: false,
      });
      const started = await maya.send('POST', '/api/auth/second-factor/enrolment');
      expect(started.status).toBe(201);
      const { otpauthUri, qrCodeDataUrl, secret } = started.json<{
        otpauthUri: string;
        qrCodeDataUrl: string;
        secret: string;
      }>();
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(otpauthUri).toBe(
        `otpauth://totp/Riffline%20ID:${encodeURIComponent(maya.person.email)}?secret=${secret}&issuer=Riffline%20ID`,
      );
      expect(qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
      // Kept encrypted, and not on yet.
      const row = await db('identity_accounts')
        .first('totpPendingSecret', 'totpSecret')
        .where({ id: maya.user.id });
      expect(row.totpSecret).toBeNull();
      expect(row.totpPendingSecret).not.toContain(secret);

      const step = Math.floor(Date.now() / 30_000);
      const wrong = await maya.send('POST', '/api/auth/second-factor/confirmation', {
        code: codeAt(secret, step - 10),
      });
      expect(wrong.status).toBe(400);
      expect(wrong.json<{ message: string }>().message).toBe(
        'That code is not right. Check the time on your phone and try the newest code.',
      );
      const confirmed = await maya.send('POST', '/api/auth/second-factor/confirmation', {
        code: codeAt(secret, step),
      });
      expect(confirmed.status).toBe(200);
      const { recoveryCodes } = confirmed.json<{ recoveryCodes: string[] }>();
      expect(recoveryCodes).toHaveLength(10);
      expect(new Set(recoveryCodes).size).toBe(10);
      for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
      const stored = await db('identity_recovery_codes')
        .where({ accountId: maya.user.id })
        .select('codeHash');
      expect(stored).toHaveLength(10);
      expect(JSON.stringify(stored)).not.toContain(recoveryCodes[0]!.replace('-', ''));

      const status = (await maya.get('/api/auth/second-factor')).json<Record<string, unknown>>();
      expect(status).toMatchObject({ enabled: true, recoveryCodesLeft: 10, recentlyVerified: false });
      // Confirming again, or starting over while it is on, is refused: turning it off needs the app.
      expect((await maya.send('POST', '/api/auth/second-factor/enrolment')).status).toBe(409);
      const events = await db('events').where({
        aggregateId: maya.user.id,
        type: 'user.secondFactorEnabled',
      });
      expect(events).toHaveLength(1);
    },
  );

  apiTest(
    'asks an enrolled account for a code after the password; a wrong one is refused, the right one signs in with amr pwd+otp',
    async ({ app, db }) => {
      const maya = await actor(app, db, 'artist');
      const authenticator = await enrolAuthenticator(maya);

      const { browser, page } = await passwordStep(app.url, maya.person);
      expect(page.status).toBe(200);
      expect(page.body).toContain('Two-factor authentication');
      // The password alone signs nobody in.
      expect((await browser.get(`${app.url}/api/auth/user`)).status).toBe(401);

      const wrong = await enterCode(browser, page, codeAt(authenticator.secret, authenticator.lastStep - 10));
      expect(wrong.status).toBe(401);
      expect(wrong.body).toContain('That code is not right.');
      expect((await browser.get(`${app.url}/api/auth/user`)).status).toBe(401);

      const right = await enterCode(browser, wrong, await nextCode(authenticator));
      expect(right.url).toBe(`${app.url}/`);
      expect((await browser.get(`${app.url}/api/auth/user`)).status).toBe(200);
      const claims = await idTokenClaims(db, maya.user.id);
      expect(claims.amr).toEqual(['pwd', 'otp']);
      expect(Math.abs(Number(claims.auth_time) - Date.now() / 1000)).toBeLessThan(60);
      const status = (await browser.get(`${app.url}/api/auth/second-factor`)).json<Record<string, unknown>>();
      expect(status.recentlyVerified).toBe(true);
    },
  );

  apiTest(
    'refuses a code already used, and locks the code step after five wrong codes',
    async ({ app, db }) => {
      const maya = await actor(app, db, 'artist');
      const authenticator = await enrolAuthenticator(maya);
      const code = await nextCode(authenticator);
      const first = await passwordStep(app.url, maya.person);
      expect((await enterCode(first.browser, first.page, code)).url).toBe(`${app.url}/`);
      const second = await passwordStep(app.url, maya.person);
      expect((await enterCode(second.browser, second.page, code)).status).toBe(401);

      const third = await passwordStep(app.url, maya.person);
      let page = third.page;
      for (let i = 0; i < 4; i++) {
        page = await enterCode(third.browser, page, '000000');
        expect([401, 429]).toContain(page.status);
      }
      // Refused before it is checked, whatever the code.
      const locked = await enterCode(
        third.browser,
        page,
        codeAt(authenticator.secret, authenticator.lastStep),
      );
      expect(locked.status).toBe(429);
      expect(locked.body).toContain('Too many wrong codes.');
    },
  );

  apiTest('a recovery code signs in once, in place of the app', async ({ app, db }) => {
    const maya = await actor(app, db, 'artist');
    const authenticator: TestAuthenticator = await enrolAuthenticator(maya);
    const recovery = authenticator.recoveryCodes[3]!;

    const first = await passwordStep(app.url, maya.person);
    const signedIn = await enterCode(first.browser, first.page, recovery.toUpperCase());
    expect(signedIn.url).toBe(`${app.url}/`);
    expect((await idTokenClaims(db, maya.user.id)).amr).toEqual(['pwd', 'otp']);
    const status = (await first.browser.get(`${app.url}/api/auth/second-factor`)).json<
      Record<string, unknown>
    >();
    expect(status.recoveryCodesLeft).toBe(9);

    const again = await passwordStep(app.url, maya.person);
    const refused = await enterCode(again.browser, again.page, recovery);
    expect(refused.status).toBe(401);
    expect((await again.browser.get(`${app.url}/api/auth/user`)).status).toBe(401);
    // Another of the codes still works.
    const other = await enterCode(again.browser, refused, authenticator.recoveryCodes[4]!);
    expect(other.url).toBe(`${app.url}/`);
  });

  apiTest('an account without an app signs in with the password alone: amr pwd', async ({ app, db }) => {
    const maya = await actor(app, db, 'artist');
    const { browser, page } = await passwordStep(app.url, maya.person);
    expect(page.url).toBe(`${app.url}/`);
    expect((await idTokenClaims(db, maya.user.id)).amr).toEqual(['pwd']);
    const status = (await browser.get(`${app.url}/api/auth/second-factor`)).json<Record<string, unknown>>();
    expect(status.recentlyVerified).toBe(false);
  });
});
