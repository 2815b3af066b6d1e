import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root: `.data/` and the built web apps are found relative to it. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const list = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const urlText = (protocols: string[]) =>
  z
    .string()
    .trim()
    .refine(
      (v) => {
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      },
      `must be a ${protocols.map((p) => p.replace(':', '')).join(' or ')} URL`,
    );

/** An amount of US dollars above zero, at most 8 decimals. */
const usdBound = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,8})?$/, 'must be an amount of US dollars with at most 8 decimals')
  .refine((v) => Number(v) > 0, 'must be more than 0');

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    PUBLIC_URL: urlText(['http:', 'https:']).optional(),
    TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    COUNTRY_HEADER: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]*$/, 'must be the name of a request header')
      .default(''),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
    DATA_DIR: optionalText,
    DATABASE_URL: urlText(['postgres:', 'postgresql:']).optional(),
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
    KAFKA_BROKERS: list,
    KAFKA_CLIENT_ID: z.string().default('riffline'),
    KAFKA_TOPIC_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9._-]+$/, 'may hold only letters, digits, dots, underscores and hyphens')
      .default('riffline'),
    KAFKA_PARTITIONS: z.coerce.number().int().min(1).max(64).default(1),
    S3_ENDPOINT: urlText(['http:', 'https:']).optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_BUCKET: optionalText,
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_FORCE_PATH_STYLE: flag,
    SMTP_URL: urlText(['smtp:', 'smtps:']).optional(),
    MAIL_FROM: z.string().default('Riffline <no-reply@riffline.local>'),
    SESSION_KEYS: list,
    SESSION_MAX_AGE_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 365)
      .default(24 * 14),
    OIDC_ISSUER_URL: urlText(['http:', 'https:']).optional(),
    OIDC_CLIENT_ID: optionalText,
    OIDC_CLIENT_SECRET: optionalText,
    OIDC_PROVIDER_NAME: optionalText,
    OIDC_ALLOW_EMBEDDED_IN_PRODUCTION: flag,
    ADMIN_EMAILS: list,
    PAYMENT_ORDER_TTL_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
    PAYMENT_GATEWAY_URL: urlText(['http:', 'https:']).optional(),
    PAYMENT_GATEWAY_KEY: optionalText,
    PAYMENT_GATEWAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
    PAYMENT_WEBHOOK_SECRET: list,
    ISRC_PREFIX: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}[A-Z0-9]{3}$/, 'must be a country code and a 3-character registrant code, e.g. INRFL')
      .default('INRFL'),
    UPC_PREFIX: z
      .string()
      .trim()
      .regex(/^\d{6,10}$/, 'must be a GS1 company prefix of 6 to 10 digits')
      .default('0860000'),
    DDEX_PARTY_ID: z
      .string()
      .trim()
      .regex(/^PADPIDA[A-Za-z0-9]+$/, 'must be a DDEX Party ID (PADPIDA…)')
      .default('PADPIDA0RIFFLINE0'),
    DDEX_RECIPIENT_PARTY_ID: optionalText.refine(
      (v) => v === undefined || /^PADPIDA[A-Za-z0-9]+$/.test(v),
      'must be a DDEX Party ID (PADPIDA…)',
    ),
    DDEX_SCHEMA_PATH: optionalText,
    DELIVERY_ACK_POLL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
    DELIVERY_RESEND_BACKOFF_SECONDS: z.coerce.number().int().min(0).max(3_600).default(30),
    DELIVERY_CREDENTIALS_KEY: optionalText.refine(
      (v) => v === undefined || v.length >= 32,
      'must be a random string of at least 32 characters (openssl rand -base64 32)',
    ),
    XMLLINT_PATH: optionalText,
    WORKERS_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
    EVENT_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(5),
    // Longer than the broker's retention (24 hours in infra/kafka): a redelivered event must still be known.
    PROCESSED_EVENT_RETENTION_DAYS: z.coerce
      .number()
      .int()
      .min(2, 'must be at least 2 (days)')
      .max(3650)
      .default(7),
    EVENT_RETENTION_DAYS: z.coerce
      .number()
      .int()
      .min(0)
      .max(36500)
      .refine((days) => days === 0 || days >= 2, 'must be 0 (keep every event) or at least 2 (days)')
      .default(0),
    METRICS_TOKEN: optionalText,
    ROYALTY_COMMISSION_PERCENT: z
      .string()
      .trim()
      .regex(/^\d{1,3}(\.\d{1,2})?$/, 'must be a percentage from 0 to 100 with at most two decimals')
      .refine((v) => Number(v) <= 100, 'must be a percentage from 0 to 100 with at most two decimals')
      .default('0'),
    ROYALTY_HOLD_STREAM_USD: usdBound.default('0.05'),
    ROYALTY_HOLD_LINE_USD: usdBound.default('100000'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_URL'],
        message: 'is required when NODE_ENV=production',
      });
    }
    if ((env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID) && !env.S3_BUCKET) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: 'is required when S3_ENDPOINT or S3_ACCESS_KEY_ID is set',
      });
    }
    if (env.OIDC_ISSUER_URL && !env.OIDC_CLIENT_ID) {
      ctx.addIssue({ code: 'custom', path: ['OIDC_CLIENT_ID'], message: 'is required with OIDC_ISSUER_URL' });
    }
    if (env.NODE_ENV === 'production') {
      if (!env.OIDC_ISSUER_URL && !env.OIDC_ALLOW_EMBEDDED_IN_PRODUCTION) {
        ctx.addIssue({
          code: 'custom',
          path: ['OIDC_ISSUER_URL'],
          message:
            'is required when NODE_ENV=production (or set OIDC_ALLOW_EMBEDDED_IN_PRODUCTION=true to run the embedded identity provider)',
        });
      }
      if (env.SESSION_KEYS.length === 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['SESSION_KEYS'],
          message: 'is required when NODE_ENV=production (comma-separated random strings, newest first)',
        });
      }
      if (env.PUBLIC_URL?.startsWith('https:') && env.TRUST_PROXY_HOPS === 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['TRUST_PROXY_HOPS'],
          message:
            'must be at least 1 when PUBLIC_URL is https: the API serves plain http behind the TLS-terminating proxy, and believes the proxy it counts when it says the request came over https',
        });
      }
      if (!env.DELIVERY_CREDENTIALS_KEY) {
        ctx.addIssue({
          code: 'custom',
          path: ['DELIVERY_CREDENTIALS_KEY'],
          message:
            "is required when NODE_ENV=production: it encrypts the stores' credentials, so it must not live in their database (openssl rand -base64 32)",
        });
      }
    }
    if (env.SESSION_KEYS.some((k) => k.length < 32)) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_KEYS'],
        message: 'each key needs at least 32 characters',
      });
    }
    if (Boolean(env.PAYMENT_GATEWAY_URL) !== Boolean(env.PAYMENT_GATEWAY_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.PAYMENT_GATEWAY_URL ? 'PAYMENT_GATEWAY_KEY' : 'PAYMENT_GATEWAY_URL'],
        message: 'PAYMENT_GATEWAY_URL and PAYMENT_GATEWAY_KEY are set together',
      });
    }
    if (env.PAYMENT_WEBHOOK_SECRET.some((k) => k.length < 16)) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_WEBHOOK_SECRET'],
        message: 'each secret needs at least 16 characters',
      });
    }
    if (env.METRICS_TOKEN && env.METRICS_TOKEN.length < 16) {
      ctx.addIssue({ code: 'custom', path: ['METRICS_TOKEN'], message: 'needs at least 16 characters' });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together',
      });
    }
  });

export type Env = z.input<typeof envSchema>;

/** Every environment variable the processes read. */
export const configKeys = Object.keys(envSchema.shape);

export interface Config {
  env: 'development' | 'test' | 'production';
  port: number;
  host: string;
  publicUrl: string;
  /**
   * Whether the site is served over https (PUBLIC_URL's scheme): only then are cookies Secure and HSTS and
   * `upgrade-insecure-requests` sent, so a production stack on plain http (docker-compose.yml) signs in.
   */
  https: boolean;
  logLevel: string;
  dataDir: string;
  database: { url?: string; poolMax: number };
  /** `partitions`: of each topic the workers create (KAFKA_PARTITIONS; a topic that exists keeps its own). */
  kafka: { brokers: string[]; clientId: string; topicPrefix: string; partitions?: number };
  storage:
    | { driver: 'local'; root: string }
    | {
        driver: 's3';
        bucket: string;
        endpoint?: string;
        region: string;
        forcePathStyle: boolean;
        credentials?: { accessKeyId: string; secretAccessKey: string };
      };
  mail: { smtpUrl?: string; from: string; outbox: string };
  /** `maxEventAttempts`: a consumer group's tries at one event before it parks it as a dead letter. */
  workers: { healthPort: number; maxEventAttempts: number };
  /** How long the pipeline's processed-event marks and events are kept (db/src/events/retention.ts). */
  retention: { processedDays: number; eventDays: number };
  /** `GET /metrics` (api and workers): with a token, only `Authorization: Bearer <token>`; else loopback. */
  metrics: { token?: string };
  trustProxyHops: number;
  /** The request header a CDN or proxy sets to the visitor's country (COUNTRY_HEADER, e.g. CF-IPCountry); '' when none. */
  countryHeader: string;
  session: { keys: string[]; maxAgeMs: number };
  /** `embedded`: the identity provider at /oidc; `external`: any OpenID Connect issuer. */
  identity:
    | { mode: 'embedded'; providerName: string; issuer: string; clientId: string }
    | { mode: 'external'; providerName: string; issuer: string; clientId: string; clientSecret?: string };
  adminEmails: string[];
  /** The platform's share of imported store revenue, in percent ("0": artists keep 100%). */
  royalties: {
    commissionPercent: string;
    /**
     * A report is held (nothing credited until an admin confirms it) when a stream earns more than
     * `holdStreamUsd`, a line more than `holdLineUsd` either way, or an artist less than nothing.
     */
    holdStreamUsd: string;
    holdLineUsd: string;
  };
  /** Where ISRCs and UPCs come from (ISRC_PREFIX: country + registrant; UPC_PREFIX: GS1 company prefix). */
  identifiers: { isrcPrefix: string; upcPrefix: string };
  /**
   * The DDEX Party IDs in the exports' ERN messages: ours (sender, label), and the recipient's; the ERN 4.3
   * schema and the xmllint the messages are validated with where both are found.
   */
  ddex: { partyId: string; recipientPartyId: string; schemaPath: string; xmllintPath: string };
  /**
   * Delivery to stores (docs/delivery.md): the key the stores' credentials are encrypted with
   * (DELIVERY_CREDENTIALS_KEY, a random string; absent outside production, one is generated and kept in the
   * database), how often the stores' acknowledgements are read (DELIVERY_ACK_POLL_SECONDS), and the first
   * pause before a store that asked for the material again gets it (DELIVERY_RESEND_BACKOFF_SECONDS, doubled
   * for each later try).
   */
  delivery: { credentialsKey: string | undefined; ackPollMs: number; resendBackoffMs: number };
  payments: {
    /** How long a coin top-up may stay pending before it expires. */
    orderTtlMs: number;
    /** The UPI gateway over HTTP (PAYMENT_GATEWAY_URL and _KEY); absent: the embedded sandbox. */
    gateway?: { url: string; key: string; timeoutMs: number };
    /** What the gateway signs its webhook calls with (newest first); none: the webhook is off. */
    webhookSecrets: string[];
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once; throws a ConfigError naming every problem. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, '.data'));
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    https: publicUrl.startsWith('https:'),
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    dataDir,
    database: { url: env.DATABASE_URL, poolMax: env.DATABASE_POOL_MAX },
    kafka: {
      brokers: env.KAFKA_BROKERS,
      clientId: env.KAFKA_CLIENT_ID,
      topicPrefix: env.KAFKA_TOPIC_PREFIX,
      partitions: env.KAFKA_PARTITIONS,
    },
    storage: env.S3_BUCKET
      ? {
          driver: 's3',
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          forcePathStyle: env.S3_FORCE_PATH_STYLE || Boolean(env.S3_ENDPOINT),
          credentials:
            env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
              : undefined,
        }
      : { driver: 'local', root: path.join(dataDir, 'storage') },
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outbox: path.join(dataDir, 'mail') },
    workers: { healthPort: env.WORKERS_HEALTH_PORT, maxEventAttempts: env.EVENT_MAX_ATTEMPTS },
    retention: { processedDays: env.PROCESSED_EVENT_RETENTION_DAYS, eventDays: env.EVENT_RETENTION_DAYS },
    metrics: { token: env.METRICS_TOKEN },
    /** Reverse proxies in front of the API whose X-Forwarded-* headers are believed (0: none). */
    trustProxyHops: env.TRUST_PROXY_HOPS,
    countryHeader: env.COUNTRY_HEADER,
    session: { keys: env.SESSION_KEYS, maxAgeMs: env.SESSION_MAX_AGE_HOURS * 3_600_000 },
    identity: env.OIDC_ISSUER_URL
      ? {
          mode: 'external',
          providerName: env.OIDC_PROVIDER_NAME ?? new URL(env.OIDC_ISSUER_URL).hostname,
          issuer: env.OIDC_ISSUER_URL,
          clientId: env.OIDC_CLIENT_ID!,
          clientSecret: env.OIDC_CLIENT_SECRET,
        }
      : {
          mode: 'embedded',
          providerName: env.OIDC_PROVIDER_NAME ?? 'Riffline ID',
          issuer: `${publicUrl}/oidc`,
          clientId: env.OIDC_CLIENT_ID ?? 'riffline-web',
        },
    adminEmails: env.ADMIN_EMAILS.map((e) => e.toLowerCase()),
    identifiers: { isrcPrefix: env.ISRC_PREFIX, upcPrefix: env.UPC_PREFIX },
    ddex: {
      partyId: env.DDEX_PARTY_ID,
      recipientPartyId: env.DDEX_RECIPIENT_PARTY_ID ?? env.DDEX_PARTY_ID,
      schemaPath: path.resolve(
        env.DDEX_SCHEMA_PATH ?? path.join(repoRoot, '../shared/ddex/release-notification.xsd'),
      ),
      xmllintPath: env.XMLLINT_PATH ?? 'xmllint',
    },
    delivery: {
      credentialsKey: env.DELIVERY_CREDENTIALS_KEY,
      ackPollMs: env.DELIVERY_ACK_POLL_SECONDS * 1000,
      resendBackoffMs: env.DELIVERY_RESEND_BACKOFF_SECONDS * 1000,
    },
    royalties: {
      commissionPercent: env.ROYALTY_COMMISSION_PERCENT,
      holdStreamUsd: env.ROYALTY_HOLD_STREAM_USD,
      holdLineUsd: env.ROYALTY_HOLD_LINE_USD,
    },
    payments: {
      orderTtlMs: env.PAYMENT_ORDER_TTL_MINUTES * 60_000,
      gateway:
        env.PAYMENT_GATEWAY_URL && env.PAYMENT_GATEWAY_KEY
          ? {
              url: env.PAYMENT_GATEWAY_URL.replace(/\/+$/, ''),
              key: env.PAYMENT_GATEWAY_KEY,
              timeoutMs: env.PAYMENT_GATEWAY_TIMEOUT_MS,
            }
          : undefined,
      webhookSecrets: env.PAYMENT_WEBHOOK_SECRET,
    },
  };
}

/** For process entry points: the config, or exit(1) after printing every problem. */
export function loadConfigOrExit(source: Record<string, string | undefined> = process.env): Config {
  try {
    return loadConfig(source);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
