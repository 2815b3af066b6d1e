import { z } from 'zod';
import {
  applicationGenres,
  contactMessageStatuses,
  currencies,
  paymentMethodTypes,
  releaseStatuses,
  releaseTypes,
  roles,
  supportTicketCategories,
  supportTicketPriorities,
  supportTicketStatuses,
} from './enums.ts';
import { exportKinds, exportScopes } from './exports.ts';

/**
 * Every event type, its aggregate and its payload schema, defined once for the API, the workers and the outbox (DESIGN.md §2).
 * Names are `<aggregate>.<pastTenseVerb>`. Later features add their events here.
 */
export const aggregates = {
  release: 'releases',
  track: 'releases',
  wallet: 'wallet',
  withdrawal: 'payouts',
  paymentMethod: 'wallet',
  application: 'artists',
  user: 'artists',
  ticket: 'support',
  contact: 'support',
  newsletter: 'support',
  setting: 'platform',
  report: 'usage',
  failedEvent: 'platform',
  export: 'releases',
  split: 'releases',
  payee: 'releases',
  expense: 'releases',
  storeTarget: 'platform',
  delivery: 'releases',
  smartlink: 'smartlinks',
  fan: 'smartlinks',
} as const;

export type AggregateType = keyof typeof aggregates;
/** The Kafka topic family (`<prefix>.<family>`) an aggregate's events are published to. */
export type AggregateFamily = (typeof aggregates)[AggregateType];

const applicationDecision = z.object({
  userId: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  artistName: z.string(),
});

export const eventSchemas = {
  'application.submitted': z.object({
    userId: z.string(),
    email: z.string().nullable(),
    artistName: z.string(),
    genre: z.enum(applicationGenres),
  }),
  'application.approved': applicationDecision,
  'application.rejected': applicationDecision.extend({ reason: z.string().nullish() }),
  'ticket.opened': z.object({
    userId: z.string(),
    subject: z.string(),
    priority: z.enum(supportTicketPriorities),
    category: z.enum(supportTicketCategories).nullable(),
  }),
  'ticket.updated': z.object({
    status: z.enum(supportTicketStatuses),
    assignedTo: z.string().nullable(),
    changed: z.array(z.enum(['status', 'assignedTo'])),
  }),
  /** A reply in a ticket's conversation; the notifications group emails the other side. */
  'ticket.messagePosted': z.object({
    ticketId: z.string(),
    userId: z.string(),
    fromTeam: z.boolean(),
    subject: z.string(),
    body: z.string(),
  }),
  'contact.received': z.object({ name: z.string(), email: z.string(), subject: z.string() }),
  /** An admin set a contact message's status by hand (`read`: handled; `new`: back in the inbox). */
  'contact.statusChanged': z.object({
    status: z.enum(['new', 'read']),
    previous: z.enum(contactMessageStatuses),
  }),
  /** An admin answered a contact message: the notifications group emails `message` to the visitor. */
  'contact.replied': z.object({
    name: z.string(),
    email: z.string(),
    subject: z.string(),
    message: z.string(),
  }),
  'newsletter.subscribed': z.object({ email: z.string(), reactivated: z.boolean() }),
  'setting.changed': z.object({
    settingKey: z.string().min(1),
    settingValue: z.string(),
    previousValue: z.string().nullable(),
  }),
  /** `isApproved`: whether the artist area opened with the account (events before it was added lack it). */
  'user.signedUp': z.object({
    email: z.string().nullable(),
    role: z.enum(roles),
    isApproved: z.boolean().optional(),
  }),
  /** `isApproved`: the user's approval after the change (a promotion at sign-in approves too). */
  'user.roleChanged': z.object({
    from: z.enum(roles),
    to: z.enum(roles),
    reason: z.string(),
    isApproved: z.boolean().optional(),
  }),
  /**
   * An admin opened (true) or closed (false) a user's artist area; `applicationId` names the application
   * whose status followed (pending to approved, or approved to rejected), if one did.
   */
  'user.approvalChanged': z.object({
    isApproved: z.boolean(),
    applicationId: z.string().nullable(),
  }),
  'user.currencyChanged': z.object({ from: z.enum(currencies), to: z.enum(currencies) }),
  /** The Settings page's toggles as they now are, and which of them changed (`adminAlerts`: admins only). */
  'user.notificationSettingsChanged': z.object({
    emailNotifications: z.boolean(),
    royaltyUpdates: z.boolean(),
    marketing: z.boolean(),
    adminAlerts: z.boolean().optional(),
    changed: z.array(z.enum(['emailNotifications', 'royaltyUpdates', 'marketing', 'adminAlerts'])),
  }),
  'user.passwordChanged': z.object({}),
  /** The address was proven (never the link's token: tokens stay out of the log). */
  'user.emailVerified': z.object({ email: z.string() }),
  /** A password was set through an emailed reset link; every session of the account ended. */
  'user.passwordReset': z.object({}),
  /** An authenticator app was confirmed (and recovery codes issued) or turned off on the account. */
  'user.secondFactorEnabled': z.object({}),
  'user.secondFactorDisabled': z.object({}),
  'release.created': z.object({
    userId: z.string(),
    title: z.string(),
    releaseType: z.enum(releaseTypes),
    trackCount: z.number().int(),
  }),
  'release.updated': z.object({
    changed: z.array(z.enum(['title', 'albumArt', 'releaseArtists', 'artwork'])),
  }),
  'release.deleted': z.object({ userId: z.string(), title: z.string() }),
  'release.submitted': z.object({ userId: z.string(), feeCoins: z.string() }),
  'release.approved': z.object({
    userId: z.string(),
    upc: z.string(),
    isrcs: z.array(z.object({ trackId: z.string(), isrc: z.string() })),
  }),
  'release.rejected': z.object({ userId: z.string(), reason: z.string() }),
  /**
   * An admin set up or changed a store's drop box (the aggregate: the target; docs/delivery.md): the
   * fields that changed, by name, and whether the credentials were replaced (never their values).
   */
  'storeTarget.saved': z.object({
    store: z.string(),
    changed: z.array(z.string()),
    credentialsReplaced: z.boolean(),
  }),
  'storeTarget.deleted': z.object({ store: z.string() }),
  /**
   * A release was delivered to a store (the aggregate: the delivery): its batch is complete in the drop box,
   * manifest last; `attempt` counts the tries of that delivery.
   */
  /**
   * A store's acknowledgement set a delivery's state (the aggregate: the delivery): `status` as the store
   * said it, with its ErrorText; `redeliver` when the store asked for the same material again
   * (ManualCheckRequired=false).
   */
  'delivery.acknowledged': z.object({
    releaseId: z.string(),
    store: z.string(),
    status: z.string(),
    error: z.string().nullable(),
    redeliver: z.boolean(),
  }),
  /**
   * The artist asked for a release to be taken down (the aggregate: the release; docs/delivery.md): from
   * these stores (null: every one that has it), in these countries (null: everywhere), from this date on
   * (null: at once). The `delivery` group sends each store the release's deals as they now stand.
   */
  'release.takedownRequested': z.object({
    userId: z.string(),
    changeId: z.string(),
    stores: z.array(z.string()).nullable(),
    territories: z.array(z.string()).nullable(),
    effectiveOn: z.string().nullable(),
  }),
  /**
   * A correction of a live release (the aggregate: the release; docs/delivery.md): the artist proposed it,
   * then an admin approved it (the release now carries it, `changed` names the fields, and the stores that
   * have the release are sent it) or rejected it with a reason; or the artist withdrew it while it waited.
   */
  'release.correctionRequested': z.object({ userId: z.string(), changeId: z.string() }),
  'release.corrected': z.object({ userId: z.string(), changeId: z.string(), changed: z.array(z.string()) }),
  'release.correctionRejected': z.object({ userId: z.string(), changeId: z.string(), reason: z.string() }),
  'release.correctionWithdrawn': z.object({ userId: z.string(), changeId: z.string() }),
  /** An admin removed a release from every store for good (PurgeReleaseMessage; the aggregate: the release). */
  'release.purged': z.object({ userId: z.string(), changeId: z.string() }),
  /** An admin asked for a delivery to be sent again (the aggregate: the delivery; docs/delivery.md). */
  'delivery.redeliveryRequested': z.object({ releaseId: z.string(), store: z.string() }),
  'delivery.sent': z.object({
    releaseId: z.string(),
    /** new, update, takedown or purge (older events: new). */
    kind: z.enum(['new', 'update', 'takedown', 'purge']).optional(),
    store: z.string(),
    batchId: z.string(),
    messageId: z.string(),
    attempt: z.number().int(),
  }),
  'track.updated': z.object({ releaseId: z.string(), changed: z.array(z.enum(['title'])) }),
  'paymentMethod.added': z.object({
    userId: z.string(),
    type: z.enum(paymentMethodTypes),
    isDefault: z.boolean(),
  }),
  'paymentMethod.removed': z.object({ userId: z.string(), promotedId: z.string().nullable() }),
  'paymentMethod.defaultSet': z.object({ userId: z.string(), previousId: z.string().nullable() }),
  'withdrawal.requested': z.object({ userId: z.string(), amount: z.string(), paymentMethodId: z.string() }),
  'withdrawal.approved': z.object({ userId: z.string(), amount: z.string(), adminNotes: z.string() }),
  'withdrawal.declined': z.object({ userId: z.string(), amount: z.string(), adminNotes: z.string() }),
  'withdrawal.paymentStarted': z.object({ userId: z.string(), amount: z.string() }),
  /** `paymentReference`: the UTR or PayPal/bank reference (completions before it was recorded lack it). */
  'withdrawal.completed': z.object({
    userId: z.string(),
    amount: z.string(),
    paymentReference: z.string().optional(),
  }),
  'wallet.orderCreated': z.object({ userId: z.string(), orderId: z.string(), amount: z.string() }),
  'wallet.paymentCompleted': z.object({ userId: z.string(), orderId: z.string(), coinsAdded: z.string() }),
  'wallet.paymentFailed': z.object({ userId: z.string(), orderId: z.string(), message: z.string() }),
  'track.deleted': z.object({ releaseId: z.string(), title: z.string(), trackNumber: z.number().int() }),
  /** camelCase like every event type (the events table's check refuses an underscore). */
  'track.audioUploaded': z.object({
    releaseId: z.string(),
    size: z.number().int(),
    format: z.enum(['wav', 'mp3']),
    duration: z.number().int().nullable(),
    sha256: z.string(),
  }),
  /** An admin uploaded a store report (the aggregate): the `reports` group imports it. */
  'report.uploaded': z.object({
    filename: z.string(),
    size: z.number().int(),
    contentHash: z.string(),
    forced: z.boolean(),
  }),
  /** The import's summary: what the report's lines became, and the totals it added. */
  'report.imported': z.object({
    lines: z.number().int(),
    matched: z.number().int(),
    unmatched: z.number().int(),
    invalid: z.number().int(),
    streams: z.number().int(),
    downloads: z.number().int(),
    /** USD before commission, 8 decimals. */
    revenueUsd: z.string(),
    /** USD credited to the artists' royalty ledger. */
    royaltiesUsd: z.string(),
    /** How many artists were credited, and for which sale months. */
    artists: z.number().int(),
    periods: z.array(z.string()),
  }),
  /** A part of a report in several files is in; nothing counts until the parts still `missing` are. */
  'report.waiting': z.object({
    messageId: z.string(),
    fileNumber: z.number().int(),
    numberOfFiles: z.number().int(),
    missing: z.array(z.number().int()),
  }),
  /** The report's amounts are not sane: its lines are read, nothing is credited until an admin confirms. */
  'report.held': z.object({ reasons: z.array(z.string()) }),
  /** The file could not be imported at all (nothing was counted): why. */
  'report.failed': z.object({ reason: z.string() }),
  /** A release export was asked for (the aggregate: its job row): the `exports` group builds it. */
  'export.requested': z.object({
    kind: z.enum(exportKinds),
    scope: z.enum(exportScopes),
    totalReleases: z.number().int(),
    releaseId: z.string().nullable(),
    releaseStatus: z.enum(releaseStatuses).nullable(),
  }),
  /** The export's files are all in storage. */
  'export.completed': z.object({
    kind: z.enum(exportKinds),
    totalReleases: z.number().int(),
    files: z.number().int(),
  }),
  /** The export could not be built, after its retries: why. */
  'export.failed': z.object({ kind: z.enum(exportKinds), reason: z.string() }),
  /**
   * A release owner set a new version of the release's split or a track's (the aggregate: the version), from the sale
   * month `effectiveFrom` on; `invited` names the payees created by it (their invites are still to send);
   * `previous` is the version it follows (the latest starting before it) with its shares, the audit's
   * "before" (null for the first; absent from events written before it was recorded).
   */
  'split.created': z.object({
    releaseId: z.string(),
    /** The track whose own split this is; null for the release's (absent from events written before). */
    trackId: z.string().nullable().default(null),
    effectiveFrom: z.string(),
    shares: z.array(z.object({ payeeId: z.string(), percent: z.string() })),
    invited: z.array(z.string()),
    previous: z
      .object({
        splitId: z.string(),
        effectiveFrom: z.string(),
        shares: z.array(z.object({ payeeId: z.string(), percent: z.string() })),
      })
      .nullable()
      .default(null),
  }),
  /** The owner asked to mail an invited payee (the aggregate) a fresh accept link, naming the release. */
  'payee.inviteSent': z.object({ ownerId: z.string(), releaseId: z.string() }),
  /** The invited person accepted (as `userId`): the shares held for them moved to them, `released` USD. */
  'payee.accepted': z.object({ ownerId: z.string(), userId: z.string(), released: z.string() }),
  /** The owner took back an unaccepted invite: what was held (`returned` USD) and later parts are theirs. */
  'payee.withdrawn': z.object({ ownerId: z.string(), releaseId: z.string(), returned: z.string() }),
  /** A release owner recorded an expense (the aggregate), repaid to the payee `paidBy` before any split. */
  'expense.recorded': z.object({
    releaseId: z.string(),
    amountUsd: z.string(),
    paidBy: z.string(),
    note: z.string().nullable(),
  }),
  /** The owner deleted an expense nothing was repaid on. */
  'expense.deleted': z.object({ releaseId: z.string(), amountUsd: z.string(), paidBy: z.string() }),
  /** The artist changed their SmartLink (the aggregate): the fields by name. */
  'smartlink.updated': z.object({
    releaseId: z.string(),
    userId: z.string(),
    slug: z.string(),
    changed: z.array(z.enum(['slug', 'collectEmails'])),
  }),
  /** An admin disabled the page for abuse (its reason), or enabled it again. */
  'smartlink.disabled': z.object({ releaseId: z.string(), reason: z.string() }),
  'smartlink.enabled': z.object({ releaseId: z.string() }),
  /**
   * A person (never a known bot) opened the page or followed a store's button (the aggregate: the SmartLink);
   * country where the proxy said it, UTM source and campaign where the address carried them.
   */
  'smartlink.viewed': z.object({
    country: z.string().nullable(),
    utmSource: z.string().nullable(),
    utmCampaign: z.string().nullable(),
  }),
  'smartlink.clicked': z.object({
    store: z.string(),
    country: z.string().nullable(),
    utmSource: z.string().nullable(),
    utmCampaign: z.string().nullable(),
  }),
  /**
   * A fan (the aggregate) pre-saved a release on its SmartLink; `confirmed` says whether their address was
   * already proven (otherwise the notifications group mails the confirmation link).
   */
  'fan.presaved': z.object({
    smartlinkId: z.string(),
    releaseId: z.string(),
    artistId: z.string(),
    confirmed: z.boolean(),
    country: z.string().nullable(),
    utmSource: z.string().nullable(),
    utmCampaign: z.string().nullable(),
  }),
  /** The fan opened the emailed link: their pre-saves count and the release-day mail will reach them. */
  'fan.confirmed': z.object({ artistId: z.string(), smartlinkId: z.string().nullable() }),
  'fan.unsubscribed': z.object({ artistId: z.string() }),
  /** The fan asked to be forgotten: their row and pre-saves are gone; the event keeps no address. */
  'fan.deleted': z.object({ artistId: z.string() }),
  /** An admin asked to deliver a parked event (a `failed_events` row, the aggregate) again to its group. */
  'failedEvent.replayRequested': z.object({ group: z.string().min(1), eventId: z.string().min(1) }),
} as const;

export type EventType = keyof typeof eventSchemas;
export type EventPayload<T extends EventType> = z.infer<(typeof eventSchemas)[T]>;

export function aggregateOf(type: EventType): AggregateType {
  return type.slice(0, type.indexOf('.')) as AggregateType;
}

export function familyOf(aggregateType: string): AggregateFamily {
  const family = (aggregates as Record<string, AggregateFamily>)[aggregateType];
  if (!family) throw new Error(`unknown aggregate type: ${aggregateType}`);
  return family;
}
