import type { Mail } from '@riffline/db';

/** One block of an email: a paragraph (its lines kept in the text part), a labelled list, or links. */
export type Block =
  | string
  | { lines: string[] }
  | { list: Array<[label: string, value: string]> }
  | { links: Array<[label: string, url: string]> };

export interface Message {
  to: string;
  subject: string;
  greeting: string;
  blocks: Block[];
}

const SIGN_OFF = 'The Riffline team';

const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

function textOf(block: Block): string {
  if (typeof block === 'string') return block;
  if ('lines' in block) return block.lines.join('\n');
  if ('list' in block) return block.list.map(([label, value]) => `${label}: ${value}`).join('\n');
  return block.links.map(([label, url]) => `${label}: ${url}`).join('\n');
}

function htmlOf(block: Block): string {
  const p = 'margin:0 0 16px;line-height:1.5';
  if (typeof block === 'string') return `<p style="${p}">${escapeHtml(block)}</p>`;
  if ('lines' in block) return `<p style="${p}">${escapeHtml(block.lines.join(' '))}</p>`;
  if ('list' in block) {
    const rows = block.list
      .map(
        ([label, value]) =>
          `<tr><td style="padding:2px 16px 2px 0;color:#555">${escapeHtml(label)}</td><td style="padding:2px 0">${escapeHtml(value)}</td></tr>`,
      )
      .join('');
    return `<table role="presentation" style="margin:0 0 16px;border-collapse:collapse">${rows}</table>`;
  }
  return block.links
    .map(
      ([label, url]) =>
        `<p style="${p}"><a href="${escapeHtml(url)}" style="color:#6d28d9;font-weight:bold">${escapeHtml(label)}</a></p>`,
    )
    .join('\n');
}

/**
 * An email with a plain-text part and an HTML part saying the same thing: the text part reads as a letter
 * (blocks separated by blank lines, links spelled out), the HTML part is a simple single column with every
 * value escaped.
 */
export function compose(message: Message): Mail {
  const text = [message.greeting, ...message.blocks.map(textOf), SIGN_OFF].join('\n\n');
  const html = [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(message.subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f6f6f8;font-family:Helvetica,Arial,sans-serif;color:#1a1a1a">',
    '<div style="max-width:560px;margin:0 auto;background:#fff;padding:24px;border-radius:8px">',
    `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(message.greeting)}</p>`,
    ...message.blocks.map(htmlOf),
    `<p style="margin:0;line-height:1.5">${escapeHtml(SIGN_OFF)}</p>`,
    '</div></body></html>',
  ].join('\n');
  return { to: message.to, subject: message.subject, text, html };
}
