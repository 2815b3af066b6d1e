import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect } from 'vitest';
import { writeToOutbox } from '@riffline/db';
import { visitor as visitorOf } from '#test/support/actors.ts';
import { apiTest, startTestServer } from '#test/support/api.ts';
import { uniqueName } from '#test/support/database.ts';
import { unique } from '#test/support/db.ts';
import { devMailAvailable, isLoopback } from './index.ts';

// The outbox is `<DATA_DIR>/mail`: a throwaway one. (The approval email the workers write there is
// test/flows/approvalMail.int.test.ts.)
const dataDir = path.join(os.tmpdir(), uniqueName('riffline-devmail'));
const test = apiTest.extend({ serverEnv: { DATA_DIR: dataDir } });
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

type Listing = { messages: { to: string; subject: string; text: string; sentAt: string }[] };

describe('GET /api/dev/mail', () => {
  test('lists the local outbox newest first, filtered by recipient', async ({ app, visitor }) => {
    const to = `${unique('fan')}@example.test`;
    const outbox = app.deps.config.mail.outbox;
    const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
    await writeToOutbox(
      outbox,
      { from: 'a@riffline.test', to, subject: 'First', text: 'one' },
      minutesAgo(3),
    );
    await writeToOutbox(
      outbox,
      { from: 'a@riffline.test', to: to.toUpperCase(), subject: 'Second', text: 'two' },
      minutesAgo(2),
    );
    await writeToOutbox(
      outbox,
      { from: 'a@riffline.test', to: 'someone@else.test', subject: 'Other', text: 'x' },
      minutesAgo(1),
    );

    const res = await visitor.get(`/api/dev/mail?to=${encodeURIComponent(to)}`);
    expect(res.status).toBe(200);
    expect(res.json<Listing>().messages.map((m) => m.subject)).toEqual(['Second', 'First']);
    const limited = await visitor.get(`/api/dev/mail?to=${encodeURIComponent(to)}&limit=1`);
    expect(limited.json<Listing>().messages.map((m) => m.subject)).toEqual(['Second']);
  });

  test("400 'limit must be between 1 and 200'", async ({ visitor }) => {
    const res = await visitor.get('/api/dev/mail?limit=0');
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({ message: 'limit must be between 1 and 200' });
  });

  test('is not there with SMTP configured, nor in production', async ({ db }) => {
    const withSmtp = await startTestServer({ db, keepDb: true, env: { SMTP_URL: 'smtp://127.0.0.1:2525' } });
    try {
      expect((await visitorOf(withSmtp).get('/api/dev/mail')).status).toBe(404);
    } finally {
      await withSmtp.close();
    }
    expect(devMailAvailable({ env: 'production', mail: {} })).toBe(false);
    expect(devMailAvailable({ env: 'development', mail: {} })).toBe(true);
  });

  test('is shown only to a browser on this machine (it holds everyone’s reset links)', async ({ db }) => {
    // Behind a proxy the client's address is the one the proxy saw: here another host's.
    const proxied = await startTestServer({
      db,
      keepDb: true,
      env: { TRUST_PROXY_HOPS: '1', DATA_DIR: dataDir },
    });
    try {
      const remote = await fetch(`${proxied.url}/api/dev/mail`, {
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expect(remote.status).toBe(404);
      const local = await fetch(`${proxied.url}/api/dev/mail`, {
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(local.status).toBe(200);
    } finally {
      await proxied.close();
    }
    expect(['127.0.0.1', '::1', '::ffff:127.0.0.1'].every(isLoopback)).toBe(true);
    expect(['10.0.0.2', '192.168.1.5', '::ffff:10.0.0.2', '2001:db8::1'].some(isLoopback)).toBe(false);
  });
});
