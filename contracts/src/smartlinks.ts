import { z } from 'zod';
import { storeName } from './delivery.ts';
import { selectableStores, type StoreId } from './releases.ts';

/**
 * SmartLinks (docs/smartlinks.md): every release has a public page at `/l/{slug}`. Before release day it
 * takes pre-saves (a fan's email, confirmed by a link); from release day, or as soon as a store says the
 * release is live, it links to the stores.
 */
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){2,39}$/;
export const SLUG_MESSAGE = 'Slug must be 3 to 40 lowercase letters, digits or single hyphens';
export const SLUG_RESERVED_MESSAGE = 'This slug is reserved';
export const SLUG_OFFENSIVE_MESSAGE = 'This slug is not allowed';
export const SLUG_TAKEN_MESSAGE = 'This slug is already taken';

/** Words of the site's own paths and roles: a SmartLink named so would look like Riffline speaking. */
export const reservedSlugs = new Set([
  'admin',
  'administrator',
  'api',
  'app',
  'apply',
  'assets',
  'billing',
  'contact',
  'dashboard',
  'docs',
  'fans',
  'help',
  'login',
  'logout',
  'oidc',
  'official',
  'payments',
  'riffline',
  'root',
  'settings',
  'staff',
  'support',
  'system',
  'wallet',
]);

/** The form a slug takes from free text: lower case, letters and digits, single hyphens. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/g, '');
}

export const Slug = z
  .string({ error: SLUG_MESSAGE })
  .trim()
  .toLowerCase()
  .regex(SLUG_PATTERN, { error: SLUG_MESSAGE })
  .refine((slug) => !reservedSlugs.has(slug), { error: SLUG_RESERVED_MESSAGE });

/** PATCH /api/releases/:id/smartlink. */
export const SmartLinkBody = z
  .object({
    slug: Slug.optional(),
    /** Whether the page also offers fans a general opt-in to hear from the artist. */
    collectEmails: z.boolean({ error: 'collectEmails must be true or false' }).optional(),
  })
  .refine((body) => body.slug !== undefined || body.collectEmails !== undefined, {
    error: 'Nothing to change: send slug or collectEmails',
  });
export type SmartLinkBody = z.output<typeof SmartLinkBody>;

/**
 * The stores a SmartLink can send a fan to, with a search link to use until the store acknowledges the
 * release with its own page: by UPC where the store's search reads one, else by artist and title.
 */
type SearchLink = (release: { upc: string | null; title: string; artist: string }) => string;
const byText =
  (base: string): SearchLink =>
  ({ title, artist }) =>
    `${base}${encodeURIComponent(`${artist} ${title}`)}`;
export const smartLinkStores: Partial<Record<StoreId, SearchLink>> = {
  spotify: (release) =>
    release.upc
      ? `https://open.spotify.com/search/upc%3A${release.upc}`
      : byText('https://open.spotify.com/search/')(release),
  'apple-music': byText('https://music.apple.com/search?term='),
  'youtube-music': byText('https://music.youtube.com/search?q='),
  'amazon-music': byText('https://music.amazon.com/search/'),
  deezer: byText('https://www.deezer.com/search/'),
  tidal: byText('https://listen.tidal.com/search?q='),
  soundcloud: byText('https://soundcloud.com/search?q='),
  itunes: byText('https://music.apple.com/search?term='),
};
export const smartLinkStoreIds = Object.keys(smartLinkStores) as StoreId[];

export const SmartLinkStore = z.object({
  store: z.string(),
  storeName: z.string(),
  url: z.string(),
  /** `store`: the store's own page from its acknowledgement; `search`: a search until it gives one. */
  source: z.enum(['store', 'search']),
});
export type SmartLinkStore = z.infer<typeof SmartLinkStore>;

/** Whether fans can open a release's page: once it is submitted (nobody has reviewed a draft yet). */
export const isPublicRelease = (status: string) => status === 'processing' || status === 'live';

/** What the page shows: `presave` before release day and before any store has it live, then `live`. */
export const smartLinkModes = ['presave', 'live'] as const;
export type SmartLinkMode = (typeof smartLinkModes)[number];

export const SmartLinkResponse = z.object({
  id: z.string(),
  releaseId: z.string(),
  slug: z.string(),
  /** The page's full address. */
  url: z.string(),
  collectEmails: z.boolean(),
  mode: z.enum(smartLinkModes),
  stores: z.array(SmartLinkStore),
  /** Set when an admin disabled the page for abuse: it then says it is unavailable. */
  disabledAt: z.iso.datetime().nullable(),
  disabledReason: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type SmartLinkResponse = z.infer<typeof SmartLinkResponse>;

/** GET /api/releases/:id/smartlink/stats?days=N: the last N days (UTC), today included. */
export const SmartLinkStatsQuery = z.object({
  days: z.coerce
    .number({ error: 'days must be a whole number from 1 to 365' })
    .int({ error: 'days must be a whole number from 1 to 365' })
    .min(1, { error: 'days must be a whole number from 1 to 365' })
    .max(365, { error: 'days must be a whole number from 1 to 365' })
    .default(30),
});

const counts = { views: z.number(), clicks: z.number(), presaves: z.number(), fans: z.number() };
export const SmartLinkStatsResponse = z.object({
  from: z.string(),
  to: z.string(),
  totals: z.object(counts),
  /** Every day of the window, oldest first, zeros included. */
  days: z.array(z.object({ day: z.string(), ...counts })),
  stores: z.array(z.object({ store: z.string(), storeName: z.string(), clicks: z.number() })),
  /** ISO country codes where the visitor's country was known; `null` gathers the rest. */
  countries: z.array(z.object({ country: z.string().nullable(), ...counts })),
  /** By UTM source and campaign (`null`: none given). */
  campaigns: z.array(z.object({ source: z.string().nullable(), campaign: z.string().nullable(), ...counts })),
});
export type SmartLinkStatsResponse = z.infer<typeof SmartLinkStatsResponse>;

export const fanStatuses = ['pending', 'confirmed', 'unsubscribed'] as const;
export type FanStatus = (typeof fanStatuses)[number];

/** GET /api/fans: the artist's own fans (never another artist's). */
export const FanResponse = z.object({
  id: z.string(),
  email: z.string(),
  status: z.enum(fanStatuses),
  /** Whether they also asked to hear from the artist beyond the release day. */
  artistOptIn: z.boolean(),
  /** The release they first pre-saved, by title. */
  source: z.string().nullable(),
  consentText: z.string(),
  consentedAt: z.iso.datetime(),
  confirmedAt: z.iso.datetime().nullable(),
});
export type FanResponse = z.infer<typeof FanResponse>;

export const FansResponse = z.object({
  fans: z.array(FanResponse),
  confirmed: z.number(),
  pending: z.number(),
});
export type FansResponse = z.infer<typeof FansResponse>;

/** The public page's pre-save form (`POST /l/{slug}`). */
export const PresaveForm = z.object({
  email: z
    .string({ error: 'Please enter your email address' })
    .trim()
    .min(1, { error: 'Please enter your email address' })
    .max(254, { error: 'Please enter a valid email address' })
    .pipe(z.email({ error: 'Please enter a valid email address' })),
  consent: z.literal('yes', { error: 'Please tick the box to agree' }),
  artistOptIn: z.literal('yes').optional(),
});

/** What a fan agrees to by pre-saving, kept word for word on their record. */
export const presaveConsentText = (artist: string, title: string) =>
  `Email me when “${title}” by ${artist} is out. I can unsubscribe at any time from any email.`;
export const artistOptInText = (artist: string) => `Also send me news from ${artist}.`;

/** PATCH /api/admin/smartlinks/:id. */
export const AdminSmartLinkBody = z
  .object({
    disabled: z.boolean({ error: 'disabled must be true or false' }),
    reason: z.string().trim().max(500, { error: 'Reason must be at most 500 characters' }).optional(),
  })
  .refine((body) => !body.disabled || Boolean(body.reason), {
    path: ['reason'],
    error: 'Please give a reason for disabling the SmartLink',
  });

export const AdminSmartLinkResponse = SmartLinkResponse.extend({
  releaseTitle: z.string(),
  artist: z.string(),
  userId: z.string(),
  views: z.number(),
  clicks: z.number(),
});
export type AdminSmartLinkResponse = z.infer<typeof AdminSmartLinkResponse>;

/** A store's latest delivery of the release, as far as a SmartLink cares. */
export interface SmartLinkDelivery {
  store: string;
  status: string;
  storeUrl: string | null;
}

interface SmartLinkSource {
  title: string;
  artist: string;
  upc: string | null;
  status: string;
  releaseDate: string | null;
  storeDistribution: string;
  selectedStores: string[];
}

/**
 * What the page offers (one rule for the page, the artist's panel and the release-day mail): `live` once the
 * release is approved and its date has come, or as soon as a store says it is live; then a button per
 * store that has it, with the store's own link where it gave one (a search link until then), stores that
 * took it down left out; `presave` before.
 */
export function smartLinkView(
  release: SmartLinkSource,
  deliveries: SmartLinkDelivery[],
  today: string,
): { mode: SmartLinkMode; stores: SmartLinkStore[] } {
  const liveSomewhere = deliveries.some((d) => d.status === 'live');
  const approved = release.status === 'live';
  const mode: SmartLinkMode =
    approved && (liveSomewhere || !release.releaseDate || release.releaseDate <= today) ? 'live' : 'presave';
  if (mode === 'presave') return { mode, stores: [] };
  const delivered = new Map(deliveries.map((d) => [d.store, d]));
  const chosen = (store: StoreId) =>
    release.storeDistribution !== 'custom' || release.selectedStores.includes(store);
  const stores: SmartLinkStore[] = [];
  for (const [store, search] of Object.entries(smartLinkStores) as [StoreId, SearchLink][]) {
    const delivery = delivered.get(store);
    if (delivery?.status === 'taken_down' || (!delivery && !chosen(store))) continue;
    const own = delivery?.status === 'live' ? delivery.storeUrl : null;
    stores.push({
      store,
      storeName: selectableStores[store],
      url: own ?? search(release),
      source: own ? 'store' : 'search',
    });
  }
  for (const d of deliveries) {
    if (d.store in smartLinkStores || d.status !== 'live' || !d.storeUrl) continue;
    stores.push({ store: d.store, storeName: storeName(d.store), url: d.storeUrl, source: 'store' });
  }
  // Stores that gave their own link come first: they are where the release certainly is.
  return { mode, stores: stores.sort((a, b) => Number(b.source === 'store') - Number(a.source === 'store')) };
}
