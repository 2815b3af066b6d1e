import {
  artistOptInText,
  presaveConsentText,
  type SmartLinkMode,
  type SmartLinkStore,
} from '@riffline/contracts';
import type { SmartLinkRelease } from '@riffline/db';
import { escapeHtml as e } from '../identityProvider/views.ts';

/**
 * The public pages of SmartLinks (docs/smartlinks.md): server-rendered HTML with its styles inline and no
 * script, so that a phone shows them at once and a shared link previews with the cover.
 */
const styles = `*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#111827;color:#f9fafb}
main{max-width:440px;margin:0 auto;padding:24px 20px 32px}
.cover{display:block;width:100%;height:auto;aspect-ratio:1;border-radius:12px;background:#374151;object-fit:cover}
h1{font-size:1.6rem;line-height:1.25;margin:20px 0 4px}.artists{margin:0;color:#d1d5db;font-size:1.1rem}
.date{margin:4px 0 20px;color:#9ca3af}
.stores{list-style:none;margin:0;padding:0}.stores li{margin:0 0 10px}
.stores a{display:flex;justify-content:space-between;align-items:center;padding:14px 16px;border-radius:10px;background:#f9fafb;color:#111827;text-decoration:none;font-weight:600;min-height:48px}
.stores a span{font-weight:500;color:#4b5563}
form{margin:0}label{display:block}.field{margin:0 0 12px}
input[type=email]{width:100%;font:inherit;padding:12px;border-radius:10px;border:1px solid #6b7280;background:#1f2937;color:#f9fafb;min-height:48px}
.check{display:flex;gap:10px;align-items:flex-start;margin:0 0 12px;color:#e5e7eb;font-size:.95rem}
.check input{width:22px;height:22px;margin:2px 0 0;flex:none}
button{width:100%;font:inherit;font-weight:700;padding:14px;border:0;border-radius:10px;background:#a78bfa;color:#111827;min-height:48px;cursor:pointer}
button.secondary{background:#374151;color:#f9fafb;margin-top:10px}
.note{padding:12px 14px;border-radius:10px;background:#1f2937;margin:0 0 16px}.error{background:#7f1d1d}
footer{margin-top:28px;color:#9ca3af;font-size:.85rem;text-align:center}footer a{color:#d1d5db}
a:focus-visible,button:focus-visible,input:focus-visible{outline:3px solid #fbbf24;outline-offset:2px}`;

interface Head {
  title: string;
  description?: string;
  url?: string;
  image?: string;
}

export function layout(head: Head, body: string): string {
  const meta = [
    head.description && `<meta name="description" content="${e(head.description)}">`,
    `<meta property="og:type" content="music.album">`,
    `<meta property="og:title" content="${e(head.title)}">`,
    head.description && `<meta property="og:description" content="${e(head.description)}">`,
    head.url && `<meta property="og:url" content="${e(head.url)}">`,
    head.image && `<meta property="og:image" content="${e(head.image)}">`,
    `<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${e(head.title)}">`,
    head.description && `<meta name="twitter:description" content="${e(head.description)}">`,
    head.image && `<meta name="twitter:image" content="${e(head.image)}">`,
  ]
    .filter(Boolean)
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(head.title)}</title>
${meta}
<style>${styles}</style>
</head><body><main>${body}
<footer>Free SmartLinks for independent artists · <a href="/">Riffline</a></footer></main></body></html>`;
}

/** A page that only says something: an unknown or disabled SmartLink, a fan's link answered. */
export const messagePage = (title: string, text: string, extra = '') =>
  layout({ title: `${title} · Riffline` }, `<h1>${e(title)}</h1><p>${e(text)}</p>${extra}`);

const dateText = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

export interface SmartLinkPage {
  release: SmartLinkRelease;
  slug: string;
  publicUrl: string;
  mode: SmartLinkMode;
  /** Today (UTC, YYYY-MM-DD), to say whether the release date has come. */
  today: string;
  stores: SmartLinkStore[];
  collectEmails: boolean;
  hasCover: boolean;
  /** The UTM tags the page was opened with, carried to each store button. */
  utm: string;
  /** What to say above the form after a pre-save, or why the form was refused. */
  notice?: { text: string; error?: boolean };
  email?: string;
}

/** The SmartLink itself: cover, title, artists and date, then the pre-save form or the stores. */
export function smartLinkPage(p: SmartLinkPage): string {
  const { release } = p;
  const url = `${p.publicUrl}/l/${p.slug}`;
  const artists = release.releaseArtists.length ? release.releaseArtists.join(', ') : release.artist;
  const cover = p.hasCover ? `${url}/cover.jpg` : null;
  // Live before its date means a store put it out early: out now, with no release date in the past tense yet.
  const out =
    p.mode === 'live'
      ? release.releaseDate && release.releaseDate <= p.today
        ? `Out now · released ${dateText(release.releaseDate)}`
        : 'Out now'
      : release.releaseDate
        ? `Out ${dateText(release.releaseDate)}`
        : 'Coming soon';
  const notice = p.notice
    ? `<p class="note${p.notice.error ? ' error' : ''}" role="${p.notice.error ? 'alert' : 'status'}">${e(p.notice.text)}</p>`
    : '';
  const action =
    p.mode === 'live'
      ? `<h2 class="artists">Listen on</h2><ul class="stores">${p.stores
          .map(
            (s) =>
              `<li><a href="/l/${e(p.slug)}/go/${e(s.store)}${e(p.utm)}" rel="nofollow">${e(s.storeName)}<span>${s.source === 'store' ? 'Play' : 'Search'}</span></a></li>`,
          )
          .join('')}</ul>`
      : `<form method="post" action="/l/${e(p.slug)}${e(p.utm)}">
<div class="field"><label for="email">Your email</label>
<input id="email" name="email" type="email" autocomplete="email" required maxlength="254" value="${e(p.email ?? '')}"></div>
<label class="check"><input type="checkbox" name="consent" value="yes" required>${e(presaveConsentText(release.artist, release.title))}</label>
${p.collectEmails ? `<label class="check"><input type="checkbox" name="artistOptIn" value="yes">${e(artistOptInText(release.artist))}</label>` : ''}
<button type="submit">Pre-save</button></form>`;
  return layout(
    {
      title: `${release.title} by ${artists}`,
      description:
        p.mode === 'live'
          ? `Listen to ${release.title} by ${artists}.`
          : `Pre-save ${release.title} by ${artists}. ${out}.`,
      url,
      image: cover ?? undefined,
    },
    `${cover ? `<img class="cover" src="${e(cover)}" alt="Cover of ${e(release.title)}" width="640" height="640" fetchpriority="high">` : ''}
<h1>${e(release.title)}</h1><p class="artists">${e(artists)}</p><p class="date">${e(out)}</p>
${notice}${action}`,
  );
}

/** A fan's emailed link opened: one button that does what the link is for (a GET changes nothing). */
export function fanLinkPage(
  title: string,
  text: string,
  forms: { action: string; fan: string; token: string; label: string; secondary?: boolean }[],
): string {
  return messagePage(
    title,
    text,
    forms
      .map(
        (
          f,
        ) => `<form method="post" action="${e(f.action)}"><input type="hidden" name="fan" value="${e(f.fan)}">
<input type="hidden" name="token" value="${e(f.token)}"><button type="submit"${f.secondary ? ' class="secondary"' : ''}>${e(f.label)}</button></form>`,
      )
      .join(''),
  );
}
