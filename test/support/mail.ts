import { readOutbox, type OutboxMessage } from '../../db/src/index.ts';
import type { ReceivedMail } from '../../infra/smtp/smtp.ts';

/** The first link in `text` to `path` on any origin (e.g. `/oidc/reset-password`), or throws. */
export function linkIn(text: string, path: string): string {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const found = text.match(new RegExp(`https?://[^\\s"<>]+${escaped}\\?token=[A-Za-z0-9_-]+`));
  if (!found) throw new Error(`no ${path} link in:\n${text}`);
  return found[0];
}

/** The text of a message as received over SMTP: headers dropped, quoted-printable decoded. */
export function bodyOf(mail: ReceivedMail): string {
  const raw = mail.raw.replace(/\r\n/g, '\n');
  const [headers = '', ...rest] = raw.split('\n\n');
  const body = rest.join('\n\n');
  if (!/content-transfer-encoding:\s*quoted-printable/i.test(headers)) return body;
  return body
    .replace(/=\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Waits until the local outbox holds a message to `to` whose subject matches, newest first. */
export async function outboxMail(
  outbox: string,
  to: string,
  subject: string | RegExp,
  { timeoutMs = 10_000, count = 1 } = {},
): Promise<OutboxMessage[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await readOutbox(outbox)).filter(
      (m) =>
        m.to.toLowerCase() === to.toLowerCase() &&
        (typeof subject === 'string' ? m.subject === subject : subject.test(m.subject)),
    );
    if (found.length >= count) return found;
    if (Date.now() > deadline) throw new Error(`no mail "${String(subject)}" to ${to} in the outbox`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
