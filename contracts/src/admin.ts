import { z } from 'zod';
import { currencies, royaltyStatuses } from './enums.ts';
import { DecimalAmount } from './common.ts';

/** GET /api/admin/stats: the admin panel's top stats (SPEC §2 Admin panel). */
export const AdminStats = z.object({
  pendingApplications: z.number().int(),
  approvedArtists: z.number().int(),
  totalReleases: z.number().int(),
  openTickets: z.number().int(),
});
export type AdminStats = z.infer<typeof AdminStats>;

/** Where a (consumer group, event) pair whose handler failed stands (the `failed_events` row). */
export const failedEventStatuses = ['retrying', 'parked', 'replay_requested', 'replayed'] as const;
export type FailedEventStatus = (typeof failedEventStatuses)[number];

/** GET /api/admin/failed-events: a dead letter (or an event still being retried) with its event. */
export const AdminFailedEventResponse = z.object({
  id: z.string(),
  group: z.string(),
  status: z.enum(failedEventStatuses),
  attempts: z.number().int(),
  /** The last error, `<name>: <message>`, and its stack. */
  error: z.string(),
  stack: z.string().nullable(),
  firstFailedAt: z.string(),
  lastFailedAt: z.string(),
  parkedAt: z.string().nullable(),
  replayRequestedAt: z.string().nullable(),
  replayedAt: z.string().nullable(),
  event: z.object({
    id: z.string(),
    type: z.string(),
    aggregateType: z.string(),
    aggregateId: z.string(),
    position: z.string().nullable(),
    occurredAt: z.string(),
    payload: z.record(z.string(), z.unknown()),
  }),
});
export type AdminFailedEventResponse = z.infer<typeof AdminFailedEventResponse>;

/**
 * The platform settings an admin may write (SPEC §3 platform_settings): a number in its range, or a switch
 * ('true' or 'false') such as `require_admin_second_factor` (docs/security.md#requiring-it-for-admins).
 */
export const platformSettings = {
  streams_growth_percentage: { kind: 'number', min: -100, max: 1000, label: 'Streams growth (%)' },
  earnings_growth_percentage: { kind: 'number', min: -100, max: 1000, label: 'Earnings growth (%)' },
  distribution_fee_coins: { kind: 'number', min: 0, max: 100000, label: 'Distribution fee (coins)' },
  require_admin_second_factor: {
    kind: 'boolean',
    label: 'Require two-factor authentication for admins',
    defaultValue: 'false',
  },
} as const;
export type PlatformSettingKey = keyof typeof platformSettings;
export const platformSettingKeys = Object.keys(platformSettings) as [
  PlatformSettingKey,
  ...PlatformSettingKey[],
];
export type NumericSettingKey = {
  [K in PlatformSettingKey]: (typeof platformSettings)[K]['kind'] extends 'number' ? K : never;
}[PlatformSettingKey];

/** The setting that makes every admin set up an authenticator app before using the console. */
export const REQUIRE_ADMIN_SECOND_FACTOR = 'require_admin_second_factor' satisfies PlatformSettingKey;

export const isNumericSetting = (key: PlatformSettingKey): key is NumericSettingKey =>
  platformSettings[key].kind === 'number';

const settingKeyMessage = `settingKey must be one of ${platformSettingKeys.join(', ')}`;

/**
 * A setting's value as a form sends it (text, a number, or true/false for a switch), text trimmed; whether it
 * fits its setting is `settingValueProblem`'s to say, as only the key tells.
 */
export const SettingValue = z
  .union([z.string(), z.number(), z.boolean()], { error: 'settingValue must be a number' })
  .transform((value) => (typeof value === 'string' ? value.trim() : value))
  .refine((value) => value !== '', 'settingValue must not be empty');

const NUMERIC_VALUE = /^-?\d{1,7}(\.\d{1,2})?$/;

/**
 * What is wrong with a value for a known key, in the words the API answers (400), or null when it fits: a
 * number with at most 2 decimals in its range, or exactly true or false.
 */
export function settingValueProblem(
  key: PlatformSettingKey,
  value: string | number | boolean,
): string | null {
  const setting = platformSettings[key];
  if (setting.kind === 'boolean') {
    return value === true || value === false || value === 'true' || value === 'false'
      ? null
      : `${key} must be true or false`;
  }
  if (typeof value === 'boolean') return 'settingValue must be a number';
  const text = String(value);
  if (!NUMERIC_VALUE.test(text)) return 'settingValue must be a number with at most 2 decimals';
  return Number(text) >= setting.min && Number(text) <= setting.max
    ? null
    : `${key} must be between ${setting.min} and ${setting.max}`;
}

/** POST /api/admin/settings: write one setting (created if it is not stored yet); the value as stored text. */
export const PlatformSettingBody = z
  .object({
    settingKey: z.enum(platformSettingKeys, { error: settingKeyMessage }),
    settingValue: SettingValue,
  })
  .check((ctx) => {
    const { settingKey, settingValue } = ctx.value;
    const problem = settingValueProblem(settingKey, settingValue);
    if (problem) {
      ctx.issues.push({ code: 'custom', message: problem, path: ['settingValue'], input: settingValue });
    }
  })
  .transform(({ settingKey, settingValue }) => ({ settingKey, settingValue: String(settingValue) }));

/** PUT /api/admin/settings/:id (react-admin's update): the value only; the key is the row's. */
export const PlatformSettingValueBody = z.object({ settingValue: SettingValue }).loose();

export const AdminSettingResponse = z.object({
  id: z.string(),
  settingKey: z.string(),
  settingValue: z.string(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminSettingResponse = z.infer<typeof AdminSettingResponse>;

/** GET /api/admin/events: the outbox as an audit trail (who did what, when); read-only. */
export const AdminEventResponse = z.object({
  id: z.string(),
  type: z.string(),
  aggregateType: z.string(),
  aggregateId: z.string(),
  actorId: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
  occurredAt: z.string(),
  position: z.string().nullable(),
  publishedAt: z.string().nullable(),
});
export type AdminEventResponse = z.infer<typeof AdminEventResponse>;

/** The artist a ledger or usage row belongs to, as the admin lists show it. */
const adminArtist = {
  userId: z.string().nullable(),
  /** The release's artist name, else the account's username. */
  artistName: z.string().nullable(),
  username: z.string().nullable(),
  email: z.string().nullable(),
};

/** GET /api/admin/royalties(/:id): a royalty ledger row with its artist and release. */
export const AdminRoyaltyResponse = z.object({
  id: z.string(),
  ...adminArtist,
  /** Null while the row is held for a payee who has not accepted their share (docs/splits.md). */
  userId: z.string().nullable(),
  releaseId: z.string().nullable(),
  releaseTitle: z.string().nullable(),
  /** Rounded down to the cent: a split share's part of a credit has up to 8 decimals (`exactAmount`). */
  amount: DecimalAmount,
  exactAmount: z.string().describe('the amount as the ledger keeps it, up to 8 decimals'),
  /** The split version and payee this part of a credit went to (null for a credit that was not split). */
  splitId: z.string().nullable(),
  payeeId: z.string().nullable(),
  currency: z.enum(currencies),
  /** The sale month, `YYYY-MM`. */
  period: z.string(),
  status: z.enum(royaltyStatuses),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  /** The store report the amount was imported from (null for rows entered otherwise). */
  reportId: z.string().nullable(),
});
export type AdminRoyaltyResponse = z.infer<typeof AdminRoyaltyResponse>;

const adminUsage = {
  streams: z.number().int(),
  downloads: z.number().int(),
  /** Net revenue the stores reported, in USD, before commission. */
  revenueUsd: DecimalAmount,
};

/** GET /api/admin/analytics(/:id): one usage row (a release or track on a store, country and day). */
export const AdminAnalyticsResponse = z.object({
  id: z.string(),
  releaseId: z.string(),
  releaseTitle: z.string().nullable(),
  ...adminArtist,
  platform: z.string(),
  trackId: z.string().nullable(),
  track: z.string().nullable(),
  country: z.string().nullable(),
  ...adminUsage,
  listeners: z.number().int().nullable(),
  /** The day of use, `YYYY-MM-DD` (monthly reports count on the first day of their month). */
  date: z.string(),
  reportId: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminAnalyticsResponse = z.infer<typeof AdminAnalyticsResponse>;

/**
 * GET /api/admin/analytics/summary: usage between `from` and `to` (both included; either open when not
 * given), in total and broken down for charts.
 */
export const AdminAnalyticsSummary = z.object({
  from: z.string().nullable(),
  to: z.string().nullable(),
  currency: z.literal('USD'),
  totals: z.object({
    ...adminUsage,
    /** Usage rows, releases and artists with any usage. */
    rows: z.number().int(),
    releases: z.number().int(),
    artists: z.number().int(),
  }),
  /** Per day with usage, oldest first. */
  byDay: z.array(z.object({ date: z.string(), ...adminUsage })),
  /** Per store, most streams first. */
  byStore: z.array(z.object({ platform: z.string(), ...adminUsage })),
  /** Per release, most streams first (the top 50). */
  byRelease: z.array(
    z.object({
      releaseId: z.string(),
      releaseTitle: z.string().nullable(),
      artistName: z.string().nullable(),
      ...adminUsage,
    }),
  ),
  /** Per country (ISO 3166 alpha-2; null where the store gave none), most streams first. */
  byCountry: z.array(z.object({ country: z.string().nullable(), ...adminUsage })),
});
export type AdminAnalyticsSummary = z.infer<typeof AdminAnalyticsSummary>;

/** The workers' consumer groups (the pipeline's readers of the event log). */
export const consumerGroups = ['notifications', 'reports', 'exports', 'stats'] as const;

/** GET /api/admin/pipeline: the event pipeline's backlog and lag, for the console's System section. */
export const AdminPipelineResponse = z.object({
  eventLog: z.enum(['postgres', 'kafka']),
  /** Committed events the relay has not put on the log yet, and the oldest one's wait in seconds. */
  outbox: z.object({ events: z.number().int(), oldestSeconds: z.number() }),
  groups: z.array(
    z.object({
      group: z.string(),
      /** Events still to read (the Postgres log; on Kafka the lag is on /metrics: null). */
      lag: z.number().int().nullable(),
      retrying: z.number().int(),
      parked: z.number().int(),
    }),
  ),
  mail: z.object({ pending: z.number().int(), failed: z.number().int(), oldestSeconds: z.number() }),
});
export type AdminPipelineResponse = z.infer<typeof AdminPipelineResponse>;
