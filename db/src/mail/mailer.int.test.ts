import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { startSmtp, type LocalSmtp } from '../../../infra/smtp/smtp.ts';
import { uniqueName } from '#test/support/database.ts';
import { createMailer } from './mailer.ts';

let smtp: LocalSmtp;
const dataDir = path.join(os.tmpdir(), uniqueName('riffline-mail'));
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('mailer', () => {
  it('delivers through a real SMTP server when SMTP_URL is set', async () => {
    const mailer = createMailer(
      loadConfig({ SMTP_URL: smtp.url, MAIL_FROM: 'Riffline <hello@riffline.test>' }),
    );
    expect(mailer.transport).toBe('smtp');
    const to = `${uniqueName('artist')}@example.test`;
    await mailer.send({ to, subject: 'Your application was approved', text: 'Welcome to Riffline!' });
    mailer.close();
    const mail = await smtp.waitFor((m) => m.to.includes(to));
    expect(mail.from).toBe('hello@riffline.test');
    expect(mail.raw).toContain('Subject: Your application was approved');
    expect(mail.raw).toContain('Welcome to Riffline!');
  });

  it('writes to the local outbox on embedded defaults', async () => {
    const mailer = createMailer(loadConfig({ DATA_DIR: dataDir }));
    expect(mailer.transport).toBe('outbox');
    const { messageId } = await mailer.send({ to: 'a@example.test', subject: 'Hi', text: 'Body' });
    const stored = JSON.parse(fs.readFileSync(path.join(dataDir, 'mail', `${messageId}.json`), 'utf8'));
    expect(stored).toMatchObject({
      to: 'a@example.test',
      subject: 'Hi',
      text: 'Body',
      from: expect.any(String),
    });
  });

  it('fails loudly when the SMTP server is unreachable', async () => {
    const mailer = createMailer(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:1' }));
    await expect(mailer.send({ to: 'a@example.test', subject: 'x', text: 'y' })).rejects.toThrow();
    mailer.close();
  });
});
