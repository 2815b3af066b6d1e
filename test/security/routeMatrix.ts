/**
 * The authorization matrix's table: one entry per route of `allRoutes()`, keyed `METHOD /path` as the
 * route table spells it (without `/api`). A route added without an entry here fails
 * test/security/authorization.int.test.ts, which calls every route as five personas and expects the
 * statuses the entry's audience and ownership imply:
 *
 * | audience   | anonymous | pending | artist A | artist B | admin |
 * | ---------- | --------- | ------- | -------- | -------- | ----- |
 * | `public`   | ok        | ok      | ok       | ok       | ok    |
 * | `user`     | 401       | ok      | ok       | ok       | ok    |
 * | `approved` | 401       | 403     | ok       | ok       | ok    |
 * | `earner`   | 401       | 403     | ok       | ok       | ok    |
 * | `admin`    | 401       | 403     | 403      | 403      | ok    |
 *
 * `ok` is the route's own success status (`status`, 302 for a `redirect`, else 200). With `ownedBy: 'A'`
 * the path names artist A's resource: past the gate, everyone but A gets 404, as for an id that does not
 * exist. `entitled` states what a caller the gate lets through gets instead of `ok` (409 for an approved
 * artist applying again); it cannot turn a refusal into a success.
 */
import { randomUUID } from 'node:crypto';
import {
  Application,
  ContactMessage,
  Delivery,
  DeliveryAcknowledgement,
  Event,
  openUsageStaging,
  hashInviteToken,
  newInviteToken,
  Payee,
  PaymentMethod,
  PlatformSetting,
  ReleaseChange,
  credentialsKey,
  encryptCredentials,
  StoreTarget,
  setPendingSecondFactor,
  Split,
  SplitShare,
  writeStoreReportLines,
  type Db,
  type Release,
  type Storage,
  type User,
} from '@riffline/db';
import { storeIds } from '@riffline/contracts';
import { generateSecret } from 'otplib';
import { encryptSecret } from '../../api/src/identityProvider/secondFactor.ts';
import { SIGNATURE_HEADER, signWebhook } from '../../api/src/payments/webhookSignature.ts';
import type { Audience } from '../../api/src/routes/route.ts';
import { unique } from '#test/support/db.ts';
import { failEvent } from '#test/support/eventLog.ts';
import {
  buildApplication,
  buildArtist,
  buildExport,
  buildRelease,
  buildSupportTicket,
  buildTrack,
  validApplication,
} from '#test/support/factories.ts';
import { png, wav } from '#test/support/media.ts';
import { buildSmartLink } from '#test/support/smartLinks.ts';
import { codeAt } from '#test/support/secondFactor.ts';
import type { Person } from '#test/support/signIn.ts';

export const personaNames = ['anonymous', 'pending', 'A', 'B', 'admin'] as const;
export type PersonaName = (typeof personaNames)[number];
export type SignedIn = Exclude<PersonaName, 'anonymous'>;

export interface Persona {
  name: PersonaName;
  /** The signed-in user and the account they signed up with; absent for the anonymous visitor. */
  user?: User;
  person?: Person;
}

/** What a route's fixture gets, afresh for each persona's call. */
export interface Fixture {
  db: Db;
  /** The server's object storage (local in tests: its signed URLs are the API's GET /files/:key). */
  storage: Storage;
  /** Who makes this call (a throwaway session of the persona's kind when the entry asks for one). */
  caller: Persona;
  personas: Record<SignedIn, Persona & { user: User; person: Person }>;
  /** Records values (names, subjects, emails) as private to a persona: nobody else may be shown them. */
  own(owner: PersonaName, ...values: string[]): void;
}

/** The request: the path under /api with its params filled (and any query), and a valid body. */
export interface Call {
  path?: string;
  /** JSON, unless `contentType` says otherwise (an upload): then a string or bytes, sent as they are. */
  body?: unknown;
  contentType?: string;
  /** Further headers, e.g. a webhook's signature. */
  headers?: Record<string, string>;
}

/** The matrix server's PAYMENT_WEBHOOK_SECRET: the webhook's entry signs its calls with it. */
export const matrixWebhookSecret = 'whsec-authorization-matrix-0123456789';

export interface MatrixEntry {
  /** Who may call the route; the expected statuses follow from it (not from the route table). */
  audience: Audience;
  /** The path names a resource of artist A (by id). */
  ownedBy?: 'A';
  /** What a caller the gate lets through gets instead of the route's success status (say why beside it). */
  entitled?: Partial<Record<PersonaName, number>>;
  /** The call ends or changes the caller's session: each persona makes it from a fresh one of its kind. */
  throwawaySession?: true;
  /**
   * The route needs a sign-in with a second factor within 10 minutes (`stepUp`): each signed-in persona
   * sets up an authenticator app (once) and signs in again with it before the call; with
   * `throwawaySession`, the fresh session does so.
   */
  secondFactor?: true;
  /** Why this route may show one persona another's data by design (printed under the matrix). */
  sharesData?: string;
  /** Builds the call, creating what it needs (A's application, A's ticket…). */
  request?: (f: Fixture) => Call | Promise<Call>;
}

/** Artist A's pending application (one at a time per artist), with private names. */
async function applicationOfA(f: Fixture) {
  const userId = f.personas.A.user.id;
  const pending = await Application.query(f.db).findOne({ userId, status: 'pending' });
  if (pending) return pending;
  const artistName = unique('A-artist-name');
  const legalName = unique('A-legal-name');
  f.own('A', artistName, legalName);
  return buildApplication(f.db, { userId, artistName, legalName });
}

/** An open ticket of artist A, with a private subject and message. */
/** A pending payout request of A's, to one of A's payment methods. */
async function withdrawalOfA(f: Fixture): Promise<string> {
  const methodId = await paymentMethodOfA(f);
  const rows = await f
    .db('withdrawal_requests')
    .insert({
      user_id: f.personas.A.user.id,
      payment_method_id: methodId,
      amount: '30.00',
      status: 'pending',
    })
    .returning('id');
  const id = (rows[0] as { id: string }).id;
  f.own('A', id);
  return id;
}

/** A drop box as the console sets one up (the store is filled in per call: one per store), switched off. */
const storeTargetBody = {
  protocol: 'sftp',
  host: 'sftp.store.example',
  port: 22,
  folder: 'inbox',
  username: 'riffline',
  dpid: 'PADPIDA0STORE0',
  // Off: a release approved by another suite on this database must not be delivered to it.
  enabled: false,
  credentials: { password: 'a store password' },
};

/** A store that has no drop box yet (each has at most one). */
async function freeStore(f: Fixture): Promise<string> {
  const taken = new Set((await StoreTarget.query(f.db).select('store')).map((t) => t.store));
  return storeIds.find((id) => !taken.has(id))!;
}

/** A new drop box, for each call that reads, changes or deletes one. */
async function storeTarget(f: Fixture) {
  const { credentials, ...body } = storeTargetBody;
  const key = await credentialsKey(f.db, undefined);
  return StoreTarget.query(f.db)
    .insert({
      ...body,
      protocol: 'sftp',
      store: await freeStore(f),
      credentials: encryptCredentials(key, credentials),
    })
    .returning('*');
}

/** A delivery of a release of A to one drop box the delivery routes share (switched off, as all here). */
async function deliveryOfA(f: Fixture) {
  const target =
    (await StoreTarget.query(f.db).findOne({ dpid: 'PADPIDA0MATRIX0' })) ??
    (await StoreTarget.query(f.db).patchAndFetchById((await storeTarget(f)).id, { dpid: 'PADPIDA0MATRIX0' }));
  const { release } = await releaseOfA(f, { status: 'live' });
  return Delivery.query(f.db)
    .insert({
      releaseId: release.id,
      targetId: target.id,
      batchId: '20261210120000000',
      messageId: randomUUID(),
      status: 'error',
      error: 'The release has no territory the store sells in.',
    })
    .returning('*');
}

/** An acknowledgement file a store wrote, kept as it came. */
async function acknowledgement(f: Fixture) {
  const delivery = await deliveryOfA(f);
  return DeliveryAcknowledgement.query(f.db)
    .insert({
      targetId: delivery.targetId,
      fileName: `ACK_${randomUUID()}.xml`,
      body: '<html>Service Unavailable</html>',
      problem: 'It is not an AcknowledgementMessage (its root is html)',
    })
    .returning('*');
}

/** A correction of a live release of A, waiting for review. */
async function correction(f: Fixture) {
  const { release } = await releaseOfA(f, { status: 'live' });
  return ReleaseChange.query(f.db)
    .insert({
      releaseId: release.id,
      kind: 'correction',
      status: 'pending',
      proposed: { title: 'Corrected' },
      previous: { title: release.title },
    })
    .returning('*');
}

async function growthSetting(f: Fixture) {
  return (await PlatformSetting.query(f.db).findOne({ settingKey: 'streams_growth_percentage' }))!;
}

/** A new message from a visitor, for each call that reads or answers one. */
async function contactMessage(f: Fixture) {
  return ContactMessage.query(f.db)
    .insert({ name: 'Visitor', email: 'visitor@example.test', subject: 'Hello', message: 'A question' })
    .returning('*');
}

async function ticketOfA(f: Fixture) {
  const subject = unique('A-ticket-subject');
  const message = unique('A-ticket-message');
  f.own('A', subject, message);
  return buildSupportTicket(f.db, { userId: f.personas.A.user.id, subject, message });
}

/**
 * A release of artist A with one track, ready to submit (checklist confirmed, a cover, audio ready, a
 * future date): a draft unless said, `processing` for the admin's review. Its title, its track's and its
 * id are A's.
 */
/** A bank account of A's that is not the default (so making it one changes something). */
async function paymentMethodOfA(f: Fixture): Promise<string> {
  const accountHolderName = unique('A-account-holder');
  const method = await PaymentMethod.query(f.db)
    .insert({
      userId: f.personas.A.user.id,
      type: 'bank_transfer',
      accountHolderName,
      accountNumber: '1234567890',
      ifscCode: 'HDFC0001234',
      isDefault: false,
    })
    .returning('*');
  f.own('A', accountHolderName, method.id);
  return method.id;
}

/** A's release with its SmartLink. */
async function smartLinkOfA(f: Fixture) {
  return buildSmartLink(f.db, (await releaseOfA(f)).release);
}

async function releaseOfA(f: Fixture, fields: Partial<Release> = {}) {
  const title = unique('A-release-title');
  const trackTitle = unique('A-track-title');
  const release = await buildRelease(f.db, {
    userId: f.personas.A.user.id,
    title,
    releaseDate: inDays(30),
    explicitContentLabeled: true,
    authorizedToDistribute: true,
    noUnauthorizedArtistName: true,
    artworkKey: `artwork/${title}`,
    artworkFormat: 'png',
    artworkSize: 1000,
    artworkWidth: 3000,
    artworkHeight: 3000,
    ...fields,
  });
  const track = await buildTrack(f.db, {
    releaseId: release.id,
    title: trackTitle,
    audioState: 'ready',
    audioFormat: 'wav',
    audioSize: 1000,
    audioKey: `audio/${release.id}`,
  });
  f.own('A', title, trackTitle, release.id, track.id);
  return { release, track };
}

/** An invited payee of A's in a split of one of A's releases (for the owner's invite routes). */
async function invitedPayeeOfA(f: Fixture) {
  const { release } = await releaseOfA(f);
  const email = `${unique('a-invited')}@example.test`.toLowerCase();
  f.own('A', email);
  const payee = await Payee.query(f.db)
    .insert({ ownerId: f.personas.A.user.id, email, status: 'invited' })
    .returning('*');
  const split = await Split.query(f.db)
    .insert({ releaseId: release.id, trackId: null, effectiveFrom: '2030-01', createdBy: release.userId })
    .returning('*');
  await SplitShare.query(f.db).insert({ splitId: split.id, payeeId: payee.id, percent: '100' });
  return `/releases/${release.id}/splits/payees/${payee.id}`;
}

/** An expense of one of A's releases, paid by A, nothing repaid on it (for the owner's delete). */
async function expenseOfA(f: Fixture) {
  const { release } = await releaseOfA(f);
  const owner = f.personas.A.user.id;
  const payee =
    (await Payee.query(f.db).findOne({ ownerId: owner, status: 'owner' })) ??
    (await Payee.query(f.db).insert({ ownerId: owner, userId: owner, status: 'owner' }).returning('*'));
  const [expense] = (await f
    .db('release_expenses')
    .insert({ releaseId: release.id, amountUsd: '10.00', paidBy: payee.id, createdBy: owner })
    .returning('id')) as Array<{ id: string }>;
  return `/releases/${release.id}/expenses/${expense!.id}`;
}

/**
 * A live invite link's token, from an artist who is none of the personas: whoever holds the link may see
 * it and accept it, and no persona is its owner (who could not).
 */
async function inviteToken(f: Fixture) {
  const owner = await buildArtist(f.db);
  const release = await buildRelease(f.db, { userId: owner.id });
  const token = newInviteToken();
  const payee = await Payee.query(f.db)
    .insert({
      ownerId: owner.id,
      email: `${unique('invited')}@example.test`.toLowerCase(),
      status: 'invited',
      inviteTokenHash: hashInviteToken(token),
      inviteExpiresAt: new Date(Date.now() + 86_400_000),
      inviteSentAt: new Date(),
    })
    .returning('*');
  const split = await Split.query(f.db)
    .insert({ releaseId: release.id, trackId: null, effectiveFrom: '2030-01', createdBy: owner.id })
    .returning('*');
  await SplitShare.query(f.db).insert({ splitId: split.id, payeeId: payee.id, percent: '100' });
  return token;
}

/** An export of one of A's releases, asked for by A (pending), named by its release's title. */
async function exportOfA(f: Fixture) {
  const { release } = await releaseOfA(f);
  const job = await buildExport(f.db, {
    requestedBy: f.personas.A.user.id,
    releaseIds: [release.id],
    title: release.title,
  });
  f.own('A', job.id);
  return job;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A store report as the admin console uploads it: multipart/form-data, a file of its own each time. */
function reportUpload(): Call {
  const boundary = `----riffline-matrix-${randomUUID()}`;
  const csv = `Period,Store,Country,ISRC,Sale Type,Units,Net Revenue,Currency\n2026-10,Spotify,IN,QZABC2600001,stream,1,0.01,USD\n2026-10,Spotify,IN,${randomUUID()},stream,1,0.01,USD\n`;
  const body = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="matrix.csv"\r\n` +
      `Content-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
  );
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** An import job, as an upload leaves it (no artist's data: reports are the platform's). */
async function reportOf(f: Fixture): Promise<string> {
  const rows = await f
    .db('store_reports')
    .insert({
      filename: 'matrix.csv',
      file_key: `reports/${randomUUID()}.csv`,
      content_hash: randomUUID(),
      size: 1,
    })
    .returning('id');
  return (rows[0] as { id: string }).id;
}

/** A report the import held (its lines read, as an import writes them, and nothing credited). */
async function heldReportOf(f: Fixture): Promise<string> {
  const id = await reportOf(f);
  await f.db.transaction(async (trx) => {
    await openUsageStaging(trx);
    await writeStoreReportLines(trx, id);
  });
  await f.db('store_reports').where({ id }).update({ status: 'held' });
  return id;
}

/** A royalty ledger row of A's, for one of A's releases. */
async function royaltyOfA(f: Fixture): Promise<string> {
  const { release } = await releaseOfA(f);
  const rows = await f
    .db('royalties')
    .insert({ user_id: f.personas.A.user.id, release_id: release.id, amount: '12.34', period: '2026-10' })
    .returning('id');
  const id = (rows[0] as { id: string }).id;
  f.own('A', id);
  return id;
}

/** This month's statement of the caller, who was credited this month (a month with nothing is a 404). */
async function statementOfCaller(f: Fixture, suffix: string) {
  if (f.caller.user) {
    await f.db('royalties').insert({ user_id: f.caller.user.id, amount: '12.34', period: '2026-10' });
  }
  return { path: `/statements/${new Date().toISOString().slice(0, 7)}${suffix}` };
}

/** A usage row of one of A's releases. */
async function analyticsOfA(f: Fixture): Promise<string> {
  const { release } = await releaseOfA(f);
  const rows = await f
    .db('analytics')
    .insert({
      report_id: await reportOf(f),
      user_id: f.personas.A.user.id,
      release_id: release.id,
      platform: 'Spotify',
      country: 'IN',
      streams: 120,
      revenue_usd: '0.35',
      date: '2026-10-01',
      end_date: '2026-10-31',
    })
    .returning('id');
  const id = (rows[0] as { id: string }).id;
  f.own('A', id);
  return id;
}

/** An email address private to the caller. */
function callersEmail(f: Fixture) {
  const email = `${unique(`${f.caller.name}-mail`)}@example.test`.toLowerCase();
  f.own(f.caller.name, email);
  return email;
}

export const routeMatrix: Record<string, MatrixEntry> = {
  'GET /health': { audience: 'public' },

  // Sign-in: browser navigations, the same for everyone.
  'GET /login': { audience: 'public', request: () => ({ path: '/login?returnTo=/dashboard' }) },
  // The issuer's 'denied' answer: back to / whoever asks (a real code needs the provider's round trip).
  'GET /callback': { audience: 'public', request: () => ({ path: '/callback?error=access_denied' }) },
  // A navigation from the site itself signs out (from another site: a page that asks, see session.int.test.ts).
  'GET /logout': {
    audience: 'public',
    throwawaySession: true,
    request: () => ({ headers: { 'sec-fetch-site': 'same-origin' } }),
  },
  // A same-origin POST (another site cannot sign anyone out) answering where to go next.
  'POST /logout': { audience: 'public', throwawaySession: true },
  'GET /auth/provider': { audience: 'public' },
  'GET /auth/user': { audience: 'user' },
  'PATCH /auth/user/currency': { audience: 'user', request: () => ({ body: { currency: 'EUR' } }) },
  'POST /auth/password': {
    audience: 'user',
    throwawaySession: true,
    request: ({ caller }) => ({
      body: {
        currentPassword: caller.person?.password ?? 'not signed in',
        newPassword: 'another correct horse',
      },
    }),
  },

  // The authenticator app: its state, a set-up started, confirmed with the app's code (a fresh session's
  // account, so that the personas' own stay without one), and turned off after signing in with it.
  'GET /auth/second-factor': { audience: 'user' },
  'POST /auth/second-factor/enrolment': { audience: 'user' },
  'POST /auth/second-factor/confirmation': {
    audience: 'user',
    throwawaySession: true,
    request: async (f) => {
      if (!f.caller.user) return { body: { code: '123456' } };
      const secret = generateSecret();
      await setPendingSecondFactor(f.db, f.caller.user.id, await encryptSecret(f.db, secret), new Date());
      return { body: { code: codeAt(secret, Math.floor(Date.now() / 30_000)) } };
    },
  },
  'DELETE /auth/second-factor': { audience: 'user', throwawaySession: true, secondFactor: true },

  // The personas' addresses are not verified yet: each gets a new link by email.
  'POST /auth/verification-email': { audience: 'user' },

  // Public pages and forms.
  'GET /help/categories': { audience: 'public' },
  'GET /help/categories/:slug': {
    audience: 'public',
    request: () => ({ path: '/help/categories/getting-started' }),
  },
  'GET /help/articles/popular': { audience: 'public' },
  'GET /help/articles/:id': {
    audience: 'public',
    request: () => ({ path: '/help/articles/applying-to-riffline' }),
  },
  'GET /help/search': { audience: 'public', request: () => ({ path: '/help/search?q=royalties' }) },
  'POST /contact': {
    audience: 'public',
    request: (f) => ({
      body: {
        name: 'Sam Fan',
        email: callersEmail(f),
        subject: 'Question',
        message: 'How do I send you my demo?',
      },
    }),
  },
  'POST /newsletter': { audience: 'public', request: (f) => ({ body: { email: callersEmail(f) } }) },
  'GET /dev/mail': {
    audience: 'public',
    sharesData:
      "the local mail outbox, everyone's, readable without signing in on purpose; 404 in production or with SMTP_URL",
  },
  'GET /openapi.json': { audience: 'public' },
  'GET /docs': { audience: 'public' },

  // An artist's own area: their application, tickets and wallet; nobody else's.
  'POST /applications': {
    audience: 'user',
    // The pending persona was rejected once and applies again; approved accounts cannot apply.
    entitled: { A: 409, B: 409, admin: 409 },
    request: (f) => {
      const artistName = unique(`${f.caller.name}-artist-name`);
      f.own(f.caller.name, artistName);
      return { body: { ...validApplication(), artistName } };
    },
  },
  'GET /applications/mine': { audience: 'user' },
  'GET /support-tickets': { audience: 'user' },
  'POST /support-tickets': {
    audience: 'user',
    request: (f) => {
      const subject = unique(`${f.caller.name}-ticket-subject`);
      f.own(f.caller.name, subject);
      return { body: { subject, message: 'Where is my release?' } };
    },
  },
  'GET /support-tickets/:id/messages': {
    audience: 'user',
    ownedBy: 'A',
    request: async (f) => ({ path: `/support-tickets/${(await ticketOfA(f)).id}/messages` }),
  },
  'POST /support-tickets/:id/messages': {
    audience: 'user',
    ownedBy: 'A',
    request: async (f) => ({
      path: `/support-tickets/${(await ticketOfA(f)).id}/messages`,
      body: { message: 'Any news?' },
    }),
  },
  'GET /user/coins': { audience: 'approved' },
  'GET /user/notifications': { audience: 'approved' },
  'PATCH /user/notifications': { audience: 'approved', request: () => ({ body: { marketing: true } }) },

  // Money: an approved artist's own ledger and payouts.
  'GET /royalties': { audience: 'earner' },
  'GET /statements': { audience: 'earner' },
  'GET /statements/:month': { audience: 'earner', request: (f) => statementOfCaller(f, '') },
  'GET /statements/:month.csv': { audience: 'earner', request: (f) => statementOfCaller(f, '.csv') },
  'GET /statements/:month.pdf': { audience: 'earner', request: (f) => statementOfCaller(f, '.pdf') },
  'GET /analytics': { audience: 'approved', request: () => ({ path: '/analytics?days=90' }) },
  'GET /dashboard/growth': { audience: 'approved' },
  'GET /withdrawal-requests': { audience: 'earner' },
  'POST /withdrawal-requests': {
    audience: 'earner',
    secondFactor: true,
    // Whoever gets past the gate has earned 100 USD, a verified address and a payout method of their own.
    request: async (f) => {
      const user = f.caller.user;
      if (!user) return { body: { paymentMethodId: randomUUID(), amount: '25.00' } };
      await f.db('users').where({ id: user.id }).update({ email_verified: true });
      await f
        .db('royalties')
        .insert({ user_id: user.id, amount: '100.00', currency: 'USD', period: '2026-10' });
      const upiId = `${unique(f.caller.name).replace(/[^a-zA-Z0-9.]/g, '.')}@okbank`;
      f.own(f.caller.name, upiId);
      const method = await PaymentMethod.query(f.db)
        .insert({ userId: user.id, type: 'upi', upiId, isDefault: false })
        .returning('*');
      return { body: { paymentMethodId: method.id, amount: '25.00' } };
    },
  },
  'GET /admin/withdrawal-requests': { audience: 'admin' },
  'GET /admin/withdrawal-requests/:id': {
    audience: 'admin',
    ownedBy: 'A',
    request: async (f) => ({ path: `/admin/withdrawal-requests/${await withdrawalOfA(f)}` }),
  },
  'PATCH /admin/withdrawal-requests/:id': {
    audience: 'admin',
    ownedBy: 'A',
    request: async (f) => ({
      path: `/admin/withdrawal-requests/${await withdrawalOfA(f)}`,
      body: { status: 'approved' },
    }),
  },

  // Coin top-ups through the sandbox gateway.
  'POST /payment/create-order': { audience: 'approved', request: () => ({ body: { amount: 100 } }) },
  'POST /payment/verify/:orderId': {
    audience: 'approved',
    ownedBy: 'A',
    request: async (f) => {
      const orderId = `RFLMATRIX${randomUUID().replace(/-/g, '').slice(0, 16).toUpperCase()}`;
      await f.db('payment_transactions').insert({
        user_id: f.personas.A.user.id,
        type: 'recharge',
        order_id: orderId,
        amount: '10.00',
        status: 'pending',
      });
      f.own('A', orderId);
      return { path: `/payment/verify/${orderId}` };
    },
  },
  'GET /payment/transactions': { audience: 'approved' },
  // The gateway's notification, server to server: a valid signature is all it takes (a session adds
  // nothing, and none is needed). It settles A's order, paid at the sandbox gateway; the answer names only
  // the status.
  'POST /payment/webhook': {
    audience: 'public',
    request: async (f) => {
      const id = randomUUID().replace(/-/g, '').slice(0, 16).toUpperCase();
      const orderId = `RFLHOOK${id}`;
      const gatewayOrderId = `sbx_matrix_${id.toLowerCase()}`;
      await f.db('payment_transactions').insert({
        user_id: f.personas.A.user.id,
        type: 'recharge',
        order_id: orderId,
        gateway_order_id: gatewayOrderId,
        amount: '10.00',
        status: 'pending',
      });
      await f.db('sandbox_payments').insert({
        gateway_order_id: gatewayOrderId,
        order_id: orderId,
        amount: '10.00',
        status: 'paid',
        utr: `SBX${id}`,
      });
      f.own('A', orderId, gatewayOrderId);
      const body = JSON.stringify({ orderId, status: 'completed' });
      return {
        body,
        contentType: 'application/json',
        headers: { [SIGNATURE_HEADER]: signWebhook(body, matrixWebhookSecret) },
      };
    },
  },

  // Payout methods: an approved artist's own.
  'GET /payment-methods': { audience: 'earner' },
  'POST /payment-methods': {
    audience: 'earner',
    secondFactor: true,
    request: (f) => {
      const upiId = `${unique(f.caller.name).replace(/[^a-zA-Z0-9.]/g, '.')}@okbank`;
      f.own(f.caller.name, upiId);
      return { body: { type: 'upi', upiId } };
    },
  },
  'DELETE /payment-methods/:id': {
    audience: 'earner',
    ownedBy: 'A',
    request: async (f) => ({ path: `/payment-methods/${await paymentMethodOfA(f)}` }),
  },
  'PATCH /payment-methods/:id/default': {
    audience: 'earner',
    secondFactor: true,
    ownedBy: 'A',
    request: async (f) => ({ path: `/payment-methods/${await paymentMethodOfA(f)}/default` }),
  },

  // Releases: an approved artist's own; anyone else's id reads as one that does not exist.
  'GET /releases': { audience: 'approved' },
  'POST /releases': {
    audience: 'approved',
    request: (f) => {
      const title = unique(`${f.caller.name}-release-title`);
      f.own(f.caller.name, title);
      return {
        body: {
          title,
          artist: 'Maya R',
          genre: 'Electronic',
          releaseType: 'single',
          releaseDate: inDays(21),
          explicitContentLabeled: true,
          authorizedToDistribute: true,
          noUnauthorizedArtistName: true,
          tracks: [{ title: 'Night Drive', primaryArtists: ['Maya R'] }],
        },
      };
    },
  },
  'GET /releases/:id': {
    audience: 'approved',
    ownedBy: 'A',
    entitled: { admin: 200 }, // an admin may read any release (policies/releases.ts mayView)
    request: async (f) => ({ path: `/releases/${(await releaseOfA(f)).release.id}` }),
  },
  'PATCH /releases/:id': {
    audience: 'approved',
    ownedBy: 'A',
    request: async (f) => ({
      path: `/releases/${(await releaseOfA(f)).release.id}`,
      body: { title: 'Renamed' },
    }),
  },
  'DELETE /releases/:id': {
    audience: 'approved',
    ownedBy: 'A',
    request: async (f) => ({ path: `/releases/${(await releaseOfA(f)).release.id}` }),
  },
  'GET /releases/:id/tracks': {
    audience: 'approved',
    ownedBy: 'A',
    entitled: { admin: 200 },
    request: async (f) => ({ path: `/releases/${(await releaseOfA(f)).release.id}/tracks` }),
  },
  'POST /releases/:id/submit': {
    audience: 'approved',
    ownedBy: 'A',
    request: async (f) => ({ path: `/releases/${(await releaseOfA(f)).release.id}/submit` }),
  },
  'POST /releases/:id/export/drive': {
    audience: 'approved',
    ownedBy: 'A',
    entitled: { admin: 202 },
    request: async (f) => ({ path: `/releases/${(await releaseOfA(f)).release.id}/export/drive` }),
  },
  'POST /releases/:id/export/docs': {
    audience: 'approved',
    ownedBy: 'A',
    entitled: { admin: 202 },
    request: async (f) => ({ path: `/releases/${(await releaseOfA(f)).release.id}/export/docs` }),
  },
  'GET /releases/:id/deliveries': {
    audience: 'approved',
    ownedBy: 'A',
    request: async (f) => ({ path: `/releases/${(await releaseOfA(f)).release.id}/deliveries` }),
  },
  'POST /releases/:id/takedowns': {
    audience: 'approved',
    ownedBy: 'A',
    request: async (f) => ({
      path: `/releases/${(await releaseOfA(f, { status: 'live', upc: null })).release.id}/takedowns`,
      body: { territories: ['DE'] },
    }),
  },
  'POST /releases/:id/corrections': {
    audience: 'approved',
    ownedBy: 'A',
    request: async (f) => ({
      path: `/releases/${(await releaseOfA(f, { status: 'live', upc: null })).release.id}/corrections`,
      body: { title: unique('A corrected title') },
    }),
  },
  'POST /releases/:id/corrections/:changeId/withdraw': {
    audience: 'approved',
    ownedBy: 'A',
    request: async (f) => {
      const { release } = await releaseOfA(f, { status: 'live', upc: null });
      const change = await ReleaseChange.query(f.db)
        .insert({ releaseId: release.id, kind: 'correction', status: 'pending', proposed: { title: 'New' } })
        .returning('*');
      return { path: `/releases/${release.id}/corrections/${change.id}/withdraw` };
    },
  },
  'GET /releases/:id/changes': {
    audience: 'approved',
    ownedBy: 'A',
    request: async (f) => ({ path: `/releases/${(await releaseOfA(f)).release.id}/changes` }),
  },
  'GET /releases/:id/smartlink': {
    audience: 'approved',
    ownedBy: 'A',
    request: async (f) => ({ path: `/releases/${(await smartLinkOfA(f)).releaseId}/smartlink` }),
  },
  'PATCH /releases/:id/smartlink': {
    audience: 'approved',
    ownedBy: 'A',
    request: async (f) => ({
      path: `/releases/${(await smartLinkOfA(f)).releaseId}/smartlink`,
      body: { collectEmails: true },
    }),
  },
  'GET /releases/:id/smartlink/stats': {
    audience: 'approved',
    ownedBy: 'A',
    request: async (f) => ({ path: `/releases/${(await smartLinkOfA(f)).releaseId}/smartlink/stats` }),
  },
  // Each artist's own fans only: B's list never holds A's (api/src/routes/artist/smartlinks tests it).
  'GET /fans': { audience: 'approved' },
  'GET /fans/export': { audience: 'approved', secondFactor: true },
  'GET /releases/:id/splits': {
    audience: 'approved',
    ownedBy: 'A',
    request: async (f) => ({ path: `/releases/${(await releaseOfA(f)).release.id}/splits` }),
  },
  'POST /releases/:id/splits': {
    audience: 'approved',
    ownedBy: 'A',
    secondFactor: true,
    request: async (f) => {
      const email = `${unique('a-collaborator')}@example.test`.toLowerCase();
      f.own('A', email);
      return {
        path: `/releases/${(await releaseOfA(f)).release.id}/splits`,
        body: {
          effectiveFrom: '2030-01',
          shares: [
            { owner: true, percent: 60 },
            { email, percent: '40.00' },
          ],
        },
      };
    },
  },
  'POST /releases/:id/splits/payees/:payeeId/invite': {
    audience: 'approved',
    ownedBy: 'A',
    request: async (f) => ({ path: `${await invitedPayeeOfA(f)}/invite` }),
  },
  'DELETE /releases/:id/splits/payees/:payeeId': {
    audience: 'approved',
    ownedBy: 'A',
    secondFactor: true,
    request: async (f) => ({ path: await invitedPayeeOfA(f) }),
  },
  'GET /releases/:id/expenses': {
    audience: 'approved',
    ownedBy: 'A',
    request: async (f) => ({ path: `/releases/${(await releaseOfA(f)).release.id}/expenses` }),
  },
  'POST /releases/:id/expenses': {
    audience: 'approved',
    ownedBy: 'A',
    secondFactor: true,
    request: async (f) => ({
      path: `/releases/${(await releaseOfA(f)).release.id}/expenses`,
      body: { amountUsd: '100.00', paidBy: 'owner', note: 'Mastering' },
    }),
  },
  'DELETE /releases/:id/expenses/:expenseId': {
    audience: 'approved',
    ownedBy: 'A',
    secondFactor: true,
    request: async (f) => ({ path: await expenseOfA(f) }),
  },
  'GET /invites/:token': {
    audience: 'public',
    request: async (f) => ({ path: `/invites/${await inviteToken(f)}` }),
  },
  'POST /invites/:token/acceptance': {
    audience: 'user',
    request: async (f) => ({ path: `/invites/${await inviteToken(f)}/acceptance` }),
  },
  // The page of an export A asked for (a pending one: no worker builds it here).
  'GET /exports/:id': {
    audience: 'approved',
    ownedBy: 'A',
    entitled: { admin: 200 },
    request: async (f) => ({ path: `/exports/${(await exportOfA(f)).id}` }),
  },
  'PATCH /tracks/:id': {
    audience: 'approved',
    ownedBy: 'A',
    request: async (f) => ({ path: `/tracks/${(await releaseOfA(f)).track.id}`, body: { title: 'Renamed' } }),
  },
  'DELETE /tracks/:id': {
    audience: 'approved',
    ownedBy: 'A',
    // A release keeps its last track: A's release gets a second one to remove.
    request: async (f) => {
      const { release } = await releaseOfA(f);
      const title = unique('A-second-track');
      const second = await buildTrack(f.db, { releaseId: release.id, title, trackNumber: 2 });
      f.own('A', title, second.id);
      return { path: `/tracks/${second.id}` };
    },
  },
  // Uploads: the raw file as the body (refused before it is read for anyone but A).
  'PUT /tracks/:id/audio': {
    audience: 'approved',
    ownedBy: 'A',
    request: async (f) => ({
      path: `/tracks/${(await releaseOfA(f)).track.id}/audio`,
      body: wav(0.1),
      contentType: 'audio/wav',
    }),
  },
  'PUT /releases/:id/artwork': {
    audience: 'approved',
    ownedBy: 'A',
    request: async (f) => ({
      path: `/releases/${(await releaseOfA(f)).release.id}/artwork`,
      body: png(3000, 3000),
      contentType: 'image/png',
    }),
  },
  'PUT /releases/:id/corrections/artwork': {
    audience: 'approved',
    ownedBy: 'A',
    request: async (f) => ({
      path: `/releases/${(await releaseOfA(f, { status: 'live', upc: null })).release.id}/corrections/artwork`,
      body: png(3000, 3000),
      contentType: 'image/png',
    }),
  },
  // A stored file of A's through a URL signed for it, as A's release answers carry them.
  'GET /files/:key': {
    audience: 'public',
    sharesData:
      'a signed file URL is a capability: whoever holds one reads that one file until it expires (15 minutes)',
    request: async (f) => {
      const key = `audio/${(await releaseOfA(f)).release.id}/${randomUUID()}`;
      await f.storage.put(key, wav(0.1), 'audio/wav');
      const url = new URL(
        await f.storage.signedUrl(key, { expiresInSeconds: 900, contentType: 'audio/wav' }),
      );
      return { path: `${url.pathname.replace(/^\/api/, '')}${url.search}` };
    },
  },

  // The admin console, on artist A's rows.
  'GET /admin/applications': { audience: 'admin' },
  'GET /admin/applications/:id': {
    audience: 'admin',
    ownedBy: 'A',
    request: async (f) => ({ path: `/admin/applications/${(await applicationOfA(f)).id}` }),
  },
  'PATCH /admin/applications/:id': {
    audience: 'admin',
    ownedBy: 'A',
    request: async (f) => ({
      path: `/admin/applications/${(await applicationOfA(f)).id}`,
      body: { status: 'approved' },
    }),
  },
  'PUT /admin/applications/:id': {
    audience: 'admin',
    ownedBy: 'A',
    request: async (f) => ({
      path: `/admin/applications/${(await applicationOfA(f)).id}`,
      body: { status: 'approved' },
    }),
  },
  'GET /admin/tickets': { audience: 'admin' },
  'GET /admin/tickets/:id': {
    audience: 'admin',
    ownedBy: 'A',
    request: async (f) => ({ path: `/admin/tickets/${(await ticketOfA(f)).id}` }),
  },
  'GET /admin/tickets/:id/messages': {
    audience: 'admin',
    ownedBy: 'A',
    request: async (f) => ({ path: `/admin/tickets/${(await ticketOfA(f)).id}/messages` }),
  },
  'POST /admin/tickets/:id/messages': {
    audience: 'admin',
    ownedBy: 'A',
    request: async (f) => ({
      path: `/admin/tickets/${(await ticketOfA(f)).id}/messages`,
      body: { message: 'We are on it.' },
    }),
  },
  'PATCH /admin/tickets/:id': {
    audience: 'admin',
    ownedBy: 'A',
    request: async (f) => ({
      path: `/admin/tickets/${(await ticketOfA(f)).id}`,
      body: { status: 'in_progress' },
    }),
  },
  'PUT /admin/tickets/:id': {
    audience: 'admin',
    ownedBy: 'A',
    request: async (f) => ({
      path: `/admin/tickets/${(await ticketOfA(f)).id}`,
      body: { status: 'in_progress' },
    }),
  },
  'GET /admin/users': { audience: 'admin' },
  'GET /admin/users/:id': {
    audience: 'admin',
    ownedBy: 'A',
    request: (f) => ({ path: `/admin/users/${f.personas.A.user.id}` }),
  },
  // A user of their own per call, so that no persona's role or approval changes under the matrix.
  'PATCH /admin/users/:id/role': {
    audience: 'admin',
    request: async (f) => ({
      path: `/admin/users/${(await buildArtist(f.db)).id}/role`,
      body: { role: 'admin' },
    }),
  },
  'PATCH /admin/users/:id/approval': {
    audience: 'admin',
    request: async (f) => ({
      path: `/admin/users/${(await buildArtist(f.db)).id}/approval`,
      body: { isApproved: true },
    }),
  },
  'GET /admin/stats': { audience: 'admin' },
  // Dead letters: events a consumer group gave up on, and their replay (a fresh parked one per call).
  'GET /admin/failed-events': { audience: 'admin' },
  'GET /admin/failed-events/:id': {
    audience: 'admin',
    request: async (f) => ({ path: `/admin/failed-events/${(await failEvent(f.db, { attempts: 1 })).id}` }),
  },
  'POST /admin/failed-events/:id/replay': {
    audience: 'admin',
    request: async (f) => ({
      path: `/admin/failed-events/${(await failEvent(f.db, { attempts: 5 })).id}/replay`,
    }),
  },
  // Store reports: an upload (a file of its own per call: the same file twice is a 409), the jobs, their lines.
  'POST /admin/reports': { audience: 'admin', request: reportUpload },
  'GET /admin/reports': { audience: 'admin' },
  'GET /admin/reports/:id': {
    audience: 'admin',
    request: async (f) => ({ path: `/admin/reports/${await reportOf(f)}` }),
  },
  'POST /admin/reports/:id/confirm': {
    audience: 'admin',
    request: async (f) => ({ path: `/admin/reports/${await heldReportOf(f)}/confirm` }),
  },
  'GET /admin/reports/:id/lines': {
    audience: 'admin',
    request: async (f) => ({ path: `/admin/reports/${await reportOf(f)}/lines?status=unmatched` }),
  },
  // The royalty ledger and store usage of every artist, read-only (rows of A's to read).
  'GET /admin/royalties': { audience: 'admin' },
  'GET /admin/royalties/:id': {
    audience: 'admin',
    ownedBy: 'A',
    request: async (f) => ({ path: `/admin/royalties/${await royaltyOfA(f)}` }),
  },
  // Every owner's payees (an invited payee of A's to read).
  'GET /admin/payees': { audience: 'admin' },
  'GET /admin/payees/:id': {
    audience: 'admin',
    ownedBy: 'A',
    request: async (f) => ({ path: `/admin/payees/${(await invitedPayeeOfA(f)).split('/').pop()!}` }),
  },
  'GET /admin/analytics': { audience: 'admin' },
  'GET /admin/analytics/summary': {
    audience: 'admin',
    request: () => ({ path: '/admin/analytics/summary?from=2026-10-01&to=2026-10-31' }),
  },
  'GET /admin/analytics/:id': {
    audience: 'admin',
    ownedBy: 'A',
    request: async (f) => ({ path: `/admin/analytics/${await analyticsOfA(f)}` }),
  },
  'GET /admin/releases': { audience: 'admin' },
  // Exports of every release (a release of A's is there to export), and the list of exports.
  'POST /admin/releases/export/drive': {
    audience: 'admin',
    request: async (f) => {
      await releaseOfA(f);
      return {};
    },
  },
  'POST /admin/releases/export/docs': {
    audience: 'admin',
    request: async (f) => {
      await releaseOfA(f);
      return { body: { status: 'draft' } };
    },
  },
  'GET /admin/exports': { audience: 'admin' },
  'GET /admin/exports/:id': {
    audience: 'admin',
    ownedBy: 'A',
    request: async (f) => ({ path: `/admin/exports/${(await exportOfA(f)).id}` }),
  },
  'GET /admin/releases/:id': {
    audience: 'admin',
    ownedBy: 'A',
    request: async (f) => ({ path: `/admin/releases/${(await releaseOfA(f)).release.id}` }),
  },
  'GET /admin/releases/:id/splits': {
    audience: 'admin',
    ownedBy: 'A',
    request: async (f) => ({ path: `/admin/releases/${(await releaseOfA(f)).release.id}/splits` }),
  },
  'GET /admin/releases/:id/expenses': {
    audience: 'admin',
    ownedBy: 'A',
    request: async (f) => ({ path: `/admin/releases/${(await releaseOfA(f)).release.id}/expenses` }),
  },
  'PATCH /admin/releases/:id': {
    audience: 'admin',
    ownedBy: 'A',
    request: async (f) => ({
      path: `/admin/releases/${(await releaseOfA(f, { status: 'processing', submittedAt: new Date() })).release.id}`,
      body: { status: 'live' },
    }),
  },
  'PUT /admin/releases/:id': {
    audience: 'admin',
    ownedBy: 'A',
    request: async (f) => ({
      path: `/admin/releases/${(await releaseOfA(f, { status: 'processing', submittedAt: new Date() })).release.id}`,
      body: { status: 'live' },
    }),
  },
  // Platform settings, the contact form's messages, the newsletter and the audit trail: admins only.
  'GET /admin/settings': { audience: 'admin' },
  'GET /admin/settings/:id': {
    audience: 'admin',
    request: async (f) => ({ path: `/admin/settings/${(await growthSetting(f)).id}` }),
  },
  'POST /admin/settings': {
    audience: 'admin',
    request: () => ({ body: { settingKey: 'streams_growth_percentage', settingValue: '13.5' } }),
  },
  'PUT /admin/settings/:id': {
    audience: 'admin',
    request: async (f) => ({
      path: `/admin/settings/${(await growthSetting(f)).id}`,
      body: { settingValue: '9.25' },
    }),
  },
  // The stores' drop boxes (docs/delivery.md) and a release's deliveries: admins only.
  'GET /admin/store-targets': { audience: 'admin' },
  'GET /admin/store-targets/:id': {
    audience: 'admin',
    request: async (f) => ({ path: `/admin/store-targets/${(await storeTarget(f)).id}` }),
  },
  'POST /admin/store-targets': {
    audience: 'admin',
    request: async (f) => ({ body: { ...storeTargetBody, store: await freeStore(f) } }),
  },
  'PUT /admin/store-targets/:id': {
    audience: 'admin',
    request: async (f) => ({
      path: `/admin/store-targets/${(await storeTarget(f)).id}`,
      body: { ...storeTargetBody, mode: 'live' },
    }),
  },
  'DELETE /admin/store-targets/:id': {
    audience: 'admin',
    request: async (f) => ({ path: `/admin/store-targets/${(await storeTarget(f)).id}` }),
  },
  'GET /admin/releases/:id/deliveries': {
    audience: 'admin',
    ownedBy: 'A',
    request: async (f) => ({ path: `/admin/releases/${(await releaseOfA(f)).release.id}/deliveries` }),
  },
  'GET /admin/releases/:id/changes': {
    audience: 'admin',
    ownedBy: 'A',
    request: async (f) => ({ path: `/admin/releases/${(await releaseOfA(f)).release.id}/changes` }),
  },
  'POST /admin/releases/:id/purge': {
    audience: 'admin',
    ownedBy: 'A',
    request: async (f) => ({
      path: `/admin/releases/${(await releaseOfA(f, { status: 'live', upc: null })).release.id}/purge`,
    }),
  },
  'GET /admin/smartlinks': { audience: 'admin' },
  'GET /admin/smartlinks/:id': {
    audience: 'admin',
    ownedBy: 'A',
    request: async (f) => ({ path: `/admin/smartlinks/${(await smartLinkOfA(f)).id}` }),
  },
  'PATCH /admin/smartlinks/:id': {
    audience: 'admin',
    ownedBy: 'A',
    request: async (f) => ({
      path: `/admin/smartlinks/${(await smartLinkOfA(f)).id}`,
      body: { disabled: true, reason: 'Spam links' },
    }),
  },
  'GET /admin/deliveries': { audience: 'admin' },
  'GET /admin/deliveries/:id': {
    audience: 'admin',
    request: async (f) => ({ path: `/admin/deliveries/${(await deliveryOfA(f)).id}` }),
  },
  // Every drop box here is switched off (other suites share this database): the admin is told to switch
  // it on. The redelivery itself: workers/src/delivery/acknowledgements.int.test.ts and the route's test.
  'POST /admin/deliveries/:id/redeliver': {
    audience: 'admin',
    entitled: { admin: 409 },
    request: async (f) => ({ path: `/admin/deliveries/${(await deliveryOfA(f)).id}/redeliver` }),
  },
  'GET /admin/delivery-acknowledgements': { audience: 'admin' },
  'GET /admin/delivery-acknowledgements/:id': {
    audience: 'admin',
    request: async (f) => ({ path: `/admin/delivery-acknowledgements/${(await acknowledgement(f)).id}` }),
  },
  'GET /admin/release-changes': { audience: 'admin' },
  'GET /admin/release-changes/:id': {
    audience: 'admin',
    request: async (f) => ({ path: `/admin/release-changes/${(await correction(f)).id}` }),
  },
  'PATCH /admin/release-changes/:id': {
    audience: 'admin',
    request: async (f) => ({
      path: `/admin/release-changes/${(await correction(f)).id}`,
      body: { status: 'rejected', reason: 'The title must match the audio.' },
    }),
  },
  'GET /admin/contact-messages': { audience: 'admin' },
  'GET /admin/contact-messages/:id': {
    audience: 'admin',
    request: async (f) => ({ path: `/admin/contact-messages/${(await contactMessage(f)).id}` }),
  },
  'PATCH /admin/contact-messages/:id': {
    audience: 'admin',
    request: async (f) => ({
      path: `/admin/contact-messages/${(await contactMessage(f)).id}`,
      body: { status: 'read' },
    }),
  },
  'POST /admin/contact-messages/:id/reply': {
    audience: 'admin',
    request: async (f) => ({
      path: `/admin/contact-messages/${(await contactMessage(f)).id}/reply`,
      body: { message: 'Thanks for writing: here is the answer.' },
    }),
  },
  'GET /admin/newsletter-subscriptions': { audience: 'admin' },
  'GET /admin/pipeline': { audience: 'admin' },
  'GET /admin/events': { audience: 'admin' },
  'GET /admin/events/:id': {
    audience: 'admin',
    request: async (f) => {
      const event = await Event.query(f.db).orderBy('id', 'desc').first();
      return { path: `/admin/events/${event!.id}` };
    },
  },
};
