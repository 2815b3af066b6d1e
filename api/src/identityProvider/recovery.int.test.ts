import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect } from 'vitest';
import { Event, User } from '@riffline/db';
import { apiTest, startTestServer, type TestServer } from '#test/support/api.ts';
import { Browser, formOf, type Page } from '#test/support/browser.ts';
import { uniqueName } from '#test/support/database.ts';
import { linkIn, outboxMail } from '#test/support/mail.ts';
import { newPerson, openSignIn, signIn, signUp, type Person } from '#test/support/signIn.ts';

// The mail goes to the local outbox `<DATA_DIR>/mail`: a throwaway one.
const dataDir = path.join(os.tmpdir(), uniqueName('riffline-recovery'));
const test = apiTest.extend({ serverEnv: { DATA_DIR: dataDir } });
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const RESET_SUBJECT = 'Reset your Riffline password';
const VERIFY_SUBJECT = 'Verify your email address';
const SAME_ANSWER = 'If an account exists for that address, we sent a link to reset its password.';

/** The href of the link with this text on a page (HTML-unescaped, absolute). */
function href(page: Page, text: string): string {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const found = page.body.match(new RegExp(`<a[^>]*href="([^"]+)"[^>]*>${escaped}</a>`));
  if (!found) throw new Error(`no link "${text}" on ${page.url}:\n${page.body.slice(0, 800)}`);
  return new URL(found[1]!.replace(/&amp;/g, '&'), page.url).href;
}

/** Sign-in page → 'Forgot your password?' → the request form, submitted with `email`. */
async function requestReset(browser: Browser, app: TestServer, email: string): Promise<Page> {
  const signInPage = await openSignIn(browser, app.url);
  const forgot = await browser.get(href(signInPage, 'Forgot your password?'));
  expect(forgot.status).toBe(200);
  expect(forgot.body).toContain('Forgot your password?');
  return browser.submit(forgot, formOf(forgot), { email });
}

async function resetLink(app: TestServer, email: string, count = 1): Promise<string> {
  const [latest] = await outboxMail(app.deps.config.mail.outbox, email, RESET_SUBJECT, { count });
  return linkIn(latest!.text, '/oidc/reset-password');
}

async function verifyLink(app: TestServer, email: string): Promise<string> {
  const [latest] = await outboxMail(app.deps.config.mail.outbox, email, VERIFY_SUBJECT);
  return linkIn(latest!.text, '/oidc/verify-email');
}

/** Opens the reset link and sets `password` on its page. */
async function setNewPassword(browser: Browser, link: string, password: string): Promise<Page> {
  const page = await browser.get(link);
  expect(page.status, page.body.slice(0, 500)).toBe(200);
  expect(page.body).toContain('Choose a new password');
  return browser.submit(page, formOf(page), { password });
}

const me = (browser: Browser, app: TestServer) => browser.get(`${app.url}/api/auth/user`);

async function signedUp(app: TestServer, fields: Partial<Person> = {}) {
  const person = newPerson(fields);
  const browser = new Browser();
  await signUp(browser, app.url, person);
  return { person, browser, id: (await me(browser, app)).json<{ id: string }>().id };
}

describe('password reset on the embedded provider', () => {
  test('gives the same answer for an address with an account and one without, and mails only the first', async ({
    app,
  }) => {
    const { person } = await signedUp(app);
    const stranger = `${uniqueName('nobody')}@example.test`;
    const known = await requestReset(new Browser(), app, person.email);
    const unknown = await requestReset(new Browser(), app, stranger);
    for (const answer of [known, unknown]) {
      expect(answer.status).toBe(200);
      expect(answer.body).toContain(SAME_ANSWER);
    }
    const strip = (page: Page) => page.body.replace(/\/oidc\/interaction\/[A-Za-z0-9_-]+/g, '');
    expect(strip(known)).toBe(strip(unknown));
    const [mail] = await outboxMail(app.deps.config.mail.outbox, person.email, RESET_SUBJECT);
    expect(mail!.text).toContain('The link works once, within 1 hour.');
    // Nothing goes to the address without an account (the known one's mail, asked for first, is there).
    await expect(
      outboxMail(app.deps.config.mail.outbox, stranger, RESET_SUBJECT, { timeoutMs: 300 }),
    ).rejects.toThrow();
  });

  test('answers without waiting for the account lookup or the mail', async ({ db }) => {
    // An SMTP server that accepts connections and never says a word: a send would hang for minutes.
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    const app = await startTestServer({ db, keepDb: true, env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    try {
      const { person } = await signedUp(app);
      const timed = async (email: string) => {
        const started = performance.now();
        const page = await requestReset(new Browser(), app, email);
        return { page, ms: performance.now() - started };
      };
      const known = await timed(person.email);
      const unknown = await timed(`${uniqueName('nobody')}@example.test`);
      expect(known.page.body).toContain(SAME_ANSWER);
      expect(unknown.page.body).toContain(SAME_ANSWER);
      // Both well under the SMTP greeting timeout: the answer did not wait for the mail.
      expect(known.ms).toBeLessThan(3_000);
      expect(unknown.ms).toBeLessThan(3_000);
    } finally {
      await app.close();
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });

  test('sets a new password through the emailed link once, and signs every session of the account out', async ({
    app,
    db,
  }) => {
    const { person, browser: signedIn, id } = await signedUp(app);
    expect((await me(signedIn, app)).status).toBe(200);

    await requestReset(new Browser(), app, person.email);
    const link = await resetLink(app, person.email);
    const owner = new Browser();
    const short = await setNewPassword(owner, link, 'short');
    expect(short.status).toBe(400);
    expect(short.body).toContain('Password must be at least 8 characters');

    const done = await setNewPassword(owner, link, 'a fresh new password');
    expect(done.status).toBe(200);
    expect(done.body).toContain('Password changed');
    expect(href(done, 'Sign in')).toBe(`${app.url}/api/login`);

    // The app session that was signed in is gone, and so is its provider session: /api/login asks again.
    expect((await me(signedIn, app)).status).toBe(401);
    expect((await signedIn.get(`${app.url}/api/login`)).url).toMatch(/\/oidc\/interaction\/[^/]+$/);
    expect(await db('sessions').whereRaw("sess->>'userId' = ?", [id])).toEqual([]);
    expect(await db('oidc_payloads').whereRaw("payload->>'accountId' = ?", [id])).toEqual([]);

    const old = new Browser();
    const refused = await signIn(old, app.url, person.email, person.password);
    expect(refused.status).toBe(401);
    const fresh = new Browser();
    await signIn(fresh, app.url, person.email, 'a fresh new password');
    expect((await me(fresh, app)).status).toBe(200);

    // Single use: the same link again is refused, on its page and on a post.
    const again = await owner.get(link);
    expect(again.status).toBe(400);
    expect(again.body).toContain('This reset link has expired or was already used. Ask for a new one.');
    const token = new URL(link).searchParams.get('token')!;
    const replay = await owner.request(`${app.url}/oidc/reset-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.url },
      body: new URLSearchParams({ token, password: 'yet another password' }).toString(),
    });
    expect(replay.status).toBe(400);

    // The event says what happened; no event anywhere holds the token, nor does the token table.
    expect(await Event.query(db).where({ type: 'user.passwordReset', aggregateId: id })).toHaveLength(1);
    const events = await db('events').whereRaw('payload::text like ?', [`%${token}%`]);
    expect(events).toEqual([]);
    expect(await db('identity_tokens').where({ tokenHash: token })).toEqual([]);
    // The link reached the address, so the address is proven too.
    expect((await User.query(db).findById(id))!.emailVerified).toBe(true);
  });

  test('refuses a link an hour after it was sent', async ({ db }) => {
    let now = Date.now();
    const app = await startTestServer({
      db,
      keepDb: true,
      clock: () => new Date(now),
      env: { DATA_DIR: path.join(dataDir, 'expiry') },
    });
    try {
      const { person } = await signedUp(app);
      await requestReset(new Browser(), app, person.email);
      const link = await resetLink(app, person.email);
      now += 59 * 60_000;
      expect((await new Browser().get(link)).status).toBe(200);
      now += 2 * 60_000;
      const expired = await new Browser().get(link);
      expect(expired.status).toBe(400);
      expect(expired.body).toContain('This reset link has expired or was already used');
    } finally {
      await app.close();
    }
  });

  test('lifts the sign-in lockout, whose message now links to the reset', async ({ app }) => {
    const { person } = await signedUp(app);
    const browser = new Browser();
    let locked: Page | undefined;
    for (let attempt = 0; attempt < 6; attempt++) {
      locked = await signIn(browser, app.url, person.email, `wrong-${attempt}`);
    }
    expect(locked!.status).toBe(429);
    expect(locked!.body).toContain('Too many failed sign-in attempts');
    const forgot = await browser.get(href(locked!, 'reset your password'));
    expect(forgot.body).toContain('Forgot your password?');
    await browser.submit(forgot, formOf(forgot), { email: person.email });

    await setNewPassword(new Browser(), await resetLink(app, person.email), 'unlocked at last');
    const back = new Browser();
    await signIn(back, app.url, person.email, 'unlocked at last');
    expect((await me(back, app)).status).toBe(200);
  });

  test('lifts the lockout of every address that guessed, and the one on the whole account', async ({
    db,
  }) => {
    // Behind a proxy, so that the test can be many clients (the lockout counts per account and address).
    const app = await startTestServer({
      db,
      keepDb: true,
      env: { DATA_DIR: dataDir, TRUST_PROXY_HOPS: '1' },
    });
    try {
      const { person } = await signedUp(app);
      const from = (n: number) => ({ 'x-forwarded-for': `198.51.100.${n}` });
      const attempt = async (n: number, password: string) => {
        const browser = new Browser();
        const page = await openSignIn(browser, app.url);
        return browser.submit(page, formOf(page), { email: person.email, password }, from(n));
      };
      for (const n of [1, 2]) {
        for (let i = 0; i < 5; i++) expect((await attempt(n, `wrong-${i}`)).status).toBe(401);
        expect((await attempt(n, 'wrong-5')).status).toBe(429);
      }
      // The account's own cap (checked passwords from every address together), reached as if guessed
      // from many more addresses: now even a fresh one is refused, the right password included.
      await db('rate_limits')
        .where('key', 'like', `%signin-failures:email:${person.email}`)
        .update({ hits: 100 });
      const capped = await attempt(3, person.password);
      expect(capped.status).toBe(429);
      expect(capped.body).toContain('Too many failed sign-in attempts');
      await requestReset(new Browser(), app, person.email);
      await setNewPassword(new Browser(), await resetLink(app, person.email), 'unlocked at last');
      const keys = await db('rate_limits')
        .where('key', 'like', `%signin-failures:email:${person.email}%`)
        .pluck('key');
      expect(keys).toEqual([]);
      expect((await attempt(2, 'unlocked at last')).url).toBe(`${app.url}/`);
    } finally {
      await app.close();
    }
  });

  test('limits reset requests per email, and checks the address typed', async ({ app }) => {
    const email = `${uniqueName('flood')}@example.test`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await requestReset(new Browser(), app, email)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);

    const invalid = await requestReset(new Browser(), app, 'not an address');
    expect(invalid.status).toBe(400);
    expect(invalid.body).toContain('Invalid email address');
    const nul = await requestReset(new Browser(), app, 'a\u0000@example.test');
    expect(nul.status).toBe(400);
    expect(nul.body).toContain('Email contains characters that are not allowed');
    const long = await requestReset(new Browser(), app, `${'x'.repeat(250)}@example.test`);
    expect(long.status).toBe(400);
    expect(long.body).toContain('Email must be at most 254 characters');
  });

  test('refuses a made-up or missing token without a 500', async ({ app }) => {
    for (const query of ['', '?token=', '?token=abc', `?token=${'A'.repeat(43)}`, '?token=%00']) {
      const res = await new Browser().get(`${app.url}/oidc/reset-password${query}`);
      expect(res.status, query).toBe(400);
      const verify = await new Browser().get(`${app.url}/oidc/verify-email${query}`);
      expect(verify.status, query).toBe(400);
      expect(verify.body).toContain('This verification link has expired or was already used.');
    }
  });
});

describe('email verification on the embedded provider', () => {
  test('sends a link at sign-up that proves the address, once', async ({ app, db }) => {
    const { person, browser, id } = await signedUp(app);
    expect((await me(browser, app)).json()).toMatchObject({ email: person.email, emailVerified: false });

    const link = await verifyLink(app, person.email);
    const [mail] = await outboxMail(app.deps.config.mail.outbox, person.email, VERIFY_SUBJECT);
    expect(mail!.text).toContain(`Hi ${person.firstName},`);
    const opened = await new Browser().get(link);
    expect(opened.status).toBe(200);
    expect(opened.body).toContain('Email verified');
    expect(opened.body).toContain(`${person.email} is verified`);

    // The signed-in browser sees it at once (same subject, same database).
    expect((await me(browser, app)).json()).toMatchObject({ emailVerified: true });
    const events = await Event.query(db).where({ type: 'user.emailVerified', aggregateId: id });
    expect(events.map((e) => e.payload)).toEqual([{ email: person.email }]);
    const token = new URL(link).searchParams.get('token')!;
    expect(await db('events').whereRaw('payload::text like ?', [`%${token}%`])).toEqual([]);

    const again = await new Browser().get(link);
    expect(again.status).toBe(400);
    expect(again.body).toContain('This verification link has expired or was already used.');
  });

  test("the provider's email_verified claim sets the user's emailVerified at each sign-in", async ({
    app,
    db,
  }) => {
    const { person, id } = await signedUp(app);
    const before = new Browser();
    await signIn(before, app.url, person.email, person.password);
    expect((await me(before, app)).json()).toMatchObject({ emailVerified: false });

    await new Browser().get(await verifyLink(app, person.email));
    // Forget what the verification wrote on the user: the next sign-in learns it from the claim alone.
    await User.query(db).patch({ emailVerified: false }).where({ id });
    const after = new Browser();
    await signIn(after, app.url, person.email, person.password);
    expect((await me(after, app)).json()).toMatchObject({ emailVerified: true });
  });

  test('a verification link expires after 24 hours', async ({ db }) => {
    let now = Date.now();
    const app = await startTestServer({
      db,
      keepDb: true,
      clock: () => new Date(now),
      env: { DATA_DIR: path.join(dataDir, 'verify-expiry') },
    });
    try {
      const { person } = await signedUp(app);
      const link = await verifyLink(app, person.email);
      now += 24 * 3_600_000 + 1_000;
      const expired = await new Browser().get(link);
      expect(expired.status).toBe(400);
      expect(expired.body).toContain('This verification link has expired or was already used.');
    } finally {
      await app.close();
    }
  });

  test('an ADMIN_EMAILS address becomes admin only once it is verified', async ({ db }) => {
    const boss = newPerson({ email: `${uniqueName('boss')}@riffline.test` });
    const app = await startTestServer({
      db,
      keepDb: true,
      env: {
        ADMIN_EMAILS: `someone@else.test, ${boss.email.toUpperCase()}`,
        DATA_DIR: path.join(dataDir, 'admins'),
      },
    });
    try {
      const first = new Browser();
      await signUp(first, app.url, boss);
      expect((await me(first, app)).json()).toMatchObject({
        role: 'artist',
        isApproved: false,
        emailVerified: false,
      });
      expect((await first.get(`${app.url}/api/admin/stats`)).status).toBe(403);

      await new Browser().get(await verifyLink(app, boss.email));
      const second = new Browser();
      await signIn(second, app.url, boss.email, boss.password);
      expect((await me(second, app)).json()).toMatchObject({
        email: boss.email,
        role: 'admin',
        isApproved: true,
        emailVerified: true,
      });
    } finally {
      await app.close();
    }
  });
});
