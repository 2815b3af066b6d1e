import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeToOutbox, type Db } from '@riffline/db';
import { startWorkers, type Workers } from '../../../../../workers/src/index.ts';
import { actor, visitor } from '../../../../../test/support/actors.ts';
import { startTestServer, type TestServer } from '../../../../../test/support/api.ts';
import { uniqueName } from '../../../../../test/support/database.ts';
import { unique, useFreshDb } from '../../../../../test/support/db.ts';
import { validApplication } from '../../../../../test/support/factories.ts';
import { devMailAvailable } from './index.ts';

const dataDir = path.join(os.tmpdir(), uniqueName('riffline-devmail'));
let db: Db;
// Its own database: the workers started here relay and mail every event they find.
useFreshDb((fresh) => (db = fresh));
let app: TestServer;
let workers: Workers;

beforeAll(async () => {
  app = await startTestServer({ db, keepDb: true, env: { DATA_DIR: dataDir } });
  workers = await startWorkers({ config: app.deps.config, db, logger: pino({ level: 'silent' }) });
});
afterAll(async () => {
  await workers?.stop();
  await app?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Listing = { messages: { to: string; subject: string; text: string; sentAt: string }[] };

describe('GET /api/dev/mail', () => {
  it('lists the local outbox newest first, filtered by recipient', async () => {
    const to = `${unique('fan')}@example.test`;
    const outbox = app.deps.config.mail.outbox;
    await writeToOutbox(outbox, { from: 'a@riffline.test', to, subject: 'First', text: 'one' });
    await new Promise((r) => setTimeout(r, 5));
    await writeToOutbox(outbox, {
      from: 'a@riffline.test',
      to: to.toUpperCase(),
      subject: 'Second',
      text: 'two',
    });
    await writeToOutbox(outbox, {
      from: 'a@riffline.test',
      to: 'someone@else.test',
      subject: 'Other',
      text: 'x',
    });

    const res = await visitor(app).get(`/api/dev/mail?to=${encodeURIComponent(to)}`);
    expect(res.status).toBe(200);
    expect(res.json<Listing>().messages.map((m) => m.subject)).toEqual(['Second', 'First']);
    const limited = await visitor(app).get(`/api/dev/mail?to=${encodeURIComponent(to)}&limit=1`);
    expect(limited.json<Listing>().messages.map((m) => m.subject)).toEqual(['Second']);
  });

  it("400 'limit must be between 1 and 200'", async () => {
    const res = await visitor(app).get('/api/dev/mail?limit=0');
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({ message: 'limit must be between 1 and 200' });
  });

  it('shows the approval email the workers wrote after an admin approved an application', async () => {
    const artist = await actor(app, db, 'artist');
    const applied = await artist.send('POST', '/api/applications', validApplication());
    expect(applied.status).toBe(201);
    const admin = await actor(app, db, 'admin');
    const id = applied.json<{ id: string }>().id;
    expect((await admin.send('PATCH', `/api/admin/applications/${id}`, { status: 'approved' })).status).toBe(
      200,
    );

    const email = artist.user.email!;
    await expect
      .poll(
        async () =>
          (await visitor(app).get(`/api/dev/mail?to=${encodeURIComponent(email)}`))
            .json<Listing>()
            .messages.map((m) => m.subject),
        { timeout: 20_000, interval: 100 },
      )
      .toEqual(['Welcome to Riffline: your application is approved']);
  });

  it('is not there with SMTP configured, nor in production', async () => {
    const withSmtp = await startTestServer({ db, keepDb: true, env: { SMTP_URL: 'smtp://127.0.0.1:2525' } });
    try {
      expect((await visitor(withSmtp).get('/api/dev/mail')).status).toBe(404);
    } finally {
      await withSmtp.close();
    }
    expect(devMailAvailable({ env: 'production', mail: {} })).toBe(false);
    expect(devMailAvailable({ env: 'development', mail: {} })).toBe(true);
  });
});
