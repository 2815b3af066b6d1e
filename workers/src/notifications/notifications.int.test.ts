import pino from 'pino';
import { describe, expect } from 'vitest';
import { appendEvent, Application, loadConfig, User, type Db } from '@riffline/db';
import { startSmtp } from '../../../infra/smtp/smtp.ts';
import { dbTest, unique } from '#test/support/db.ts';
import { appendMarker, waitUntilGroupPassed } from '#test/support/eventLog.ts';
import { buildAdmin, buildApplication, buildArtist } from '#test/support/factories.ts';
import { startWorkers } from '../runtime.ts';

const test = dbTest
  // eslint-disable-next-line no-empty-pattern
  .extend('smtp', { scope: 'file' }, async ({}, { onCleanup }) => {
    const smtp = await startSmtp();
    onCleanup(() => smtp.stop());
    return smtp;
  })
  .extend('config', { scope: 'file' }, ({ smtp }) =>
    loadConfig({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://riffline.test' }),
  )
  .extend('workers', { scope: 'file', auto: true }, async ({ config, db }, { onCleanup }) => {
    const workers = await startWorkers({ config, db, logger: pino({ level: 'silent' }) });
    onCleanup(() => workers.stop());
    return workers;
  });
// Its own database: the workers relay and handle every event they find.
test.override({ freshDb: true });

async function applicant(db: Db, firstName: string) {
  const artist = await buildArtist(db, { email: `${unique('artist')}@example.test`, firstName });
  const application = await buildApplication(db, {
    userId: artist.id,
    legalName: `${firstName} Okafor`,
    phone: '+44 20 7946 0000',
    artistName: `${firstName} O`,
    age: 27,
    genre: 'afrobeats',
    artistStory: 'Lagos to London.',
  });
  return { artist, application };
}

/**
 * What an admin's review commits (the api's command): the decision, the artist approved on approval,
 * and its event, in one transaction.
 */
function decide(db: Db, application: Application, status: 'approved' | 'rejected') {
  return db.transaction(async (trx) => {
    const admin = await buildAdmin(trx);
    await Application.query(trx).patchAndFetchById(application.id, {
      status,
      reviewedBy: admin.id,
      reviewedAt: new Date(),
    });
    const user =
      status === 'approved'
        ? await User.query(trx).patchAndFetchById(application.userId, { isApproved: true })
        : (await User.query(trx).findById(application.userId))!;
    return appendEvent(trx, {
      type: status === 'approved' ? 'application.approved' : 'application.rejected',
      aggregateId: application.id,
      actorId: admin.id,
      payload: {
        userId: user.id,
        email: user.email,
        firstName: user.firstName,
        artistName: application.artistName,
      },
    });
  });
}

describe('the notifications consumer group', () => {
  test('emails an approved artist once, through SMTP, with the link to sign in', async ({
    db,
    smtp,
    config,
  }) => {
    const { artist, application } = await applicant(db, 'Ada');
    await decide(db, application, 'approved');

    const mail = await smtp.waitFor((m) => m.to.includes(artist.email!), 20_000);
    expect(mail.raw).toContain('Subject: Welcome to Riffline: your application is approved');
    expect(mail.raw).toContain('Hi Ada,');
    expect(mail.raw).toContain('https://riffline.test/');
    // Once the group has read past an event appended after the approval, nothing more is coming.
    const marker = await appendMarker(db);
    await waitUntilGroupPassed({ db, group: 'notifications', kafka: config.kafka }, marker.id);
    expect(smtp.received.filter((m) => m.to.includes(artist.email!))).toHaveLength(1);
  });

  test('tells a rejected artist they may apply again', async ({ db, smtp }) => {
    const { artist, application } = await applicant(db, 'Bola');
    await decide(db, application, 'rejected');

    const mail = await smtp.waitFor((m) => m.to.includes(artist.email!), 20_000);
    expect(mail.raw).toContain('Subject: About your Riffline application');
    expect(mail.raw).toContain('https://riffline.test/apply');
  });
});
