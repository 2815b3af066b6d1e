import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect } from 'vitest';
import { User } from '@riffline/db';
import { apiTest, startTestServer } from '#test/support/api.ts';
import { Browser, formOf } from '#test/support/browser.ts';
import { uniqueName } from '#test/support/database.ts';
import { startExternalIssuer } from '#test/support/externalIssuer.ts';
import { linkIn, outboxMail } from '#test/support/mail.ts';

const dataDir = path.join(os.tmpdir(), uniqueName('riffline-verification'));
const test = apiTest.extend({ serverEnv: { DATA_DIR: dataDir } });
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const SUBJECT = 'Verify your email address';

describe('POST /api/auth/verification-email', () => {
  test('401 when signed out', async ({ visitor }) => {
    const res = await visitor.send('POST', '/api/auth/verification-email');
    expect(res.status).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthorized' });
  });

  test('403 from another site', async ({ app, artist }) => {
    const res = await artist.browser.request(`${app.url}/api/auth/verification-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(res.json()).toEqual({ message: 'Cross-site request refused' });
  });

  test("400 'Your email address is already verified'", async ({ app, newActor }) => {
    const actor = await newActor('artist');
    const [mail] = await outboxMail(app.deps.config.mail.outbox, actor.person.email, SUBJECT);
    expect((await new Browser().get(linkIn(mail!.text, '/oidc/verify-email'))).status).toBe(200);
    const res = await actor.send('POST', '/api/auth/verification-email');
    expect(res.status).toBe(400);
    expect(res.json()).toEqual({ message: 'Your email address is already verified' });
  });

  test('200 mails a new link that verifies the address; the older one stops working', async ({
    app,
    newActor,
  }) => {
    const actor = await newActor('artist');
    const outbox = app.deps.config.mail.outbox;
    const [first] = await outboxMail(outbox, actor.person.email, SUBJECT);

    const res = await actor.send('POST', '/api/auth/verification-email');
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ message: `We sent a new link to ${actor.person.email}.` });
    const [latest] = await outboxMail(outbox, actor.person.email, SUBJECT, { count: 2 });
    const newLink = linkIn(latest!.text, '/oidc/verify-email');
    expect(newLink).not.toBe(linkIn(first!.text, '/oidc/verify-email'));

    expect((await new Browser().get(newLink)).status).toBe(200);
    expect((await actor.get('/api/auth/user')).json()).toMatchObject({ emailVerified: true });
    expect((await new Browser().get(linkIn(first!.text, '/oidc/verify-email'))).status).toBe(400);
  });

  test('429 after five an hour', async ({ newActor }) => {
    const actor = await newActor('artist');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await actor.send('POST', '/api/auth/verification-email')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  test('400 for a user of an external issuer, which verifies addresses itself', async ({ db }) => {
    const { freePort } = await import('../../../../infra/lib/ports.ts');
    const port = await freePort();
    const external = await startExternalIssuer({ publicUrl: `http://127.0.0.1:${port}` });
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
      const subject = uniqueName('ext');
      const page = await browser.get(`${rp.url}/api/login`);
      const consent = await browser.submit(page, formOf(page), { login: subject, password: 'anything' });
      if (consent.url.startsWith(`${external.issuer}/interaction/`))
        await browser.submit(consent, formOf(consent));
      // The external issuer says email_verified: true, and the user takes it from there.
      expect((await browser.get(`${rp.url}/api/auth/user`)).json()).toMatchObject({
        id: subject,
        emailVerified: true,
      });
      await User.query(db).patch({ emailVerified: false }).where({ id: subject });
      const res = await browser.request(`${rp.url}/api/auth/verification-email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: rp.url },
      });
      expect(res.status).toBe(400);
      expect(res.json()).toEqual({ message: 'Your email address is verified by Example SSO' });
    } finally {
      await rp.close();
      await external.stop();
    }
  });
});
