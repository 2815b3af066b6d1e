import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Application, loadConfig, type Db } from '@riffline/db';
import { reviewApplication } from '../../../api/src/commands/applications/applicationReviewer.ts';
import { startSmtp, type LocalSmtp } from '../../../infra/smtp/smtp.ts';
import { unique, useFreshDb } from '../../../test/support/db.ts';
import { buildAdmin, buildArtist } from '../../../test/support/factories.ts';
import { startWorkers, type Workers } from '../runtime.ts';

let db: Db;
useFreshDb((fresh) => (db = fresh));
let smtp: LocalSmtp;
let workers: Workers;

beforeAll(async () => {
  smtp = await startSmtp();
  const config = loadConfig({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://riffline.test' });
  workers = await startWorkers({ config, db, logger: pino({ level: 'silent' }) });
});
afterAll(async () => {
  await workers?.stop();
  await smtp?.stop();
});

async function applicant(firstName: string) {
  const artist = await buildArtist(db, { email: `${unique('artist')}@example.test`, firstName });
  const application = await Application.query(db)
    .insert({
      userId: artist.id,
      legalName: `${firstName} Okafor`,
      phone: '+44 20 7946 0000',
      artistName: `${firstName} O`,
      age: 27,
      genre: 'afrobeats',
      artistStory: 'Lagos to London.',
      instagram: 'https://instagram.com/example',
      youtube: 'https://youtube.com/@example',
    })
    .returning('*');
  return { artist, application };
}

describe('the notifications consumer group', () => {
  it('emails an approved artist once, through SMTP, with the link to sign in', async () => {
    const admin = await buildAdmin(db);
    const { artist, application } = await applicant('Ada');
    await reviewApplication(db, admin, application.id, 'approved');

    const mail = await smtp.waitFor((m) => m.to.includes(artist.email!), 20_000);
    expect(mail.raw).toContain('Subject: Welcome to Riffline: your application is approved');
    expect(mail.raw).toContain('Hi Ada,');
    expect(mail.raw).toContain('https://riffline.test/');
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.received.filter((m) => m.to.includes(artist.email!))).toHaveLength(1);
  });

  it('tells a rejected artist they may apply again', async () => {
    const admin = await buildAdmin(db);
    const { artist, application } = await applicant('Bola');
    await reviewApplication(db, admin, application.id, 'rejected');

    const mail = await smtp.waitFor((m) => m.to.includes(artist.email!), 20_000);
    expect(mail.raw).toContain('Subject: About your Riffline application');
    expect(mail.raw).toContain('https://riffline.test/apply');
  });
});
