/**
 * An approval, end to end across the packages: the admin approves through the API, the workers relay
 * `application.approved` and the notifications group writes the email to the local outbox, which
 * `GET /api/dev/mail` lists.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect } from 'vitest';
import { Event, mailBacklog } from '@riffline/db';
import { startWorkers } from '@riffline/workers';
import { apiTest } from '#test/support/api.ts';
import { uniqueName } from '#test/support/database.ts';
import { pollUntil, waitUntilGroupPassed } from '#test/support/eventLog.ts';
import { validApplication } from '#test/support/factories.ts';

// Its own database (the workers relay and mail every event they find) and a throwaway outbox.
const dataDir = path.join(os.tmpdir(), uniqueName('riffline-approval-mail'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const flowTest = apiTest
  .extend('workers', { scope: 'file', auto: true }, async ({ app, db }, { onCleanup }) => {
    const workers = await startWorkers({ config: app.deps.config, db, logger: pino({ level: 'silent' }) });
    onCleanup(() => workers.stop());
    return workers;
  })
  .extend({ freshDb: true, serverEnv: { DATA_DIR: dataDir } });

type Listing = { messages: { to: string; subject: string }[] };

describe('an admin approves an application', () => {
  flowTest(
    'the artist gets the approval email once, and GET /api/dev/mail shows it',
    async ({ app, db, artist, admin, visitor }) => {
      const applied = await artist.send('POST', '/api/applications', validApplication());
      expect(applied.status).toBe(201);
      const id = applied.json<{ id: string }>().id;
      const review = await admin.send('PATCH', `/api/admin/applications/${id}`, { status: 'approved' });
      expect(review.status).toBe(200);

      const [approved] = await Event.query(db).where({ aggregateId: id, type: 'application.approved' });
      await waitUntilGroupPassed(
        { db, group: 'notifications', kafka: app.deps.config.kafka },
        String(approved!.id),
      );
      // The group recorded the mail; the mail delivery sends it after that commit.
      await pollUntil(
        'the approval email was not sent',
        async () => ((await mailBacklog(db)).pending === 0 ? true : undefined),
        () => 'mail still pending',
      );
      const mail = await visitor.get(`/api/dev/mail?to=${encodeURIComponent(artist.user.email!)}`);
      // Besides the sign-up's own mail (the link that verifies the address), the approval, once.
      const subjects = mail.json<Listing>().messages.map((m) => m.subject);
      expect(subjects.filter((s) => s !== 'Verify your email address')).toEqual([
        'Welcome to Riffline: your application is approved',
      ]);
    },
  );
});
