import { z } from 'zod';
import { isSafeText, optionalHttpUrl, optionalText, requiredText, unsafeTextMessage } from './common.ts';
import {
  pricingTiers,
  releaseGenres,
  releaseStatuses,
  releaseTypes,
  storeDistributions,
  trackTypes,
  type ReleaseType,
} from './enums.ts';
import { isrcProblem, normalizeIdentifier, upcProblem } from './identifiers.ts';

/** The 41 stores an artist may pick one by one when distribution is custom (SPEC §2 Settings, §9). */
export const selectableStores = {
  spotify: 'Spotify',
  'apple-music': 'Apple Music',
  itunes: 'iTunes',
  'youtube-music': 'YouTube Music',
  'amazon-music': 'Amazon Music',
  deezer: 'Deezer',
  tidal: 'TIDAL',
  pandora: 'Pandora',
  soundcloud: 'SoundCloud',
  audiomack: 'Audiomack',
  anghami: 'Anghami',
  boomplay: 'Boomplay',
  jiosaavn: 'JioSaavn',
  gaana: 'Gaana',
  wynk: 'Wynk Music',
  hungama: 'Hungama',
  tiktok: 'TikTok',
  meta: 'Facebook & Instagram',
  snapchat: 'Snapchat',
  shazam: 'Shazam',
  iheartradio: 'iHeartRadio',
  napster: 'Napster',
  qobuz: 'Qobuz',
  kkbox: 'KKBOX',
  netease: 'NetEase Cloud Music',
  tencent: 'Tencent Music',
  yandex: 'Yandex Music',
  vk: 'VK Music',
  joox: 'JOOX',
  'claro-musica': 'Claro Música',
  beatport: 'Beatport',
  traxsource: 'Traxsource',
  '7digital': '7digital',
  medianet: 'MediaNet',
  mixcloud: 'Mixcloud',
  peloton: 'Peloton',
  triller: 'Triller',
  pretzel: 'Pretzel',
  kuack: 'Kuack Media',
  'line-music': 'LINE Music',
  awa: 'AWA',
} as const;
export type StoreId = keyof typeof selectableStores;
export const storeIds = Object.keys(selectableStores) as [StoreId, ...StoreId[]];

/** SPEC §5 track limits per release type. */
export const trackLimits: Record<ReleaseType, number> = { single: 1, ep: 5, album: 20 };
/** The fewest tracks a release type may be submitted with (the wizard's labels: EP 2-5, album 5-20). */
export const trackMinimums: Record<ReleaseType, number> = { single: 1, ep: 2, album: 5 };
const typeNames: Record<ReleaseType, string> = { single: 'Singles', ep: 'EPs', album: 'Albums' };
/** 'Singles can have up to 1 track', 'EPs can have up to 5 tracks', … (SPEC §5). */
export const trackLimitMessage = (type: ReleaseType) =>
  `${typeNames[type]} can have up to ${trackLimits[type]} ${trackLimits[type] === 1 ? 'track' : 'tracks'}`;

export const MAX_PRIMARY_ARTISTS = 3;
export const MAX_RELEASE_ARTISTS = 3;
/** SPEC §9: audio at most 200 MB. */
export const MAX_AUDIO_BYTES = 209_715_200;
export const MAX_ARTWORK_BYTES = 20 * 1024 * 1024;
export const MIN_ARTWORK_PIXELS = 3000;

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
/** An ISO 3166-1 alpha-2 country code the platform knows ("IN", "US"). */
export const isCountryCode = (code: string): boolean => {
  if (!/^[A-Z]{2}$/.test(code)) return false;
  try {
    return regionNames.of(code) !== code;
  } catch {
    return false;
  }
};

/** Names typed one per field or comma-separated: trimmed, blanks dropped. */
const names = (label: string, max: number, maxMessage: string) =>
  z
    .union([z.array(z.string({ error: `${label} must be text` })), z.string()], {
      error: `${label} must be a list of names`,
    })
    .transform((v) => (typeof v === 'string' ? v.split(',') : v).map((s) => s.trim()).filter(Boolean))
    .refine((v) => v.length <= max, maxMessage)
    .refine((v) => v.every((s) => s.length <= 200), `${label}: each name must be at most 200 characters`)
    .refine((v) => v.every(isSafeText), unsafeTextMessage(label));
/** The same, empty when not sent. */
const nameList = (label: string, max: number, maxMessage: string) =>
  names(label, max, maxMessage)
    .optional()
    .transform((v) => v ?? []);

/** "YYYY-MM-DD" that is a real date. */
export const isoDate = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    }, `${label} must be a real date`);

const flag = z.boolean({ error: 'Must be true or false' }).default(false);
const year = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a year` })
    .int(`${label} must be a year`)
    .min(1900, `${label} must be between 1900 and 2100`)
    .max(2100, `${label} must be between 1900 and 2100`)
    .default(2025);

/**
 * A code an artist brings from an earlier distributor (the ISRC of a track, the UPC of a release): blank
 * is none; hyphens and spaces are dropped and letters upper-cased; `problem` says why one is refused.
 */
const broughtCode = (label: 'ISRC' | 'UPC', problem: (typed: string) => string | null) =>
  z
    .string({ error: `${label} must be text` })
    .transform((typed, ctx) => {
      if (!typed.trim()) return null;
      const refused = problem(typed);
      if (refused) {
        ctx.addIssue({ code: 'custom', message: refused });
        return z.NEVER;
      }
      return normalizeIdentifier(typed);
    })
    .nullish()
    .transform((v) => v ?? null);

/** Codes are brought only with a release that came out before (SPEC §5's Previously released). */
export const UPC_NEEDS_PREVIOUS_RELEASE =
  'A UPC can be given only for a release that was previously released (a new release gets one on approval)';
export const ISRC_NEEDS_PREVIOUS_RELEASE =
  'An ISRC can be given only for a release that was previously released (a new track gets one on approval)';
/** Two tracks of one release with the same ISRC. */
export const isrcTwiceMessage = (isrc: string) => `ISRC ${isrc} is given to more than one track`;

export const TrackInput = z.object({
  title: requiredText('Track title', 200),
  primaryArtists: nameList(
    'Primary artists',
    MAX_PRIMARY_ARTISTS,
    `Maximum ${MAX_PRIMARY_ARTISTS} primary artists allowed per track`,
  ).refine((v) => v.length >= 1, 'Each track needs at least one primary artist'),
  featuringArtists: nameList('Featuring artists', 10, 'At most 10 featuring artists per track'),
  producer: optionalText('Producer'),
  lyricist: optionalText('Lyricist'),
  composer: optionalText('Composer'),
  trackType: z.enum(trackTypes, { error: 'Track type must be vocal or instrumental' }).default('vocal'),
  isExplicit: flag,
  /** The track's own ISRC, only for a release that came out before (else one is given on approval). */
  isrc: broughtCode('ISRC', isrcProblem),
});
export type TrackInput = z.input<typeof TrackInput>;

export const genreField = z
  .string({ error: 'Genre is required' })
  .trim()
  .toLowerCase()
  .pipe(z.enum(releaseGenres, { error: 'Genre must be one of the 19 genres' }));
export const secondaryGenreField = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(releaseGenres, { error: 'Secondary genre must be one of the 19 genres' }))
  .nullish()
  .or(z.literal('').transform(() => null))
  .transform((v) => v || null);
/** The release artists field: names one per entry or comma-separated, at most 3. */
export const releaseArtistsField = names('Release artists', MAX_RELEASE_ARTISTS, 'At most 3 release artists');

/** The earliest date that is still "today" somewhere on Earth (UTC-12): yesterday in UTC. */
export const earliestReleaseDate = (now = new Date()): string =>
  new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);

/**
 * POST /api/releases: every field of the wizard (SPEC §3, §5). `today` decides what "today or later"
 * means for the release date: the earliest date that is today in some time zone.
 */
export const releaseBody = (today: () => string = () => earliestReleaseDate()) =>
  z
    .object({
      title: requiredText('Title', 200),
      artist: requiredText('Artist', 200),
      albumArt: optionalHttpUrl('Album art URL'),
      releaseDate: isoDate('Release date').refine((v) => v >= today(), 'Release date must be today or later'),
      releaseTime: z
        .string()
        .trim()
        .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Release time must be HH:MM')
        .nullish()
        .or(z.literal('').transform(() => null))
        .transform((v) => v || null),
      genre: genreField,
      secondaryGenre: secondaryGenreField,
      releaseType: z.enum(releaseTypes, { error: 'Release type must be single, ep or album' }),
      pricingTier: z.enum(pricingTiers, { error: 'Pricing must be budget, mid or premium' }).default('mid'),
      releaseArtists: nameList('Release artists', MAX_RELEASE_ARTISTS, 'At most 3 release artists'),
      copyrightHolder: optionalText('Copyright holder'),
      copyrightYear: year('Copyright year'),
      productionHolder: optionalText('Production holder'),
      productionYear: year('Production year'),
      /** Fixed: whatever is sent, the label is Riffline Records. */
      recordLabel: z.unknown().optional(),
      explicitContentLabeled: flag,
      authorizedToDistribute: flag,
      noUnauthorizedArtistName: flag,
      copyrightDocumentation: optionalHttpUrl('Copyright documentation URL'),
      hasCountryRestrictions: flag,
      restrictedCountries: z
        .union([z.array(z.string()), z.string()], { error: 'Restricted countries must be a list of codes' })
        .optional()
        .transform((v) =>
          (typeof v === 'string' ? v.split(',') : (v ?? []))
            .map((s) => s.trim().toUpperCase())
            .filter(Boolean),
        ),
      previouslyReleased: flag,
      originalReleaseDate: isoDate('Original release date')
        .nullish()
        .or(z.literal('').transform(() => null))
        .transform((v) => v || null),
      storeDistribution: z
        .enum(storeDistributions, { error: 'Store distribution must be all, downloads, streaming or custom' })
        .default('all'),
      selectedStores: z
        .array(z.enum(storeIds, { error: 'Unknown store' }), { error: 'Selected stores must be a list' })
        .max(storeIds.length)
        .optional()
        .transform((v) => [...new Set(v ?? [])]),
      autoDistributeToNewStores: z.boolean({ error: 'Must be true or false' }).default(true),
      /** The release's own UPC, only when it was previously released (else one is given on approval). */
      upc: broughtCode('UPC', upcProblem),
      tracks: z
        .array(TrackInput, { error: 'Tracks must be a list' })
        .min(1, 'Add at least one track')
        .superRefine((tracks, ctx) => {
          const seen = new Set<string>();
          tracks.forEach(({ isrc }, index) => {
            if (isrc && seen.has(isrc)) {
              ctx.addIssue({ code: 'custom', path: [index, 'isrc'], message: isrcTwiceMessage(isrc) });
            }
            if (isrc) seen.add(isrc);
          });
        }),
    })
    .superRefine((release, ctx) => {
      if (release.tracks.length > trackLimits[release.releaseType]) {
        ctx.addIssue({ code: 'custom', path: ['tracks'], message: trackLimitMessage(release.releaseType) });
      }
      if (release.hasCountryRestrictions) {
        const bad = release.restrictedCountries.filter((c) => !isCountryCode(c));
        if (bad.length) {
          ctx.addIssue({
            code: 'custom',
            path: ['restrictedCountries'],
            message: `Not a country code: ${bad.slice(0, 5).join(', ')}`,
          });
        }
      }
      if (release.previouslyReleased && !release.originalReleaseDate) {
        ctx.addIssue({
          code: 'custom',
          path: ['originalReleaseDate'],
          message: 'Original release date is required for a release that came out before',
        });
      }
      if (release.storeDistribution === 'custom' && release.selectedStores.length === 0) {
        ctx.addIssue({ code: 'custom', path: ['selectedStores'], message: 'Pick at least one store' });
      }
      if (!release.previouslyReleased && release.upc) {
        ctx.addIssue({ code: 'custom', path: ['upc'], message: UPC_NEEDS_PREVIOUS_RELEASE });
      }
      if (!release.previouslyReleased) {
        release.tracks.forEach(({ isrc }, index) => {
          if (isrc) {
            ctx.addIssue({
              code: 'custom',
              path: ['tracks', index, 'isrc'],
              message: ISRC_NEEDS_PREVIOUS_RELEASE,
            });
          }
        });
      }
    })
    .transform(({ recordLabel: _ignored, ...release }) => ({
      ...release,
      // Conditional fields count only when their switch is on (SPEC §5).
      restrictedCountries: release.hasCountryRestrictions ? [...new Set(release.restrictedCountries)] : [],
      originalReleaseDate: release.previouslyReleased ? release.originalReleaseDate : null,
      selectedStores: release.storeDistribution === 'custom' ? release.selectedStores : [],
    }));
export const ReleaseBody = releaseBody();
export type ReleaseBody = z.output<typeof ReleaseBody>;
export type ReleaseInput = z.input<typeof ReleaseBody>;

/** PATCH /api/releases/{id} (the Edit Release dialog): what is sent changes, what is left out stays. */
export const ReleaseUpdateBody = z
  .object({
    title: requiredText('Title', 200).optional(),
    albumArt: optionalHttpUrl('Album art URL').optional(),
    releaseArtists: releaseArtistsField.optional(),
  })
  .refine(
    (b) => b.title !== undefined || b.albumArt !== undefined || b.releaseArtists !== undefined,
    'Nothing to change: send title, albumArt or releaseArtists',
  );
export type ReleaseUpdateBody = z.output<typeof ReleaseUpdateBody>;

/** PATCH /api/tracks/{id} */
export const TrackUpdateBody = z.object({ title: requiredText('Track title', 200) });

/** PATCH /api/admin/releases/{id} */
export const ReleaseReviewBody = z
  .object({
    status: z.enum(['live', 'rejected'], { error: 'Status must be live or rejected' }),
    reason: optionalText('Reason', 2000),
  })
  .refine((b) => b.status !== 'rejected' || Boolean(b.reason), {
    message: 'Say why the release is rejected',
    path: ['reason'],
  });
export type ReleaseReviewBody = z.infer<typeof ReleaseReviewBody>;

export const audioStates = ['none', 'uploading', 'ready', 'failed'] as const;
export type AudioState = (typeof audioStates)[number];

export const TrackResponse = z.object({
  id: z.string(),
  releaseId: z.string(),
  trackNumber: z.number().int(),
  title: z.string(),
  primaryArtists: z.array(z.string()),
  featuringArtists: z.array(z.string()),
  producer: z.string().nullable(),
  lyricist: z.string().nullable(),
  composer: z.string().nullable(),
  trackType: z.enum(trackTypes),
  isExplicit: z.boolean(),
  isrc: z.string().nullable(),
  duration: z.number().int().nullable().describe('seconds'),
  audioState: z.enum(audioStates),
  audioSize: z.number().int().nullable(),
  audioFormat: z.enum(['wav', 'mp3']).nullable(),
  audioUrl: z.string().nullable().describe('a short-lived signed URL while the audio is ready'),
});
export type TrackResponse = z.infer<typeof TrackResponse>;

export const ReleaseResponse = z.object({
  id: z.string(),
  userId: z.string(),
  title: z.string(),
  artist: z.string(),
  albumArt: z.string().nullable(),
  coverUrl: z.string().nullable().describe('the uploaded artwork (signed) or the album-art URL'),
  hasArtwork: z
    .boolean()
    .describe(
      'an artwork was uploaded (its checks passed): submission needs one, an album-art URL is not enough',
    ),
  releaseDate: z.string().nullable(),
  releaseTime: z.string().nullable(),
  genre: z.enum(releaseGenres),
  secondaryGenre: z.enum(releaseGenres).nullable(),
  status: z.enum(releaseStatuses),
  releaseType: z.enum(releaseTypes),
  pricingTier: z.enum(pricingTiers),
  releaseArtists: z.array(z.string()),
  copyrightHolder: z.string().nullable(),
  copyrightYear: z.number().int(),
  productionHolder: z.string().nullable(),
  productionYear: z.number().int(),
  recordLabel: z.string(),
  explicitContentLabeled: z.boolean(),
  authorizedToDistribute: z.boolean(),
  noUnauthorizedArtistName: z.boolean(),
  copyrightDocumentation: z.string().nullable(),
  hasCountryRestrictions: z.boolean(),
  restrictedCountries: z.array(z.string()),
  previouslyReleased: z.boolean(),
  originalReleaseDate: z.string().nullable(),
  storeDistribution: z.enum(storeDistributions),
  selectedStores: z.array(z.string()),
  autoDistributeToNewStores: z.boolean(),
  upc: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  trackCount: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ReleaseResponse = z.infer<typeof ReleaseResponse>;

export const ReleaseWithTracksResponse = ReleaseResponse.extend({ tracks: z.array(TrackResponse) });
export type ReleaseWithTracksResponse = z.infer<typeof ReleaseWithTracksResponse>;

/** POST /api/releases/{id}/export/drive and /export/docs */
export const ExportLinkResponse = z.object({ webViewLink: z.string() });
