import net from 'node:net';
import nodemailer from 'nodemailer';
import SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
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
  /**
   * Where one POST unsubscribes the address (RFC 8058): sent as `List-Unsubscribe` with
   * `List-Unsubscribe-Post`, so mail providers offer their own unsubscribe button.
   */
  listUnsubscribe?: string;
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
    // Connections kept open and reused, each without Nagle's algorithm: a new connection per message, and
    // each command's tail waiting for the server's delayed ACK, were most of a message's time.
    const transporter = nodemailer.createTransport(
      new SMTPPool({ url: smtpUrl, pool: true, getSocket: connectWithoutNagle }),
    );
    return {
      transport: 'smtp',
      async send({ listUnsubscribe, ...mail }) {
        const info = await transporter.sendMail({
          from,
          ...mail,
          ...(listUnsubscribe && {
            list: { unsubscribe: listUnsubscribe },
            headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
          }),
        });
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

/**
 * The pool's connection to the SMTP server, opened here so that it can go without Nagle's algorithm;
 * nodemailer speaks SMTP over it (and starts TLS on it, for `smtps:` or STARTTLS).
 */
function connectWithoutNagle(
  options: SMTPPool.Options,
  callback: (err: Error | null, socketOptions?: { connection: net.Socket }) => void,
): void {
  const port = Number(options.port) || (options.secure ? 465 : 587);
  const socket = net.connect({ host: options.host ?? 'localhost', port });
  socket.setNoDelay(true);
  const failed = (error: Error) => {
    socket.destroy();
    callback(error);
  };
  socket.setTimeout(options.connectionTimeout ?? 120_000, () =>
    failed(new Error(`no answer from the SMTP server at ${options.host ?? 'localhost'}:${port}`)),
  );
  socket.once('error', failed);
  socket.once('connect', () => {
    socket.off('error', failed);
    socket.setTimeout(0);
    callback(null, { connection: socket });
  });
}
