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

/** A message received over SMTP taken apart: its headers, and its plain-text and HTML parts decoded. */
export interface MimeMessage {
  headers: string;
  text?: string;
  html?: string;
}

/** One header's value (unfolded, RFC 2047 encoded words decoded), or undefined. */
export function headerOf(headers: string, name: string): string | undefined {
  const unfolded = headers.replace(/\n[ \t]+/g, ' ');
  const escaped = name.replace(/[-]/g, '\\-');
  const value = unfolded.match(new RegExp(`^${escaped}:\\s*(.*)$`, 'im'))?.[1]?.trim();
  return value
    ?.replace(/\?=\s+=\?/g, '?==?') // whitespace between two encoded words is not part of the text
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replaceAll('_', ' ')),
    );
}

function decodeQuotedPrintable(body: string): string {
  const soft = body.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Splits a message (multipart/alternative as nodemailer writes it, or a single part) into its parts. */
export function mimeOf(mail: ReceivedMail): MimeMessage {
  const raw = mail.raw.replace(/\r\n/g, '\n');
  const split = (text: string) => {
    const at = text.indexOf('\n\n');
    return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + 2)];
  };
  const [headers = '', body = ''] = split(raw);
  const boundary = headerOf(headers, 'Content-Type')?.match(/boundary="?([^";]+)"?/i)?.[1];
  const parts = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((part) => split(part.replace(/^\n/, '')))
    : [[headers, body]];
  const message: MimeMessage = { headers };
  for (const [partHeaders = '', partBody = ''] of parts) {
    const encoding = headerOf(partHeaders, 'Content-Transfer-Encoding')?.toLowerCase();
    const decoded =
      encoding === 'quoted-printable'
        ? decodeQuotedPrintable(partBody)
        : encoding === 'base64'
          ? Buffer.from(partBody, 'base64').toString('utf8')
          : partBody;
    const type = headerOf(partHeaders, 'Content-Type')?.toLowerCase() ?? '';
    if (type.startsWith('text/plain')) message.text = decoded.replace(/\n$/, '');
    if (type.startsWith('text/html')) message.html = decoded.replace(/\n$/, '');
  }
  return message;
}
