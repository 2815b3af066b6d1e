import type { Mail } from '@riffline/db';
import { compose } from './compose.ts';
import { greet, type Recipient } from './recipient.ts';

export interface ReviewedRelease {
  title: string;
  artist: string;
}

/** `release.approved`: the release is live, with the identifiers the stores will know it by. */
export function releaseLiveMail(
  to: Recipient,
  release: ReviewedRelease & { upc: string; tracks: Array<{ title: string; isrc: string }> },
  publicUrl: string,
): Mail {
  return compose({
    to: to.email,
    subject: `Your release "${release.title}" is live`,
    greeting: greet(to, release.artist),
    blocks: [
      {
        lines: [
          `Good news: "${release.title}" by ${release.artist} passed review and is now live. We are`,
          'delivering it to the stores you chose; most of them show it within 3-5 days.',
        ],
      },
      {
        list: [
          ['UPC', release.upc],
          ...release.tracks.map(({ title, isrc }): [string, string] => [`ISRC of "${title}"`, isrc]),
        ],
      },
      'Keep these codes: stores and collecting societies know your music by them.',
      { links: [['Your releases', `${publicUrl}/releases`]] },
    ],
  });
}

/** `release.rejected`: what the reviewer asks to change, and that a fixed release can be sent again. */
export function releaseRejectedMail(
  to: Recipient,
  release: ReviewedRelease & { reason: string },
  publicUrl: string,
): Mail {
  return compose({
    to: to.email,
    subject: `Your release "${release.title}" needs changes`,
    greeting: greet(to, release.artist),
    blocks: [
      `We reviewed "${release.title}" by ${release.artist} and cannot send it to the stores as it is.`,
      { list: [['Reason', release.reason]] },
      'Fix what the reason names, then submit the release for review again from your releases page.',
      {
        links: [
          ['Your releases', `${publicUrl}/releases`],
          ['Questions', `${publicUrl}/support`],
        ],
      },
    ],
  });
}

/** The first store put the release out (a store's acknowledgement, docs/delivery.md): where to find it. */
export function releaseOnStoreMail(
  to: Recipient,
  release: ReviewedRelease,
  store: string,
  publicUrl: string,
): Mail {
  return compose({
    to: to.email,
    subject: `"${release.title}" is out on ${store}`,
    greeting: greet(to, release.artist),
    blocks: [
      `${store} has put "${release.title}" by ${release.artist} out for listeners: it is the first store to do so.`,
      'The other stores follow as they take it; your releases page shows where it stands at each one.',
      { links: [['Your releases', `${publicUrl}/releases`]] },
    ],
  });
}

/** `release.corrected`: the correction is on the release, and the stores that have it are being sent it. */
export function correctionApprovedMail(to: Recipient, release: ReviewedRelease, publicUrl: string): Mail {
  return compose({
    to: to.email,
    subject: `Your correction of "${release.title}" is approved`,
    greeting: greet(to, release.artist),
    blocks: [
      `We approved your correction of "${release.title}" by ${release.artist}. We are sending it to every`,
      'store that has the release; each store shows it once it has taken it in, usually within a few days.',
      { links: [['Your releases', `${publicUrl}/releases`]] },
    ],
  });
}

/** `release.correctionRejected`: why, and that the release stays as it was. */
export function correctionRejectedMail(
  to: Recipient,
  release: ReviewedRelease & { reason: string },
  publicUrl: string,
): Mail {
  return compose({
    to: to.email,
    subject: `Your correction of "${release.title}" was not approved`,
    greeting: greet(to, release.artist),
    blocks: [
      `We reviewed your correction of "${release.title}" by ${release.artist}; the release stays as it was.`,
      { list: [['Reason', release.reason]] },
      'You can send a new correction from your releases page.',
      {
        links: [
          ['Your releases', `${publicUrl}/releases`],
          ['Questions', `${publicUrl}/support`],
        ],
      },
    ],
  });
}
