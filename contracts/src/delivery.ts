import { z } from 'zod';
import { optionalText, requiredText } from './common.ts';
import { selectableStores, storeIds, type StoreId } from './releases.ts';

/**
 * Delivery to stores (issue 36, docs/delivery.md): a store's drop box as the console sets it up, and each
 * delivery of a release to a store with its state.
 */

export const storeTargetProtocols = ['sftp', 's3'] as const;
/** A batch per run (many releases) or a batch per release, as the store's choreography profile says. */
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
  profile: z.enum(storeTargetProfiles, { error: 'Profile must be batch or release' }).default('release'),
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
