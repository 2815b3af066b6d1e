import { smartLinkView } from '@riffline/contracts';
import {
  Fan,
  fanLinks,
  releaseDayRecipients,
  releaseOfSmartLink,
  SmartLink,
  storesOfSmartLink,
  type DbTransaction,
  type Mail,
  type QueuedMail,
} from '@riffline/db';
import { compose } from './compose.ts';

/**
 * The mail fans get from a SmartLink (docs/smartlinks.md): the link that confirms a pre-save, and the
 * release-day message. Each carries the link that unsubscribes (or deletes) the fan, also as the
 * one-click `List-Unsubscribe` address.
 */
interface FanRelease {
  title: string;
  artist: string;
}

export function fanConfirmationMail(
  to: string,
  release: FanRelease,
  links: { confirm: string; unsubscribe: string },
): Mail {
  const mail = compose({
    to,
    subject: `Confirm your pre-save of "${release.title}"`,
    greeting: 'Hi,',
    blocks: [
      `You asked to hear when "${release.title}" by ${release.artist} is out. Please confirm this address:`,
      { links: [['Confirm my pre-save', links.confirm]] },
      'If it was not you, ignore this email: nothing more will be sent.',
      { links: [['Unsubscribe or delete my data', links.unsubscribe]] },
    ],
  });
  return { ...mail, listUnsubscribe: links.unsubscribe };
}

export function releaseDayMail(
  to: string,
  release: FanRelease,
  links: { stores: Array<[string, string]>; page: string; unsubscribe: string },
): Mail {
  const mail = compose({
    to,
    subject: `"${release.title}" by ${release.artist} is out now`,
    greeting: 'Hi,',
    blocks: [
      `You pre-saved "${release.title}" by ${release.artist}: it is out now. Listen here:`,
      { links: [...links.stores, ['All the stores', links.page]] },
      `You get this because you pre-saved it on ${release.artist}'s SmartLink.`,
      { links: [['Unsubscribe or delete my data', links.unsubscribe]] },
    ],
  });
  return { ...mail, listUnsubscribe: links.unsubscribe };
}

/** The confirmation link for a fan who just pre-saved and is still pending (null: nothing to send). */
export async function confirmationFor(
  trx: DbTransaction,
  fanId: string,
  smartlinkId: string,
  publicUrl: string,
): Promise<{ mail: Mail; userId: string } | null> {
  const [fan, smartLink] = await Promise.all([
    Fan.query(trx).findById(fanId),
    SmartLink.query(trx).findById(smartlinkId),
  ]);
  if (!fan || fan.status !== 'pending' || !smartLink) return null;
  const release = await releaseOfSmartLink(trx, smartLink);
  if (!release) return null;
  const link = await fanLinks(trx, publicUrl);
  const mail = fanConfirmationMail(fan.email, release, {
    confirm: link(fan.id, 'confirm'),
    unsubscribe: link(fan.id, 'unsubscribe'),
  });
  return { mail, userId: fan.userId };
}

/**
 * The release-day mail of each confirmed fan who pre-saved the release, with the stores where it is live
 * now; its Message-ID is the release's and the fan's, so each fan gets one whichever store is first and
 * however often the event is seen. None for a SmartLink an admin disabled.
 */
export async function releaseDayMails(
  trx: DbTransaction,
  releaseId: string,
  {
    publicUrl,
    domain,
    eventId,
    today,
  }: { publicUrl: string; domain: string; eventId: string; today: string },
): Promise<QueuedMail[]> {
  const smartLink = await SmartLink.query(trx).findOne({ releaseId });
  if (!smartLink || smartLink.disabledAt) return [];
  const [release, fans] = await Promise.all([
    releaseOfSmartLink(trx, smartLink),
    releaseDayRecipients(trx, releaseId),
  ]);
  if (!release || !fans.length) return [];
  const page = `${publicUrl}/l/${smartLink.slug}`;
  const tags = '?utm_source=email&utm_campaign=release-day';
  const { stores } = smartLinkView(release, await storesOfSmartLink(trx, releaseId), today);
  const live = stores
    .filter((s) => s.source === 'store')
    .map((s): [string, string] => [s.storeName, `${page}/go/${s.store}${tags}`]);
  const link = await fanLinks(trx, publicUrl);
  return fans.map((fan) => ({
    ...releaseDayMail(fan.email, release, {
      stores: live,
      page: `${page}${tags}`,
      unsubscribe: link(fan.id, 'unsubscribe'),
    }),
    messageId: `<release-${releaseId}.release-day-${fan.id}@${domain}>`,
    eventId,
    userId: fan.userId,
  }));
}
