import { createHash } from 'node:crypto';
import { compareAmounts, storeName, type EventPayload } from '@riffline/contracts';
import {
  adminAlertRecipients,
  enqueueMail,
  enqueueMails,
  notificationSettingsOf,
  Release,
  royaltyCreditsOfStoreReport,
  SupportTicket,
  Track,
  User,
  type Config,
  type DbTransaction,
  type Mail,
} from '@riffline/db';
import type { ConsumerGroup, EventHandler, LoggedEvent } from '../events/log.ts';
import { newApplicationMail, newTicketMail } from './adminAlerts.ts';
import { confirmationFor, releaseDayMails } from './fans.ts';
import { queueInvite } from './invites.ts';
import { approvedMail, rejectedMail } from './applicationDecisions.ts';
import { contactReceivedMail } from './contactAcknowledgements.ts';
import { contactReplyMail } from './contactReplies.ts';
import { paymentCompletedMail } from './payments.ts';
import type { Recipient } from './recipient.ts';
import {
  correctionApprovedMail,
  correctionRejectedMail,
  releaseLiveMail,
  releaseOnStoreMail,
  releaseRejectedMail,
} from './releaseDecisions.ts';
import { royaltiesMail } from './royalties.ts';
import { artistReplyMail, teamReplyMail } from './ticketReplies.ts';
import {
  withdrawalApprovedMail,
  withdrawalCompletedMail,
  withdrawalDeclinedMail,
} from './withdrawalDecisions.ts';

/** The Message-ID's right-hand side: the sender's domain (MAIL_FROM), else the site's host. */
export function messageIdDomain(config: Pick<Config, 'publicUrl' | 'mail'>): string {
  return config.mail.from.match(/@([A-Za-z0-9.-]+)/)?.[1] ?? new URL(config.publicUrl).hostname;
}

/** One message per event and kind, whatever the retries: `<event-42.release-live@riffline.local>`. */
export const messageIdFor = (eventId: string, kind: string, domain: string) =>
  `<event-${eventId}.${kind}@${domain}>`;

/** User ids are the issuer's subjects, any text: a Message-ID per recipient takes a digest of it. */
const digestOf = (userId: string) => createHash('sha256').update(userId).digest('hex').slice(0, 16);

/**
 * The events whose only mail is one to the user the payload names (if that user wants mail): the kind
 * its Message-ID takes and how the mail is written from the payload.
 */
const userMails: {
  [T in 'withdrawal.approved' | 'withdrawal.declined' | 'withdrawal.completed' | 'wallet.paymentCompleted']: {
    kind: string;
    write: (to: Recipient, payload: EventPayload<T>, publicUrl: string) => Mail;
  };
} = {
  'withdrawal.approved': { kind: 'withdrawal-approved', write: withdrawalApprovedMail },
  'withdrawal.declined': { kind: 'withdrawal-declined', write: withdrawalDeclinedMail },
  'withdrawal.completed': { kind: 'withdrawal-completed', write: withdrawalCompletedMail },
  'wallet.paymentCompleted': { kind: 'payment-completed', write: paymentCompletedMail },
};
type UserMailEvent = keyof typeof userMails;

/**
 * The `notifications` consumer group: emails what a user must hear about. A handler sends nothing: it
 * records the message (`mail_deliveries`) in the event's own transaction, beside its `processed_events`
 * row, and the mail delivery sends it once that has committed (`wakeDelivery`). So no network call runs
 * while a transaction is open, a rolled-back handling leaves no mail, and a redelivered event queues none.
 */
export function notifications(
  config: Pick<Config, 'publicUrl' | 'mail'>,
  wakeDelivery: () => void,
): ConsumerGroup {
  const { publicUrl } = config;
  const domain = messageIdDomain(config);

  const queue = async (
    trx: DbTransaction,
    event: LoggedEvent,
    kind: string,
    mail: Mail | null,
    userId: string,
  ) => {
    if (!mail) return;
    await enqueueMail(trx, {
      ...mail,
      messageId: messageIdFor(event.id, kind, domain),
      eventId: event.id,
      userId,
    });
  };

  /**
   * The user to write to about their account's activity (releases, payouts, payments), or null: no
   * address, or "email notifications" is off. (Royalty mail follows "royalty updates" instead, and the
   * application decision always goes out: it answers the applicant, who cannot reach Settings yet.)
   */
  const recipient = async (trx: DbTransaction, userId: string): Promise<Recipient | null> => {
    const user = await User.query(trx).findById(userId);
    if (!user?.email) return null;
    const { emailNotifications } = await notificationSettingsOf(trx, userId);
    return emailNotifications ? { userId, email: user.email, firstName: user.firstName } : null;
  };

  /** The handler of an event of `userMails`: find the recipient, then queue the mail its entry writes. */
  const mailTheirUser =
    <T extends UserMailEvent>(type: T): EventHandler<T> =>
    async (event, trx) => {
      const to = await recipient(trx, event.payload.userId);
      if (!to) return;
      const { kind, write } = userMails[type];
      await queue(trx, event, kind, write(to, event.payload, publicUrl), to.userId);
    };

  /** One email per admin whose "admin alerts" toggle is on, all recorded at once. */
  const alertAdmins = async (
    trx: DbTransaction,
    event: LoggedEvent,
    kind: string,
    mailTo: (admin: Recipient) => Mail,
  ) => {
    const admins = await adminAlertRecipients(trx);
    await enqueueMails(
      trx,
      admins.map((admin) => ({
        ...mailTo(admin),
        messageId: messageIdFor(event.id, `${kind}-${digestOf(admin.userId)}`, domain),
        eventId: event.id,
        userId: admin.userId,
      })),
    );
  };

  return {
    group: 'notifications',
    handlers: {
      // The team hears of each new application and ticket (admins who turned "admin alerts" off do not).
      'application.submitted': (event, trx) =>
        alertAdmins(trx, event, 'new-application', (admin) =>
          newApplicationMail(admin, { id: event.aggregateId, ...event.payload }, publicUrl),
        ),
      'ticket.opened': async (event, trx) => {
        const artist = await User.query(trx).findById(event.payload.userId);
        const name = [artist?.firstName, artist?.lastName].filter(Boolean).join(' ') || 'An artist';
        await alertAdmins(trx, event, 'new-ticket', (admin) =>
          newTicketMail(admin, name, { id: event.aggregateId, ...event.payload }, publicUrl),
        );
      },
      'application.approved': (event, trx) =>
        queue(
          trx,
          event,
          'application-approved',
          approvedMail(event.payload, publicUrl),
          event.payload.userId,
        ),
      'application.rejected': (event, trx) =>
        queue(
          trx,
          event,
          'application-rejected',
          rejectedMail(event.payload, publicUrl),
          event.payload.userId,
        ),
      'release.approved': async (event, trx) => {
        const to = await recipient(trx, event.payload.userId);
        const release = to && (await Release.query(trx).findById(event.aggregateId));
        if (!to || !release) return;
        const titles = new Map(
          (await Track.query(trx).where({ releaseId: release.id })).map((track) => [track.id, track.title]),
        );
        const tracks = event.payload.isrcs.map(({ trackId, isrc }) => ({
          title: titles.get(trackId) ?? 'a track',
          isrc,
        }));
        const mail = releaseLiveMail(to, { ...release, upc: event.payload.upc, tracks }, publicUrl);
        await queue(trx, event, 'release-live', mail, to.userId);
      },
      // Once per release, whichever store is first: the Message-ID is the release's, not the event's. The
      // fans who pre-saved it hear the same day (once each, by the same rule).
      'delivery.acknowledged': async (event, trx) => {
        if (event.payload.status !== 'ReleaseMadeAvailableToConsumers') return;
        const release = await Release.query(trx).findById(event.payload.releaseId);
        if (!release) return;
        const today = new Date(event.occurredAt).toISOString().slice(0, 10);
        await enqueueMails(
          trx,
          await releaseDayMails(trx, release.id, { publicUrl, domain, eventId: event.id, today }),
        );
        const to = await recipient(trx, release.userId);
        if (!to) return;
        const mail = releaseOnStoreMail(to, release, storeName(event.payload.store), publicUrl);
        await enqueueMail(trx, {
          ...mail,
          messageId: `<release-${release.id}.first-live@${domain}>`,
          eventId: event.id,
          userId: to.userId,
        });
      },
      // A new pre-save of an address not yet confirmed: the link that confirms it.
      'fan.presaved': async (event, trx) => {
        if (event.payload.confirmed) return;
        const confirmation = await confirmationFor(
          trx,
          event.aggregateId,
          event.payload.smartlinkId,
          publicUrl,
        );
        if (!confirmation) return;
        await enqueueMail(trx, {
          ...confirmation.mail,
          messageId: messageIdFor(event.id, 'fan-confirm', domain),
          eventId: event.id,
          userId: confirmation.userId,
        });
      },
      'release.rejected': async (event, trx) => {
        const to = await recipient(trx, event.payload.userId);
        const release = to && (await Release.query(trx).findById(event.aggregateId));
        if (!to || !release) return;
        const mail = releaseRejectedMail(to, { ...release, reason: event.payload.reason }, publicUrl);
        await queue(trx, event, 'release-rejected', mail, to.userId);
      },
      'release.corrected': async (event, trx) => {
        const to = await recipient(trx, event.payload.userId);
        const release = to && (await Release.query(trx).findById(event.aggregateId));
        if (!to || !release) return;
        await queue(
          trx,
          event,
          'correction-approved',
          correctionApprovedMail(to, release, publicUrl),
          to.userId,
        );
      },
      'release.correctionRejected': async (event, trx) => {
        const to = await recipient(trx, event.payload.userId);
        const release = to && (await Release.query(trx).findById(event.aggregateId));
        if (!to || !release) return;
        const mail = correctionRejectedMail(to, { ...release, reason: event.payload.reason }, publicUrl);
        await queue(trx, event, 'correction-rejected', mail, to.userId);
      },
      'withdrawal.approved': mailTheirUser('withdrawal.approved'),
      'withdrawal.declined': mailTheirUser('withdrawal.declined'),
      'withdrawal.completed': mailTheirUser('withdrawal.completed'),
      'wallet.paymentCompleted': mailTheirUser('wallet.paymentCompleted'),
      // Each reply in a ticket goes to the other side: the artist, or the admin who has the ticket (all
      // admins while nobody does).
      'ticket.messagePosted': async (event, trx) => {
        const reply = event.payload;
        if (reply.fromTeam) {
          const to = await recipient(trx, reply.userId);
          if (to) await queue(trx, event, 'ticket-reply', teamReplyMail(to, reply, publicUrl), to.userId);
          return;
        }
        const [ticket, artist] = await Promise.all([
          SupportTicket.query(trx).findById(reply.ticketId),
          User.query(trx).findById(reply.userId),
        ]);
        const name = [artist?.firstName, artist?.lastName].filter(Boolean).join(' ') || 'An artist';
        const admins = await User.query(trx)
          .where({ role: 'admin' })
          .whereNotNull('email')
          .modify((q) => (ticket?.assignedTo ? q.where({ id: ticket.assignedTo }) : q));
        await enqueueMails(
          trx,
          admins.map((admin) => ({
            ...artistReplyMail(
              { userId: admin.id, email: admin.email!, firstName: admin.firstName },
              name,
              reply,
              publicUrl,
            ),
            messageId: messageIdFor(event.id, `ticket-reply-${digestOf(admin.id)}`, domain),
            eventId: event.id,
            userId: admin.id,
          })),
        );
      },
      // The visitor has no account: the acknowledgement and the answer go to the address they wrote from,
      // whatever any toggle says.
      'contact.received': async (event, trx) => {
        await enqueueMail(trx, {
          ...contactReceivedMail(event.payload, publicUrl),
          messageId: messageIdFor(event.id, 'contact-received', domain),
          eventId: event.id,
        });
      },
      'contact.replied': async (event, trx) => {
        await enqueueMail(trx, {
          ...contactReplyMail(event.payload, publicUrl),
          messageId: messageIdFor(event.id, 'contact-reply', domain),
          eventId: event.id,
        });
      },
      // Each collaborator a new split invites, and an invite the owner sends again, gets a fresh accept link.
      'split.created': async (event, trx) => {
        for (const payeeId of event.payload.invited) {
          await queueInvite(trx, {
            payeeId,
            releaseId: event.payload.releaseId,
            messageId: messageIdFor(event.id, `invite-${payeeId}`, domain),
            publicUrl,
          });
        }
      },
      'payee.inviteSent': (event, trx) =>
        queueInvite(trx, {
          payeeId: event.aggregateId,
          releaseId: event.payload.releaseId,
          messageId: messageIdFor(event.id, 'invite', domain),
          publicUrl,
        }),
      // One email per artist the report credited, all recorded at once.
      'report.imported': async (event, trx) => {
        const credits = await royaltyCreditsOfStoreReport(trx, event.aggregateId);
        const mails = credits
          .filter((c) => c.email && c.royaltyUpdates && compareAmounts(c.amount, '0') > 0)
          .map((credit) => {
            const to = { userId: credit.userId, email: credit.email!, firstName: credit.firstName };
            return {
              ...royaltiesMail(to, credit, publicUrl),
              messageId: messageIdFor(event.id, `royalties-${digestOf(credit.userId)}`, domain),
              eventId: event.id,
              userId: credit.userId,
            };
          });
        await enqueueMails(trx, mails);
      },
    },
    // After the commit of an event's handling, its mail (if any) is there to send.
    delivered: (_event, outcome) => {
      if (outcome === 'handled') wakeDelivery();
    },
  };
}
