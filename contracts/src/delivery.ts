import { z } from 'zod';
import { optionalText, requiredText } from './common.ts';
import {
  genreField,
  isCountryCode,
  isoDate,
  releaseArtistsField,
  secondaryGenreField,
  selectableStores,
  storeIds,
  type StoreId,
} from './releases.ts';

/**
 * Delivery to stores (issue 36, docs/delivery.md): a store's drop box as the console sets it up, and each
 * delivery of a release to a store with its state.
 */

export const storeTargetProtocols = ['sftp', 's3'] as const;
/**
 * The store's choreography profile (DOMAIN.md): `batch`, a batch folder with a manifest written last;
 * `release`, release by release, a folder per release with its message written last and no manifest.
 */
export const storeTargetProfiles = ['batch', 'release'] as const;
export const storeTargetModes = ['live', 'test'] as const;
export const deliveryKinds = ['new', 'update', 'takedown', 'purge'] as const;
export const deliveryStatuses = [
  'queued',
  'sending',
  'delivered',
  'ingested',
  'error',
  'live',
  'taken_down',
] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

const DPID = /^PADPIDA[A-Za-z0-9]+$/;
export const DPID_MESSAGE = "The store's DPID must be a DDEX Party ID (PADPIDA…)";
export const SFTP_WHERE_MESSAGE = 'An SFTP store needs a host, a port and a username';
export const S3_WHERE_MESSAGE = 'An S3 store needs a bucket';
export const CREDENTIALS_MESSAGE =
  'Give the credentials the protocol needs: a private key or a password for SFTP, an access key id with its secret for S3';

/** What logs in to the drop box. Write-only: the API never answers with any of it. */
export const StoreTargetCredentials = z
  .object({
    password: optionalText('Password', 500),
    privateKey: z.string({ error: 'Private key must be text' }).max(20_000).nullish(),
    accessKeyId: optionalText('Access key id', 200),
    secretAccessKey: optionalText('Secret access key', 500),
  })
  .strict();
export type StoreTargetCredentials = z.output<typeof StoreTargetCredentials>;

const fields = {
  store: z.enum(storeIds, { error: 'Unknown store' }),
  protocol: z.enum(storeTargetProtocols, { error: 'Protocol must be sftp or s3' }),
  host: optionalText('Host', 255),
  port: z.coerce
    .number({ error: 'Port must be a number' })
    .int('Port must be a whole number')
    .min(1, 'Port must be between 1 and 65535')
    .max(65_535, 'Port must be between 1 and 65535')
    .nullish()
    .transform((v) => v ?? null),
  folder: optionalText('Folder', 500).transform((v) => v ?? ''),
  username: optionalText('Username', 200),
  bucket: optionalText('Bucket', 255),
  region: optionalText('Region', 100),
  endpoint: optionalText('Endpoint', 500),
  dpid: requiredText("The store's DPID", 60).pipe(z.string().regex(DPID, DPID_MESSAGE)),
  profile: z.enum(storeTargetProfiles, { error: 'Profile must be batch or release' }).default('batch'),
  mode: z.enum(storeTargetModes, { error: 'Mode must be live or test' }).default('test'),
  enabled: z.boolean({ error: 'Enabled must be true or false' }).default(true),
};

type Where = {
  protocol: string;
  host: string | null;
  port: number | null;
  username: string | null;
  bucket: string | null;
};
/** The protocol's own fields are there: what says where the drop box is. */
export function storeTargetWhereProblem(target: Where): string | null {
  if (target.protocol === 'sftp' && !(target.host && target.port && target.username))
    return SFTP_WHERE_MESSAGE;
  if (target.protocol === 's3' && !target.bucket) return S3_WHERE_MESSAGE;
  return null;
}

/** The credentials the protocol needs are there. */
export function storeTargetCredentialsProblem(
  protocol: string,
  c: Partial<StoreTargetCredentials>,
): string | null {
  const ok =
    protocol === 'sftp' ? Boolean(c.privateKey || c.password) : Boolean(c.accessKeyId && c.secretAccessKey);
  return ok ? null : CREDENTIALS_MESSAGE;
}

/** POST /api/admin/store-targets. */
export const StoreTargetBody = z
  .object({ ...fields, credentials: StoreTargetCredentials })
  .superRefine((target, ctx) => {
    const where = storeTargetWhereProblem(target);
    if (where) ctx.addIssue({ code: 'custom', message: where });
    const credentials = storeTargetCredentialsProblem(target.protocol, target.credentials);
    if (credentials) ctx.addIssue({ code: 'custom', path: ['credentials'], message: credentials });
  });
export type StoreTargetBody = z.output<typeof StoreTargetBody>;

/**
 * PUT /api/admin/store-targets/:id (react-admin sends the whole record back): the store stays; credentials
 * are replaced only when given, so a form that never saw them keeps them.
 */
export const StoreTargetUpdateBody = z.object({
  ...fields,
  store: fields.store.optional(),
  credentials: StoreTargetCredentials.nullish(),
});
export type StoreTargetUpdateBody = z.output<typeof StoreTargetUpdateBody>;

export const StoreTargetResponse = z.object({
  id: z.string(),
  store: z.enum(storeIds),
  storeName: z.string(),
  protocol: z.enum(storeTargetProtocols),
  host: z.string().nullable(),
  port: z.number().nullable(),
  folder: z.string(),
  username: z.string().nullable(),
  bucket: z.string().nullable(),
  region: z.string().nullable(),
  endpoint: z.string().nullable(),
  /** Which credentials are kept (their names only; the values never leave the server). */
  credentialsSet: z.array(z.enum(['password', 'privateKey', 'accessKeyId', 'secretAccessKey'])),
  dpid: z.string(),
  profile: z.enum(storeTargetProfiles),
  mode: z.enum(storeTargetModes),
  enabled: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type StoreTargetResponse = z.infer<typeof StoreTargetResponse>;

export const storeName = (store: string) => selectableStores[store as StoreId] ?? store;

/** One delivery of a release to a store. */
export const DeliveryResponse = z.object({
  id: z.string(),
  releaseId: z.string(),
  store: z.string(),
  storeName: z.string(),
  kind: z.enum(deliveryKinds),
  /** The takedown or purge it carries (null for the release itself), and for a takedown where and from when. */
  changeId: z.string().nullable(),
  territories: z.array(z.string()).nullable(),
  effectiveOn: z.string().nullable(),
  batchId: z.string(),
  messageId: z.string(),
  status: z.enum(deliveryStatuses),
  error: z.string().nullable(),
  storeUrl: z.string().nullable(),
  attempts: z.number(),
  createdAt: z.iso.datetime(),
  deliveredAt: z.iso.datetime().nullable(),
  updatedAt: z.iso.datetime(),
});
export type DeliveryResponse = z.infer<typeof DeliveryResponse>;

/**
 * A change to a release after it went out (docs/delivery.md): a takedown the artist asked for, a purge by an
 * admin, or a correction the artist proposed and an admin approved. Each is delivered to the stores that
 * have the release and shows its state per store.
 */
export const releaseChangeKinds = ['takedown', 'purge', 'correction'] as const;
export type ReleaseChangeKind = (typeof releaseChangeKinds)[number];
/** A correction waits for review (or its artist withdraws it); takedowns and purges need none. */
export const releaseChangeStatuses = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type ReleaseChangeStatus = (typeof releaseChangeStatuses)[number];

export const CORRECTION_NOT_LIVE =
  'Only a live release can be corrected: change a draft in the Release Builder.';
export const CORRECTION_PENDING = 'A correction of this release is already waiting for review.';
export const CORRECTION_NOTHING = 'Nothing to correct: every value is as it is now.';
export const CORRECTION_TRACK_UNKNOWN = 'A track named is not on this release';
export const CORRECTION_ARTWORK_MISSING = 'The new cover was not found: upload it again.';
export const CHANGE_DECIDED = 'This correction was reviewed already.';
export const CORRECTION_WITHDRAWN = 'The artist withdrew this correction.';
export const CORRECTION_NOT_WAITING = 'This correction is no longer waiting for review.';
export const CORRECTION_NOT_FOUND = 'Correction not found';

/** The fields a correction may change, in the order they are named (`tracks`: a new title per track). */
export const correctionFieldNames = [
  'title',
  'releaseArtists',
  'genre',
  'secondaryGenre',
  'tracks',
  'artwork',
] as const;
/** What a correction changes: any of these. */
export const CorrectionFields = z.object({
  title: z.string().optional(),
  releaseArtists: z.array(z.string()).optional(),
  genre: z.string().optional(),
  secondaryGenre: z.string().nullable().optional(),
  tracks: z.array(z.object({ id: z.string(), title: z.string() })).optional(),
  /** A new cover, as stored (null in `previous` for a release whose cover was only a URL). */
  artwork: z
    .object({ key: z.string(), format: z.string(), size: z.number(), width: z.number(), height: z.number() })
    .nullable()
    .optional(),
});
export type CorrectionFields = z.infer<typeof CorrectionFields>;

/** POST /api/releases/:id/corrections: the fields sent change, those left out stay. */
export const CorrectionBody = z
  .object({
    title: requiredText('Title', 200).optional(),
    releaseArtists: releaseArtistsField.optional(),
    genre: genreField.optional(),
    secondaryGenre: secondaryGenreField.optional(),
    tracks: z
      .array(
        z.object({
          id: z.uuid({ error: 'Track id must be a UUID' }),
          title: requiredText('Track title', 200),
        }),
        { error: 'Tracks must be a list' },
      )
      .max(20)
      .optional(),
    /** A cover uploaded first (PUT /api/releases/:id/corrections/artwork). */
    artworkKey: z.string({ error: 'Artwork key must be text' }).max(300).optional(),
  })
  .refine(
    (b) => Object.values(b).some((v) => v !== undefined),
    'Nothing to correct: send a title, release artists, a genre, track titles or a new cover',
  );
export type CorrectionBody = z.output<typeof CorrectionBody>;

/** A new cover kept aside for a correction: its key to name in the correction, and a link to look at it. */
export const ProposedArtworkResponse = z.object({
  artworkKey: z.string(),
  format: z.string(),
  size: z.number(),
  width: z.number(),
  height: z.number(),
  url: z.string(),
});
export type ProposedArtworkResponse = z.infer<typeof ProposedArtworkResponse>;

/** PATCH /api/admin/release-changes/:id: the review of a correction. */
export const ChangeReviewBody = z
  .object({
    status: z.enum(['approved', 'rejected'], { error: 'Status must be approved or rejected' }),
    reason: optionalText('Reason', 2000),
  })
  .refine((b) => b.status !== 'rejected' || Boolean(b.reason), {
    message: 'Say why the correction is rejected',
    path: ['reason'],
  });
export type ChangeReviewBody = z.infer<typeof ChangeReviewBody>;

export const TAKEDOWN_NOT_LIVE = 'Only a live release can be taken down.';
export const TAKEDOWN_PURGED =
  'This release was removed from the stores for good: there is nothing left to take down.';
export const TAKEDOWN_DATE_PAST = 'The takedown date must be today or later';
export const TAKEDOWN_STORE_NOT_SENT = (names: string[]) => `This release does not go to ${names.join(', ')}`;
export const PURGE_NOT_LIVE = 'Only a release that went out to the stores can be purged.';
export const PURGE_TWICE = 'This release was purged already.';

/**
 * POST /api/releases/:id/takedowns: from every store or some, everywhere or in some countries, now or
 * from a date on. `today` decides what "today or later" means, as for the release date.
 */
export const takedownBody = (today: () => string) =>
  z.object({
    stores: z
      .array(z.enum(storeIds, { error: 'Unknown store' }), { error: 'Stores must be a list' })
      .max(storeIds.length)
      .optional()
      .transform((v) => (v?.length ? [...new Set(v)] : null)),
    territories: z
      .array(z.string({ error: 'Countries must be country codes' }), { error: 'Countries must be a list' })
      .max(300)
      .optional()
      .transform((v) => (v?.length ? [...new Set(v.map((c) => c.trim().toUpperCase()))] : null))
      .refine((v) => !v || v.every(isCountryCode), {
        message: 'Countries must be country codes (for example DE, FR)',
      }),
    date: isoDate('Takedown date')
      .nullish()
      .transform((v) => v ?? null)
      .refine((v) => v === null || v >= today(), TAKEDOWN_DATE_PAST),
  });
export type TakedownBody = z.output<ReturnType<typeof takedownBody>>;

/** A takedown or a purge, with where it stands at each store it was sent to. */
export const ReleaseChangeResponse = z.object({
  id: z.string(),
  releaseId: z.string(),
  kind: z.enum(releaseChangeKinds),
  status: z.enum(releaseChangeStatuses),
  /** A correction: the values it proposes, and those it replaces. */
  proposed: CorrectionFields.nullable(),
  previous: CorrectionFields.nullable(),
  /** Why a correction was rejected. */
  reason: z.string().nullable(),
  decidedAt: z.iso.datetime().nullable(),
  /** The stores it is for (null: every store that has the release). */
  stores: z.array(z.string()).nullable(),
  /** The countries it is for (null: everywhere). */
  territories: z.array(z.string()).nullable(),
  /** From when (null: at once). */
  effectiveOn: z.string().nullable(),
  createdAt: z.iso.datetime(),
  deliveries: z.array(DeliveryResponse),
});
export type ReleaseChangeResponse = z.infer<typeof ReleaseChangeResponse>;

/** A change in the console's review list: with its release. */
export const AdminReleaseChangeResponse = ReleaseChangeResponse.extend({
  releaseTitle: z.string(),
  artist: z.string(),
});
export type AdminReleaseChangeResponse = z.infer<typeof AdminReleaseChangeResponse>;

/** A delivery in the console's log: with the release it carried. */
export const AdminDeliveryResponse = DeliveryResponse.extend({
  releaseTitle: z.string(),
  artist: z.string(),
});
export type AdminDeliveryResponse = z.infer<typeof AdminDeliveryResponse>;

/** An acknowledgement a store wrote, as it came; `problem` says why it could not be read. */
export const DeliveryAcknowledgementResponse = z.object({
  id: z.string(),
  targetId: z.string(),
  store: z.string(),
  storeName: z.string(),
  fileName: z.string(),
  messageId: z.string().nullable(),
  madeAt: z.iso.datetime().nullable(),
  problem: z.string().nullable(),
  receivedAt: z.iso.datetime(),
  body: z.string(),
});
export type DeliveryAcknowledgementResponse = z.infer<typeof DeliveryAcknowledgementResponse>;

export const REDELIVER_SWITCHED_OFF = 'This store is switched off: switch it on before sending it anything.';
export const REDELIVER_NEWER =
  'A newer delivery of this release went to this store: send that one again instead.';
export const REDELIVER_PURGED = 'This release was removed from the stores for good.';
