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

  it('keeps its connection for the next messages, and opens another when the server dropped it', async () => {
    const mailer = createMailer(loadConfig({ SMTP_URL: smtp.url }));
    const before = smtp.connections;
    const to = `${uniqueName('fan')}@example.test`;
    for (let i = 0; i < 5; i++) await mailer.send({ to, subject: `Message ${i}`, text: 'Hello' });
    expect(smtp.received.filter((m) => m.to.includes(to))).toHaveLength(5);
    expect(smtp.connections - before).toBe(1);
    mailer.close();

    // A server restarted (its connections ended): the next message goes out on a new one.
    const own = await startSmtp();
    const restartable = createMailer(loadConfig({ SMTP_URL: own.url }));
    await restartable.send({ to, subject: 'Before the restart', text: 'Hello' });
    await own.stop();
    const again = await startSmtp({ port: own.port });
    try {
      await restartable.send({ to, subject: 'After the restart', text: 'Hello' });
      expect(again.received.map((m) => m.raw)).toEqual([
        expect.stringContaining('Subject: After the restart'),
      ]);
      expect(again.connections).toBe(1);
    } finally {
      restartable.close();
      await again.stop();
    }
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
