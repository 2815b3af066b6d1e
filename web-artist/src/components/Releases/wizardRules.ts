/**
 * The Release Builder's rules (SPEC §2 Release Builder, §5 Release and Track), kept apart from React so
 * they can be tested on their own: the wizard's state, every change an artist can make to it, and what
 * each change answers (a toast's title and text, in the spec's words). Components only render this state
 * and show the notices.
 */
import {
  DEFAULT_COPYRIGHT_YEAR,
  earliestReleaseDate,
  MAX_ARTWORK_BYTES,
  MAX_AUDIO_BYTES,
  MAX_PRIMARY_ARTISTS,
  MAX_RELEASE_ARTISTS,
  MIN_ARTWORK_PIXELS,
  releaseBody,
  trackLimitMessage,
  trackLimits,
  trackMinimums,
  type PricingTier,
  type ReleaseGenre,
  type ReleaseInput,
  type ReleaseStatus,
  type ReleaseType,
  type StoreDistribution,
  type StoreId,
  type TrackType,
} from '@riffline/contracts';

/** A toast: title, then text (SPEC §8). */
export interface Notice {
  title: string;
  description: string;
}

export const WIZARD_STEPS = [
  'Release Info',
  'Tracks & Metadata',
  'Distribution Checklist',
  'Release Settings',
  'Review',
] as const;
export const LAST_STEP = WIZARD_STEPS.length - 1;

/** What the wizard needs of a file (audio or cover): a browser `File` has all of it. */
export interface AudioPick {
  name: string;
  size: number;
  type: string;
}

export interface TrackDraft<F extends AudioPick = AudioPick> {
  /** Stable identity while tracks are added and removed (React key, field ids). */
  key: number;
  /** 1..n in order, renumbered after a removal (SPEC §3: automatic, read-only). */
  trackNumber: number;
  title: string;
  /** One field per artist, 1 to 3 (SPEC §5). */
  primaryArtists: string[];
  /** Comma-separated. */
  featuringArtists: string;
  producer: string;
  lyricist: string;
  composer: string;
  trackType: TrackType;
  isExplicit: boolean;
  /** The track's own ISRC, as typed: offered and sent only while the release is previously released. */
  isrc: string;
  /** Uploaded once the release exists (SPEC §5). */
  file: F | null;
}

export interface ReleaseForm {
  title: string;
  artist: string;
  genre: ReleaseGenre | '';
  secondaryGenre: ReleaseGenre | '';
  releaseType: ReleaseType;
  releaseDate: string;
  releaseTime: string;
  /** Three fields; blanks are ignored (SPEC §5). */
  releaseArtists: string[];
  copyrightHolder: string;
  copyrightYear: string;
  productionHolder: string;
  productionYear: string;
  pricingTier: PricingTier;
  explicitContentLabeled: boolean;
  authorizedToDistribute: boolean;
  noUnauthorizedArtistName: boolean;
  copyrightDocumentation: string;
  hasCountryRestrictions: boolean;
  /** Comma-separated country codes. */
  restrictedCountries: string;
  previouslyReleased: boolean;
  originalReleaseDate: string;
  /** The release's own UPC, as typed: offered and sent only while it is previously released. */
  upc: string;
  storeDistribution: StoreDistribution;
  selectedStores: StoreId[];
  autoDistributeToNewStores: boolean;
}

export interface WizardState<F extends AudioPick = AudioPick> {
  /** 0-based: 0 release info … 4 review. */
  step: number;
  form: ReleaseForm;
  /** The cover art, checked in the browser, uploaded once the release exists (as the audio is). */
  cover: F | null;
  tracks: TrackDraft<F>[];
  nextKey: number;
  /** Steps whose Next was pressed: their problems are shown (and follow the fields as they change). */
  attempted: number[];
}

/** A change and, when it was refused or had to be undone, what to tell the artist. */
export interface Outcome<F extends AudioPick = AudioPick> {
  state: WizardState<F>;
  notice?: Notice;
}

export function emptyForm(): ReleaseForm {
  return {
    title: '',
    artist: '',
    genre: '',
    secondaryGenre: '',
    releaseType: 'single',
    releaseDate: '',
    releaseTime: '',
    releaseArtists: Array.from({ length: MAX_RELEASE_ARTISTS }, () => ''),
    copyrightHolder: '',
    copyrightYear: String(DEFAULT_COPYRIGHT_YEAR),
    productionHolder: '',
    productionYear: String(DEFAULT_COPYRIGHT_YEAR),
    pricingTier: 'mid',
    explicitContentLabeled: false,
    authorizedToDistribute: false,
    noUnauthorizedArtistName: false,
    copyrightDocumentation: '',
    hasCountryRestrictions: false,
    restrictedCountries: '',
    previouslyReleased: false,
    originalReleaseDate: '',
    upc: '',
    storeDistribution: 'all',
    selectedStores: [],
    autoDistributeToNewStores: true,
  };
}

/** Step 1, no tracks, an empty form: how the wizard opens, and what closing it returns to (SPEC §2). */
export function initialWizard<F extends AudioPick = AudioPick>(): WizardState<F> {
  return { step: 0, form: emptyForm(), cover: null, tracks: [], nextKey: 1, attempted: [] };
}

/** Closing the dialog resets the step to 1, clears the tracks and resets the form. */
export const closeWizard = initialWizard;

export function setField<F extends AudioPick, K extends keyof ReleaseForm>(
  state: WizardState<F>,
  name: K,
  value: ReleaseForm[K],
): WizardState<F> {
  return { ...state, form: { ...state.form, [name]: value } };
}

// ---- Release type and track limits ------------------------------------------------------------------

const plural = (n: number, word: string) => `${n} ${n === 1 ? word : `${word}s`}`;

/** Labels of the type select: the limits in the artist's words (EP 2-5 tracks, album 5-20 tracks). */
export const releaseTypeLabels: Record<ReleaseType, string> = {
  single: 'Single (1 track)',
  ep: `EP (${trackMinimums.ep}-${trackLimits.ep} tracks)`,
  album: `Album (${trackMinimums.album}-${trackLimits.album} tracks)`,
};

/** Changing the type to one whose limit is below the current track count is refused (SPEC §5). */
export function changeReleaseType<F extends AudioPick>(state: WizardState<F>, type: ReleaseType): Outcome<F> {
  const excess = state.tracks.length - trackLimits[type];
  if (excess > 0) {
    return {
      state,
      notice: {
        title: 'Track Limit Exceeded',
        description: `${trackLimitMessage(type)}: remove ${plural(excess, 'track')} first.`,
      },
    };
  }
  return { state: setField(state, 'releaseType', type) };
}

export const canAddTrack = (state: WizardState) => state.tracks.length < trackLimits[state.form.releaseType];

const renumber = <F extends AudioPick>(tracks: TrackDraft<F>[]): TrackDraft<F>[] =>
  tracks.map((track, i) => (track.trackNumber === i + 1 ? track : { ...track, trackNumber: i + 1 }));

/** A new track at the end; past the type's limit: 'Track Limit Reached' (SPEC §5). */
export function addTrack<F extends AudioPick>(state: WizardState<F>): Outcome<F> {
  if (!canAddTrack(state)) {
    return {
      state,
      notice: { title: 'Track Limit Reached', description: trackLimitMessage(state.form.releaseType) },
    };
  }
  const track: TrackDraft<F> = {
    key: state.nextKey,
    trackNumber: state.tracks.length + 1,
    title: '',
    // The release's artist is the usual first primary artist.
    primaryArtists: [state.form.artist.trim()],
    featuringArtists: '',
    producer: '',
    lyricist: '',
    composer: '',
    trackType: 'vocal',
    isExplicit: false,
    isrc: '',
    file: null,
  };
  return { state: { ...state, tracks: [...state.tracks, track], nextKey: state.nextKey + 1 } };
}

/** Removes a track; the others are renumbered 1..n. */
export function removeTrack<F extends AudioPick>(state: WizardState<F>, key: number): WizardState<F> {
  return { ...state, tracks: renumber(state.tracks.filter((t) => t.key !== key)) };
}

type EditableTrackField = Exclude<keyof TrackDraft, 'key' | 'trackNumber' | 'primaryArtists' | 'file'>;

export function updateTrack<F extends AudioPick, K extends EditableTrackField>(
  state: WizardState<F>,
  key: number,
  name: K,
  value: TrackDraft<F>[K],
): WizardState<F> {
  return { ...state, tracks: state.tracks.map((t) => (t.key === key ? { ...t, [name]: value } : t)) };
}

const mapTrack = <F extends AudioPick>(
  state: WizardState<F>,
  key: number,
  change: (track: TrackDraft<F>) => TrackDraft<F>,
): WizardState<F> => ({ ...state, tracks: state.tracks.map((t) => (t.key === key ? change(t) : t)) });

// ---- Primary artists ---------------------------------------------------------------------------------

export const PRIMARY_ARTIST_LIMIT_NOTICE: Notice = {
  title: 'Limit Reached',
  description: `Maximum ${MAX_PRIMARY_ARTISTS} primary artists allowed per track`,
};

/** One more primary artist field; a fourth gives 'Limit Reached' (SPEC §5). */
export function addPrimaryArtist<F extends AudioPick>(state: WizardState<F>, key: number): Outcome<F> {
  const track = state.tracks.find((t) => t.key === key);
  if (!track) return { state };
  if (track.primaryArtists.length >= MAX_PRIMARY_ARTISTS) {
    return { state, notice: PRIMARY_ARTIST_LIMIT_NOTICE };
  }
  return { state: mapTrack(state, key, (t) => ({ ...t, primaryArtists: [...t.primaryArtists, ''] })) };
}

export function setPrimaryArtist<F extends AudioPick>(
  state: WizardState<F>,
  key: number,
  index: number,
  value: string,
): WizardState<F> {
  return mapTrack(state, key, (t) => ({
    ...t,
    primaryArtists: t.primaryArtists.map((name, i) => (i === index ? value : name)),
  }));
}

/** Removes one primary artist field; the first one always stays (a track has at least one). */
export function removePrimaryArtist<F extends AudioPick>(
  state: WizardState<F>,
  key: number,
  index: number,
): WizardState<F> {
  return mapTrack(state, key, (t) =>
    t.primaryArtists.length <= 1
      ? t
      : { ...t, primaryArtists: t.primaryArtists.filter((_, i) => i !== index) },
  );
}

// ---- Files -------------------------------------------------------------------------------------------

const extension = (name: string) => /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
const audioTypes = new Set([
  'audio/wav',
  'audio/x-wav',
  'audio/wave',
  'audio/vnd.wave',
  'audio/mpeg',
  'audio/mp3',
]);

export const AUDIO_TYPE_NOTICE: Notice = {
  title: 'Invalid File Type',
  description: 'Audio must be a WAV or MP3 file',
};
export const AUDIO_SIZE_NOTICE: Notice = {
  title: 'File Too Large',
  description: 'Audio files must be under 200MB',
};

/** WAV or MP3 (by name or type), at most 209,715,200 bytes (SPEC §5, §9): checked before any upload. */
export function checkAudioFile(file: AudioPick): Notice | null {
  const ext = extension(file.name);
  const typeOk = ext === 'wav' || ext === 'mp3' || audioTypes.has(file.type.toLowerCase());
  if (!typeOk) return AUDIO_TYPE_NOTICE;
  if (file.size > MAX_AUDIO_BYTES) return AUDIO_SIZE_NOTICE;
  return null;
}

/** The track's audio file; a file that fails the checks is refused and the field cleared. */
export function pickAudio<F extends AudioPick>(
  state: WizardState<F>,
  key: number,
  file: F | null,
): Outcome<F> {
  const notice = file ? checkAudioFile(file) : null;
  return {
    state: mapTrack(state, key, (t) => ({ ...t, file: notice ? null : file })),
    ...(notice ? { notice } : {}),
  };
}

const imageTypes = new Set(['image/jpeg', 'image/png']);

/** Artwork: JPEG or PNG, at most 20 MB (the server checks it is square and at least 3000×3000). */
export function checkArtworkFile(file: AudioPick): Notice | null {
  const ext = extension(file.name);
  const typeOk = ['jpg', 'jpeg', 'png'].includes(ext) || imageTypes.has(file.type.toLowerCase());
  if (!typeOk) return { title: 'Invalid File Type', description: 'Artwork must be a JPEG or PNG image' };
  if (file.size > MAX_ARTWORK_BYTES) {
    return { title: 'File Too Large', description: 'Artwork must be at most 20 MB' };
  }
  return null;
}

/** A picture's width and height in pixels, as the browser read them from the file. */
export interface ImageSize {
  width: number;
  height: number;
}

/** The largest side the artwork upload takes (a bounded picture to decode). */
export const MAX_COVER_PIXELS = 6000;
export const COVER_HINT = `Square JPG or PNG, at least ${MIN_ARTWORK_PIXELS}×${MIN_ARTWORK_PIXELS} pixels`;
export const COVER_REQUIRED = 'Cover art is required';

/**
 * The cover the wizard takes: what the artwork upload takes (the server checks it again from its bytes):
 * JPEG or PNG, at most 20 MB, square, from 3000×3000 to 6000×6000 pixels. `size` is null when the browser
 * could not read the file as a picture.
 */
export function checkCover(file: AudioPick, size: ImageSize | null): Notice | null {
  const type = checkArtworkFile(file);
  if (type) return type;
  const refused = (description: string) => ({ title: 'Cover Not Accepted', description });
  if (!size) return refused('The artwork could not be read: upload a valid JPEG or PNG image');
  if (size.width !== size.height) return refused('Artwork must be square');
  if (size.width < MIN_ARTWORK_PIXELS) {
    return refused(`Artwork must be at least ${MIN_ARTWORK_PIXELS}×${MIN_ARTWORK_PIXELS} pixels`);
  }
  if (size.width > MAX_COVER_PIXELS) {
    return refused(`Artwork must be at most ${MAX_COVER_PIXELS}×${MAX_COVER_PIXELS} pixels`);
  }
  return null;
}

/** The cover art; one that fails the checks is refused and the field cleared. */
export function pickCover<F extends AudioPick>(
  state: WizardState<F>,
  file: F | null,
  size: ImageSize | null,
): Outcome<F> {
  const notice = file ? checkCover(file, size) : null;
  return { state: { ...state, cover: notice ? null : file }, ...(notice ? { notice } : {}) };
}

// ---- Conditional fields ------------------------------------------------------------------------------

/**
 * Fields that show only while their switch is on (SPEC §5). A release that came out before may bring the
 * codes it already has (its UPC, each track's ISRC), so that its old reports keep matching.
 */
export function visibleFields(form: ReleaseForm) {
  return {
    restrictedCountries: form.hasCountryRestrictions,
    originalReleaseDate: form.previouslyReleased,
    ownCodes: form.previouslyReleased,
    selectedStores: form.storeDistribution === 'custom',
  };
}

/** Comma-separated names or codes: trimmed, blanks dropped. */
export const splitList = (value: string): string[] =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const blankToUndefined = (value: string) => (value.trim() ? value.trim() : undefined);

/**
 * The body of POST /api/releases. Conditional fields are sent only while their switch is on (the UPC and
 * the ISRCs only while previously released, and only when typed); blank release and primary artists are
 * dropped; the record label is never sent (the server fixes it).
 */
export function toReleaseInput(state: WizardState): ReleaseInput {
  const { form } = state;
  const show = visibleFields(form);
  // Blank required fields are left out, so the server's rules say 'Title is required' and the like.
  const body = {
    title: blankToUndefined(form.title),
    artist: blankToUndefined(form.artist),
    genre: form.genre || undefined,
    secondaryGenre: form.secondaryGenre || null,
    releaseType: form.releaseType,
    releaseDate: blankToUndefined(form.releaseDate),
    releaseTime: form.releaseTime || null,
    releaseArtists: form.releaseArtists.map((s) => s.trim()).filter(Boolean),
    copyrightHolder: form.copyrightHolder.trim() || null,
    copyrightYear: form.copyrightYear.trim() ? Number(form.copyrightYear) : undefined,
    productionHolder: form.productionHolder.trim() || null,
    productionYear: form.productionYear.trim() ? Number(form.productionYear) : undefined,
    pricingTier: form.pricingTier,
    explicitContentLabeled: form.explicitContentLabeled,
    authorizedToDistribute: form.authorizedToDistribute,
    noUnauthorizedArtistName: form.noUnauthorizedArtistName,
    copyrightDocumentation: form.copyrightDocumentation.trim() || null,
    hasCountryRestrictions: form.hasCountryRestrictions,
    restrictedCountries: show.restrictedCountries ? splitList(form.restrictedCountries) : [],
    previouslyReleased: form.previouslyReleased,
    originalReleaseDate: show.originalReleaseDate ? form.originalReleaseDate || null : null,
    ...(show.ownCodes && form.upc.trim() ? { upc: form.upc.trim() } : {}),
    storeDistribution: form.storeDistribution,
    selectedStores: show.selectedStores ? form.selectedStores : [],
    autoDistributeToNewStores: form.autoDistributeToNewStores,
    tracks: state.tracks.map((t) => ({
      title: t.title.trim(),
      primaryArtists: t.primaryArtists.map((s) => s.trim()).filter(Boolean),
      featuringArtists: splitList(t.featuringArtists),
      producer: t.producer.trim() || null,
      lyricist: t.lyricist.trim() || null,
      composer: t.composer.trim() || null,
      trackType: t.trackType,
      isExplicit: t.isExplicit,
      ...(show.ownCodes && t.isrc.trim() ? { isrc: t.isrc.trim() } : {}),
    })),
  };
  return body as ReleaseInput;
}

// ---- Steps -------------------------------------------------------------------------------------------

/** Which step shows each field of the body (the first segment of an issue's path). */
const stepOfField: Record<string, number> = {
  title: 0,
  artist: 0,
  genre: 0,
  secondaryGenre: 0,
  releaseType: 0,
  releaseDate: 0,
  releaseTime: 0,
  cover: 0,
  releaseArtists: 0,
  copyrightHolder: 0,
  copyrightYear: 0,
  productionHolder: 0,
  productionYear: 0,
  pricingTier: 0,
  tracks: 1,
  explicitContentLabeled: 2,
  authorizedToDistribute: 2,
  noUnauthorizedArtistName: 2,
  copyrightDocumentation: 2,
  hasCountryRestrictions: 3,
  restrictedCountries: 3,
  previouslyReleased: 3,
  originalReleaseDate: 3,
  upc: 3,
  storeDistribution: 3,
  selectedStores: 3,
  autoDistributeToNewStores: 3,
};

/** Field path ("title", "tracks", "tracks.0.title") → its first problem. */
export type StepErrors = Record<string, string>;

/** The step that shows a field: a track's ISRC is asked with the release settings, beside its UPC. */
const stepOf = (path: readonly PropertyKey[]): number =>
  path[0] === 'tracks' && path[2] === 'isrc' ? 3 : (stepOfField[String(path[0])] ?? 0);

/**
 * The problems of every step, by field path: the API's own rules (the release schema of
 * `@riffline/contracts`, so the words are the server's) plus the wizard's: the cover art (submission needs
 * it), and at least as many tracks as the type needs (EP 2, album 5), since tracks are only added here.
 */
export function validate(state: WizardState, today: string = earliestReleaseDate()): StepErrors[] {
  const errors: StepErrors[] = WIZARD_STEPS.map(() => ({}));
  const add = (step: number, path: string, message: string) => {
    errors[step]![path] ??= message;
  };
  const parsed = releaseBody(() => today).safeParse(toReleaseInput(state));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String).join('.') || 'release';
      add(stepOf(issue.path), path, issue.message);
    }
  }
  if (!state.cover) add(0, 'cover', COVER_REQUIRED);
  const type = state.form.releaseType;
  if (state.tracks.length > 0 && state.tracks.length < trackMinimums[type]) {
    add(
      1,
      'tracks',
      `${type === 'ep' ? 'An EP' : 'An album'} needs at least ${plural(trackMinimums[type], 'track')}`,
    );
  }
  return errors;
}

/** The problems of one step. */
export const validateStep = (state: WizardState, step: number, today?: string): StepErrors =>
  validate(state, today)[step] ?? {};

/** What the current step shows: its problems once Next was pressed on it, nothing before. */
export const shownErrors = (state: WizardState, today?: string): StepErrors =>
  state.attempted.includes(state.step) ? validateStep(state, state.step, today) : {};

/** Next: only when the current step has no problems; otherwise its problems are shown. */
export function goNext<F extends AudioPick>(state: WizardState<F>, today?: string): WizardState<F> {
  if (state.step >= LAST_STEP) return state;
  const attempted = state.attempted.includes(state.step) ? state.attempted : [...state.attempted, state.step];
  if (Object.keys(validateStep(state, state.step, today)).length) return { ...state, attempted };
  return { ...state, attempted, step: state.step + 1 };
}

export function goPrevious<F extends AudioPick>(state: WizardState<F>): WizardState<F> {
  return state.step > 0 ? { ...state, step: state.step - 1 } : state;
}

/**
 * Create Release (on the review step): ready when no step has a problem; otherwise the wizard goes back
 * to the first step that has one and shows it.
 */
export function readyToCreate<F extends AudioPick>(
  state: WizardState<F>,
  today?: string,
): { ready: true } | { ready: false; state: WizardState<F> } {
  const first = validate(state, today).findIndex((e) => Object.keys(e).length > 0);
  if (first === -1) return { ready: true };
  return {
    ready: false,
    state: { ...state, step: first, attempted: [...new Set([...state.attempted, first])] },
  };
}

/** Enter inside the form never submits it or moves a step (SPEC §2); buttons and text areas keep it. */
export const blocksEnter = (key: string, tagName: string): boolean =>
  key === 'Enter' && tagName !== 'TEXTAREA' && tagName !== 'BUTTON' && tagName !== 'A';

// ---- Releases ------------------------------------------------------------------------------------------

const statusLabels: Record<ReleaseStatus, string> = {
  draft: 'Draft',
  processing: 'Processing',
  live: 'Live',
  rejected: 'Rejected',
};

/** The status chip: Draft when there is none; statuses beyond the four are not shown (SPEC §4). */
export function statusLabel(status: string | null | undefined): string | null {
  if (!status) return 'Draft';
  return Object.hasOwn(statusLabels, status) ? statusLabels[status as ReleaseStatus] : null;
}

/** Edit, delete, upload, rename and submit: only while the release is a draft or was rejected. */
export const isEditable = (status: string | null | undefined): boolean =>
  !status || status === 'draft' || status === 'rejected';

export const DELETE_CONFIRMATION =
  'Are you sure you want to delete this release? This action cannot be undone.';

/** A duration in seconds as m:ss. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
