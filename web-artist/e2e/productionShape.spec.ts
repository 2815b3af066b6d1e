import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { freePort } from '../../infra/lib/ports.ts';
import { createDatabase, dropDatabase, testServerUrl, uniqueName } from '../../test/support/database.ts';
import { linkIn, outboxMail } from '../../test/support/mail.ts';
import { runEntry, waitForHttp, type Proc } from '../../test/support/processes.ts';
import { createAccount, expectToast, fillApplication, unique } from './support.ts';

/**
 * The production shape started by hand, as docker-compose.yml runs it (docs/operations.md): the API
 * (`api/src/main.ts`) and the workers (`workers/src/main.ts`) as separate processes, `NODE_ENV=production`,
 * on a fresh PostgreSQL database, plain http on loopback, the embedded identity provider, no demo accounts.
 * The first admin is an ADMIN_EMAILS address, verified through the emailed link; an artist applies, is
 * approved and lands on the dashboard, and the workers mail the decision.
 */
let base = '';
let outbox = '';
let api: Proc | undefined;
let workers: Proc | undefined;
const database = uniqueName('riffline_production');
const dataDir = path.join(os.tmpdir(), uniqueName('riffline-production'));
const bossEmail = `${unique('boss')}@example.com`;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const [port, healthPort] = [await freePort(), await freePort()];
  base = `http://127.0.0.1:${port}`;
  outbox = path.join(dataDir, 'mail');
  const env = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: base,
    DATABASE_URL: await createDatabase(testServerUrl(), database),
    DATA_DIR: dataDir,
    SESSION_KEYS: 'production-shape-session-key-0123456789',
    DELIVERY_CREDENTIALS_KEY: 'production-shape-delivery-key-0123456789',
    OIDC_ALLOW_EMBEDDED_IN_PRODUCTION: 'true',
    ADMIN_EMAILS: bossEmail,
    WORKERS_HEALTH_PORT: String(healthPort),
    LOG_LEVEL: 'warn',
  };
  // The API migrates; the workers start after it, as docker-compose.yml's depends_on says.
  api = runEntry('api/src/main.ts', env);
  expect((await waitForHttp(`${base}/api/health`, api, 90_000)).status).toBe(200);
  workers = runEntry('workers/src/main.ts', env);
  const workersHealth = `http://127.0.0.1:${healthPort}/health`;
  await waitForHttp(workersHealth, workers, 60_000);
  await expect.poll(async () => (await fetch(workersHealth)).status, { timeout: 60_000 }).toBe(200);
});

test.afterAll(async () => {
  const codes = [await workers?.stop(), await api?.stop()];
  await dropDatabase(testServerUrl(), database);
  fs.rmSync(dataDir, { recursive: true, force: true });
  expect(codes, `${api?.output()}\n${workers?.output()}`).toEqual([0, 0]);
});

/** Anything the production Content-Security-Policy refused on the page. */
function refusals(page: Page): string[] {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });
  return refused;
}

test('the API and workers run apart in production: an ADMIN_EMAILS admin approves an artist, who lands on the dashboard', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  const adminRefusals = refusals(adminPage);

  // The first admin: an account made through the sign-up form, its address proved by the emailed link.
  await adminPage.goto(`${base}/apply`);
  await adminPage.getByRole('link', { name: 'Continue with Riffline ID' }).click();
  await createAccount(adminPage, {
    firstName: 'Bo',
    lastName: 'Sterling',
    email: bossEmail,
    password: 'a long enough password',
  });
  await expect(adminPage).toHaveURL(`${base}/apply`);
  const [verification] = await outboxMail(outbox, bossEmail, 'Verify your email address', {
    timeoutMs: 30_000,
  });
  await adminPage.goto(linkIn(verification!.text, '/oidc/verify-email'));
  // Admin from the next sign-in on, now that the issuer vouches for the address.
  await adminPage.goto(`${base}/api/login?returnTo=${encodeURIComponent('/admin')}`);
  await expect(adminPage).toHaveURL(`${base}/admin`);
  await expect(adminPage.getByText('Pending Applications', { exact: true })).toBeVisible();

  // An artist applies.
  const artist = await browser.newContext();
  const artistPage = await artist.newPage();
  const artistRefusals = refusals(artistPage);
  const artistName = unique('ROSA').toUpperCase();
  const artistEmail = `${unique('rosa')}@example.com`;
  await artistPage.goto(`${base}/apply`);
  await artistPage.getByRole('link', { name: 'Continue with Riffline ID' }).click();
  await createAccount(artistPage, {
    firstName: 'Rosa',
    lastName: 'Lind',
    email: artistEmail,
    password: 'correct horse battery',
  });
  await expect(artistPage).toHaveURL(`${base}/apply`);
  await fillApplication(artistPage, {
    legalName: 'Rosa Lind',
    artistName,
    age: '27',
    genre: 'Pop',
    instagram: 'https://instagram.com/rosa',
    youtube: 'https://youtube.com/@rosa',
    story: 'Bedroom pop from Malmö, three singles out on my own.',
  });
  await artistPage.getByRole('checkbox').check();
  await artistPage.getByRole('button', { name: 'Submit Application' }).click();
  await expect(artistPage.getByRole('heading', { name: 'Application Submitted!' })).toBeVisible();

  // The admin approves it.
  await adminPage.goto(`${base}/admin/applications`);
  await adminPage.getByPlaceholder('Search').fill(artistName);
  await expect(adminPage.getByRole('tab', { name: 'Pending (1)' })).toBeVisible();
  const row = adminPage.getByRole('row').or(adminPage.getByRole('listitem')).filter({ hasText: artistName });
  await row.getByRole('button', { name: 'Approve' }).click();
  await adminPage
    .getByRole('dialog', { name: `Approve ${artistName}?` })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expectToast(adminPage, 'Application Updated', `${artistName} is approved.`);

  // The artist is in, on the dashboard; the workers process mailed the decision.
  await artistPage.goto(`${base}/`);
  await expect(artistPage.getByRole('heading', { name: 'Welcome back, Rosa' })).toBeVisible();
  await outboxMail(outbox, artistEmail, 'Welcome to Riffline: your application is approved', {
    timeoutMs: 60_000,
  });

  expect([...adminRefusals, ...artistRefusals]).toEqual([]);
  await admin.close();
  await artist.close();
});
