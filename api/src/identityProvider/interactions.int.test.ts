import { describe, expect } from 'vitest';
import type { Db } from '@riffline/db';
import { apiTest, startTestServer, type TestServer } from '#test/support/api.ts';
import { Browser, formOf, type Page } from '#test/support/browser.ts';
import { newPerson, openSignIn, signUp } from '#test/support/signIn.ts';

/**
 * The hits the sign-in lockout holds for this email from one address, the test's (its key is namespaced
 * per test server, and ends with the address after a unit separator).
 */
async function failuresCounted(db: Db, email: string): Promise<number> {
  const rows = await db('rate_limits')
    .where('key', 'like', `%signin-failures:email:${email}\u001Fip:%`)
    .select('hits');
  return rows.reduce((sum, row) => sum + Number(row.hits), 0);
}

const post = (browser: Browser, page: Page, values: Record<string, string>, headers = {}) =>
  browser.submit(page, formOf(page), values, headers);

describe('the sign-in lockout under parallel requests', () => {
  apiTest('checks at most five passwords of 45 sent at once for one email', async ({ app }) => {
    const person = newPerson();
    await signUp(new Browser(), app.url, person);
    const browser = new Browser();
    const page = await openSignIn(browser, app.url);

    const answers = await Promise.all(
      Array.from({ length: 45 }, (_, i) =>
        post(browser, page, { email: person.email, password: `wrong-${i}` }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    // 401 means the password was checked (and was wrong); 429 means it was refused unchecked.
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40);
  });

  apiTest(
    'does not sign in with the right password sent in the same burst after the limit, nor reset the count',
    async ({ app, db }) => {
      const person = newPerson();
      await signUp(new Browser(), app.url, person);
      const attacker = new Browser();
      const page = await openSignIn(attacker, app.url);

      const wrong = Array.from({ length: 39 }, (_, i) =>
        post(attacker, page, { email: person.email, password: `wrong-${i}` }),
      );
      // The right password joins the burst once the limit is reached, while the wrong ones are in flight.
      await expect.poll(() => failuresCounted(db, person.email), { interval: 5 }).toBeGreaterThanOrEqual(5);
      const right = post(attacker, page, { email: person.email, password: person.password });
      const answers = await Promise.all([...wrong, right]);

      expect(answers.filter((a) => a.status === 401).length).toBeLessThanOrEqual(5);
      const last = answers.at(-1)!;
      expect(last.status).toBe(429);
      expect(last.body).toContain('Too many failed sign-in attempts');
      expect((await attacker.get(`${app.url}/api/auth/user`)).status).toBe(401);

      // Still locked afterwards: nothing in the burst cleared the count.
      expect(await failuresCounted(db, person.email)).toBeGreaterThanOrEqual(40);
      const owner = new Browser();
      const again = await post(owner, await openSignIn(owner, app.url), {
        email: person.email,
        password: person.password,
      });
      expect(again.status).toBe(429);
      expect((await owner.get(`${app.url}/api/auth/user`)).status).toBe(401);
    },
  );

  apiTest('clears the count after a right password within the limit', async ({ app }) => {
    const person = newPerson();
    await signUp(new Browser(), app.url, person);
    const browser = new Browser();
    for (let i = 0; i < 4; i++) {
      const res = await post(browser, await openSignIn(browser, app.url), {
        email: person.email,
        password: `wrong-${i}`,
      });
      expect(res.status).toBe(401);
    }
    const right = await post(browser, await openSignIn(browser, app.url), {
      email: person.email,
      password: person.password,
    });
    expect(right.url).toBe(`${app.url}/`);
    // A fresh allowance: four more wrong ones are still checked.
    const other = new Browser();
    for (let i = 0; i < 4; i++) {
      const res = await post(other, await openSignIn(other, app.url), {
        email: person.email,
        password: `wrong-again-${i}`,
      });
      expect(res.status).toBe(401);
    }
  });
});

describe('the sign-in lockout counts per account and address', () => {
  /** A server that takes the client's address from X-Forwarded-For, so that a test can be many clients. */
  async function behindProxy(db: Db, run: (app: TestServer) => Promise<void>) {
    const app = await startTestServer({ db, keepDb: true, env: { TRUST_PROXY_HOPS: '1' } });
    try {
      await run(app);
    } finally {
      await app.close();
    }
  }
  const from = (n: number) => ({ 'x-forwarded-for': `203.0.113.${n}` });

  const attempt = async (app: TestServer, email: string, password: string, n: number) => {
    const browser = new Browser();
    const answer = await post(browser, await openSignIn(browser, app.url), { email, password }, from(n));
    return { answer, browser };
  };

  apiTest(
    'a stranger cannot lock the owner out: after wrong passwords from five addresses, the right one from a fresh address signs in',
    async ({ db }) => {
      await behindProxy(db, async (app) => {
        const person = newPerson();
        await signUp(new Browser(), app.url, person);
        // One wrong password from each of four addresses, and five from a fifth, which locks that one out.
        for (let n = 1; n <= 4; n++) {
          expect((await attempt(app, person.email, `wrong-${n}`, n)).answer.status).toBe(401);
        }
        for (let i = 0; i < 5; i++) {
          expect((await attempt(app, person.email, `wrong-5-${i}`, 5)).answer.status).toBe(401);
        }
        const refused = (await attempt(app, person.email, 'wrong-5-5', 5)).answer;
        expect(refused.status).toBe(429);
        expect(refused.body).toContain('Too many failed sign-in attempts');

        const owner = await attempt(app, person.email, person.password, 100);
        expect(owner.answer.url).toBe(`${app.url}/`);
        expect((await owner.browser.get(`${app.url}/api/auth/user`)).status).toBe(200);
        // The address that guessed five times stays locked out, the right password included.
        expect((await attempt(app, person.email, person.password, 5)).answer.status).toBe(429);
      });
    },
  );
});

describe("the provider's forms refuse what they cannot take, with the page and a message", () => {
  const NUL = '\u0000';

  apiTest('a control character in the sign-in email or password: 400, never 500', async ({ app }) => {
    const browser = new Browser();
    const page = await openSignIn(browser, app.url);
    const email = await post(browser, page, { email: `a${NUL}@example.test`, password: 'whatever it is' });
    expect(email.status).toBe(400);
    expect(email.body).toContain('Email contains characters that are not allowed');
    expect(email.body).not.toContain(NUL);
    const password = await post(browser, page, { email: 'a@example.test', password: `pass${NUL}word` });
    expect(password.status).toBe(400);
    expect(password.body).toContain('Password contains characters that are not allowed');
    const tab = await post(browser, page, { email: 'a@example.test', password: 'pass\tword' });
    expect(tab.status).toBe(400);
  });

  apiTest('a control character in any create-account field: 400 naming the field', async ({ app }) => {
    const browser = new Browser();
    const signInPage = await openSignIn(browser, app.url);
    const createPage = await browser.get(`${signInPage.url}/signup`);
    const person = newPerson();
    const cases: Array<[string, string]> = [
      ['firstName', 'First name contains characters that are not allowed'],
      ['lastName', 'Last name contains characters that are not allowed'],
      ['email', 'Email contains characters that are not allowed'],
      ['password', 'Password contains characters that are not allowed'],
    ];
    for (const [name, message] of cases) {
      const value = `${person[name as keyof typeof person]}${NUL}`;
      const res = await post(browser, createPage, { ...person, [name]: value });
      expect(res.status, name).toBe(400);
      expect(res.body, name).toContain(message);
      expect(res.body, name).toContain('Create your account');
    }
  });

  apiTest('over-long names, email and password: 400 with the limit', async ({ app }) => {
    const browser = new Browser();
    const signInPage = await openSignIn(browser, app.url);
    const createPage = await browser.get(`${signInPage.url}/signup`);
    const res = await post(browser, createPage, {
      firstName: 'F'.repeat(101),
      lastName: 'L'.repeat(101),
      email: `${'e'.repeat(250)}@example.test`,
      password: 'p'.repeat(1025),
    });
    expect(res.status).toBe(400);
    expect(res.body).toContain('First name must be at most 100 characters');
    expect(res.body).toContain('Last name must be at most 100 characters');
    expect(res.body).toContain('Email must be at most 254 characters');
    expect(res.body).toContain('Password must be at most 1,024 characters');

    const fits = newPerson({ firstName: 'F'.repeat(100), lastName: 'L'.repeat(100) });
    const created = await post(browser, createPage, { ...fits });
    expect(created.url).toBe(`${app.url}/`);

    const other = new Browser();
    const long = await post(other, await openSignIn(other, app.url), {
      email: fits.email,
      password: 'p'.repeat(1025),
    });
    expect(long.status).toBe(400);
    expect(long.body).toContain('Password must be at most 1,024 characters');
  });

  apiTest('a malformed Referer on a form post: 400 page, a foreign one 403, never 500', async ({ app }) => {
    const person = newPerson();
    await signUp(new Browser(), app.url, person);
    const browser = new Browser();
    const page = await openSignIn(browser, app.url);
    const values = { email: person.email, password: person.password };
    for (const referer of ['not a url', 'http://[', '://']) {
      const res = await post(browser, page, values, { origin: '', referer });
      expect(res.status, referer).toBe(400);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.body).toContain('This request could not be read');
    }
    const createPage = await browser.get(`${page.url}/signup`);
    const signUpRes = await post(
      browser,
      createPage,
      { ...newPerson() },
      { origin: '', referer: 'http://[' },
    );
    expect(signUpRes.status).toBe(400);

    const foreign = await post(browser, page, values, { origin: '', referer: 'https://evil.example/page' });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toContain('Cross-site request refused.');
    // The page's own Referer still works.
    const ok = await post(browser, page, values, { origin: '' });
    expect(ok.url).toBe(`${app.url}/`);
  });
});
