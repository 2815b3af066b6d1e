import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import { writeToOutbox } from './outbox.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * The Message-ID header (`<…@…>`); generated when absent. Mail sent after commit fixes it before the
   * first attempt, so a resend is the same message (and the local outbox overwrites its file).
   */
  messageId?: string;
}

export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  send(mail: Mail): Promise<{ messageId: string }>;
  close(): void;
}

/**
 * SMTP when SMTP_URL is set; otherwise each message is written as JSON to `<DATA_DIR>/mail/`, where the
 * embedded setup lists it (nothing leaves the machine on embedded defaults). The workers' notifications and
 * the api's identity mail (verification and reset links, which never pass through the event log) share it.
 */
export function createMailer(config: Pick<Config, 'mail'>): Mailer {
  const { smtpUrl, from, outbox } = config.mail;
  if (smtpUrl) {
    const transporter = nodemailer.createTransport(smtpUrl);
    return {
      transport: 'smtp',
      async send(mail) {
        const info = await transporter.sendMail({ from, ...mail });
        return { messageId: info.messageId };
      },
      close: () => transporter.close(),
    };
  }
  return {
    transport: 'outbox',
    async send(mail) {
      const { messageId: fixed, ...message } = mail;
      const { messageId } = await writeToOutbox(outbox, { from, ...message }, new Date(), fixed);
      return { messageId };
    },
    close: () => undefined,
  };
}
