import { expect } from 'vitest';
import { generateSync } from 'otplib';
import type { Browser, Page } from './browser.ts';
import { formOf } from './browser.ts';
import type { Person } from './signIn.ts';

/** An authenticator app as a test holds it: the secret shown in text, and the codes it was given. */
export interface TestAuthenticator {
  secret: string;
  recoveryCodes: string[];
  /** The last time step a code was used for: the provider refuses a step used before. */
  lastStep: number;
}

const PERIOD = 30;
const stepNow = () => Math.floor(Date.now() / 1000 / PERIOD);

/** The code of a given time step, as the app would show it then. */
export const codeAt = (secret: string, step: number) => generateSync({ secret, epoch: step * PERIOD });

/**
 * The app's next code: for a step later than the last one used, within the step before or after the
 * server's (what it accepts). When both later steps are spent, waits for the clock to reach a new step.
 */
export async function nextCode(app: TestAuthenticator): Promise<string> {
  await expect.poll(() => app.lastStep + 1 <= stepNow() + 1, { timeout: 65_000, interval: 200 }).toBe(true);
  const step = Math.max(stepNow(), app.lastStep + 1);
  app.lastStep = step;
  return codeAt(app.secret, step);
}

/** What a signed-in test client needs to call the API as the web apps do. */
export interface Sender {
  send(method: string, path: string, body?: unknown): Promise<Page>;
}

/** Sets up an authenticator app through the API (start, then confirm with its first code). */
export async function enrolAuthenticator(client: Sender): Promise<TestAuthenticator> {
  const started = await client.send('POST', '/api/auth/second-factor/enrolment');
  expect(started.status, started.body).toBe(201);
  const { secret } = started.json<{ secret: string }>();
  const app: TestAuthenticator = { secret, recoveryCodes: [], lastStep: 0 };
  const confirmed = await client.send('POST', '/api/auth/second-factor/confirmation', {
    code: await nextCode(app),
  });
  expect(confirmed.status, confirmed.body).toBe(200);
  app.recoveryCodes = confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes;
  return app;
}

/**
 * The step-up: `GET /api/login?stepUp=1` → the provider asks the password, then a code (the app's next one,
 * or `code` when given: a recovery code) → back at `returnTo`. Returns the last page.
 */
export async function stepUp(
  browser: Browser,
  appUrl: string,
  person: Person,
  app: TestAuthenticator,
  { returnTo = '/', code }: { returnTo?: string; code?: string } = {},
): Promise<Page> {
  const signIn = await browser.get(`${appUrl}/api/login?stepUp=1&returnTo=${encodeURIComponent(returnTo)}`);
  expect(signIn.url).toMatch(/\/oidc\/interaction\/[^/]+$/);
  const codePage = await browser.submit(signIn, formOf(signIn), {
    email: person.email,
    password: person.password,
  });
  expect(codePage.body, codePage.body.slice(0, 400)).toContain('Two-factor authentication');
  return browser.submit(codePage, formOf(codePage), { code: code ?? (await nextCode(app)) });
}
