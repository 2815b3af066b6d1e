import { expect, type Browser, type Page, type TestInfo } from '@playwright/test';
import { generateSync } from 'otplib';
import { Api } from './seed.ts';
import { createAccount, unique } from './support.ts';

/**
 * An authenticator app in a browser test: the secret read from the Settings page (or the API), and the codes
 * an app would show, computed with otplib. The provider takes each time step once, so the next code is for a
 * step later than the last one used (within the step after the server's).
 */
export class TestAuthenticator {
  private lastStep = 0;

  constructor(readonly secret: string) {}

  /** The next code to type; waits for the clock to reach a new step when both usable ones are spent. */
  async nextCode(): Promise<string> {
    const stepNow = () => Math.floor(Date.now() / 30_000);
    await expect.poll(() => this.lastStep <= stepNow(), { timeout: 65_000, intervals: [250] }).toBe(true);
    const step = Math.max(stepNow(), this.lastStep + 1);
    this.lastStep = step;
    return generateSync({ secret: this.secret, epoch: step * 30 });
  }
}

/**
 * On the provider's sign-in page: the password, then, on the page that follows, the app's next code (or
 * `app` itself when it is a recovery code).
 */
export async function signInWithCode(
  page: Page,
  email: string,
  password: string,
  app: TestAuthenticator | string,
) {
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await page.getByLabel('Code').fill(typeof app === 'string' ? app : await app.nextCode());
  await page.getByRole('button', { name: 'Verify' }).click();
}

/** A link that carries its token as `?token=` (verification, password reset). */
const TOKEN_QUERY_LINK = /https?:\/\/\S+\?token=[A-Za-z0-9_-]+/;

/** An invite's accept link, `/invites/<token>` (docs/splits.md). */
export const INVITE_LINK = /https?:\/\/\S+\/invites\/[A-Za-z0-9_-]+/;

/**
 * The link of this subject last mailed to `to`, read from the local outbox (GET /api/dev/mail): one that
 * carries `?token=`, or one `link` matches.
 */
export async function mailedLink(
  page: Page,
  to: string,
  subject: string,
  link: RegExp = TOKEN_QUERY_LINK,
): Promise<string> {
  let found = '';
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/dev/mail?to=${encodeURIComponent(to)}`);
      const { messages } = (await res.json()) as { messages: Array<{ subject: string; text: string }> };
      found =
        messages.filter((m) => m.subject === subject).map((m) => m.text.match(link)?.[0] ?? '')[0] ?? '';
      return found;
    })
    .not.toBe('');
  return found;
}

/**
 * A new account of the test's own in `page`, its address verified through the mailed link, approved by the
 * admin: signed in with the password alone.
 */
export async function verifiedArtist(page: Page, admin: Api, baseURL: string, name = 'payee') {
  const person = {
    firstName: 'Arlo',
    lastName: 'Payee',
    email: `${unique(name)}@example.com`,
    password: `a long password of the ${name}`,
  };
  await page.goto('/api/login?screen=signup');
  await createAccount(page, person);
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await page.goto(await mailedLink(page, person.email, 'Verify your email address'));
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  const api = new Api(page.request, baseURL);
  const me = await api.get<{ id: string }>('/api/auth/user');
  await admin.send('patch', `/api/admin/users/${me.id}/approval`, { isApproved: true });
  return { api, person };
}

/** Sets up an authenticator app for the signed-in account: the app (its codes) and the recovery codes. */
export async function enrolAuthenticator(api: Api) {
  const { secret } = await api.send<{ secret: string }>('post', '/api/auth/second-factor/enrolment');
  const app = new TestAuthenticator(secret);
  const { recoveryCodes } = await api.send<{ recoveryCodes: string[] }>(
    'post',
    '/api/auth/second-factor/confirmation',
    { code: await app.nextCode() },
  );
  return { app, recoveryCodes };
}

/**
 * An approved artist of the test's own, as the rules for money want one (payouts need a verified address
 * and a recent sign-in with a second factor): a verified, approved account with an authenticator app set
 * up, and signed in again with it (a recovery code, which leaves the app's next codes to the test). The
 * demo artist stays without an app, so that every other suite signs in with the password alone.
 */
export async function steppedUpArtist(browser: Browser, testInfo: TestInfo, admin: Api) {
  const baseURL = testInfo.project.use.baseURL!;
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const { api, person } = await verifiedArtist(page, admin, baseURL);
  const { app, recoveryCodes } = await enrolAuthenticator(api);
  await page.goto('/api/login?stepUp=1');
  await signInWithCode(page, person.email, person.password, recoveryCodes[0]!);
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  return { context, page, api, person, app };
}
