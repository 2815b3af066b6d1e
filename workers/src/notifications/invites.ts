import { formatMoney, floorToCents, INVITE_LINK_DAYS } from '@riffline/contracts';
import {
  enqueueMail,
  hashInviteToken,
  heldForPayee,
  invitedReleases,
  newInviteToken,
  ownerNameOf,
  Payee,
  Release,
  type DbTransaction,
  type Mail,
} from '@riffline/db';
import { compose } from './compose.ts';

/** The artist app's page that shows an invite and accepts it. */
export const invitePath = (token: string) => `/invites/${token}`;

const day = (date: Date) =>
  date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The invite to a collaborator: who shares what, that it is held for them, the accept link and its end. */
export function inviteMail(invite: {
  to: string;
  name: string | null;
  ownerName: string;
  title: string;
  percent: string | null;
  held: string;
  url: string;
  expiresAt: Date;
}): Mail {
  const share = invite.percent ? `${invite.percent}% of what it earns` : 'a share of what it earns';
  return compose({
    to: invite.to,
    subject: `${invite.ownerName} shares “${invite.title}” with you on Riffline`,
    greeting: `Hi ${invite.name ?? 'there'},`,
    blocks: [
      `${invite.ownerName} has named you in the split of “${invite.title}”: ${share} is yours.`,
      `Your share is held for you until you accept: it is in no one’s balance, and what was held becomes yours as soon as you accept. Held for you so far: ${formatMoney(floorToCents(invite.held), 'USD')}.`,
      'Accepting needs a Riffline account (creating one is fine), and no artist application.',
      { links: [['Accept your share', invite.url]] },
      `The link works until ${day(invite.expiresAt)}. After that, ask ${invite.ownerName} to send it again.`,
    ],
  });
}

/**
 * Mails an invited payee a fresh accept link, in the handling's transaction: the token is made here and
 * only its hash and expiry are kept on the payee, replacing any earlier link's. The message id is fixed by
 * the event and the payee, so an event handled again queues nothing and leaves the link already mailed as
 * the one that works. A payee no longer invited (accepted, withdrawn) gets nothing.
 */
export async function queueInvite(
  trx: DbTransaction,
  {
    payeeId,
    releaseId,
    messageId,
    publicUrl,
  }: {
    payeeId: string;
    releaseId: string;
    messageId: string;
    publicUrl: string;
  },
): Promise<void> {
  const payee = await Payee.query(trx).findById(payeeId).forUpdate();
  const release = await Release.query(trx).findById(releaseId);
  if (!payee || payee.status !== 'invited' || !payee.email || !release) return;
  const token = newInviteToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + INVITE_LINK_DAYS * 86_400_000);
  const percent = (await invitedReleases(trx, payee.id)).find((r) => r.releaseId === release.id)?.percent;
  const mail = inviteMail({
    to: payee.email,
    name: payee.name,
    ownerName: await ownerNameOf(trx, payee.ownerId),
    title: release.title,
    percent: percent ?? null,
    held: await heldForPayee(trx, payee.id),
    url: `${publicUrl}${invitePath(token)}`,
    expiresAt,
  });
  if (!(await enqueueMail(trx, { ...mail, messageId }))) return;
  await payee
    .$query(trx)
    .patch({ inviteTokenHash: hashInviteToken(token), inviteExpiresAt: expiresAt, inviteSentAt: now });
}
