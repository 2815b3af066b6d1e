/**
 * The Correct dialog's rules (docs/delivery.md, "What the artist sees"): the values it opens with (the live
 * release's own), the body it sends to POST /api/releases/:id/corrections (only what changed, and a new
 * cover uploaded first by its key), what it checks before sending (the API's own rules and words, from the
 * contracts) and where a refusal shows: on the field it is about (an upload's on the New Cover control),
 * else in the dialog. Pure, for the unit tests; the dialog is driven in the browser suite.
 */
import {
  CORRECTION_NOTHING,
  CorrectionBody,
  MAX_RELEASE_ARTISTS,
  type ReleaseGenre,
} from '@riffline/contracts';
import { ApiError } from '../../api/client.ts';
import type { CorrectionRequest, ProposedArtwork } from '../../api/deliveries.ts';
import type { Release, Track } from '../../api/releases.ts';
import { checkArtworkFile, type AudioPick } from './wizardRules.ts';

export type CorrectedRelease = Pick<Release, 'title' | 'releaseArtists' | 'genre' | 'secondaryGenre'>;
export type CorrectedTrack = Pick<Track, 'id' | 'trackNumber' | 'title'>;

export interface CorrectionForm {
  title: string;
  /** One entry per name field, as the Edit Release dialog and the wizard have them (empty: unused). */
  releaseArtists: string[];
  genre: ReleaseGenre;
  secondaryGenre: ReleaseGenre | '';
  /** In track order, each with its title as typed. */
  tracks: Array<{ id: string; trackNumber: number; title: string }>;
  /** A new cover, once uploaded (PUT …/corrections/artwork); none: the cover stays as it is. */
  artwork: ProposedArtwork | null;
}

/**
 * A field of the form a problem belongs to: a track's title is `track:<id>`, `artwork` the New Cover
 * control; `form` is the dialog.
 */
export type CorrectionField =
  'title' | 'releaseArtists' | 'genre' | 'secondaryGenre' | 'artwork' | `track:${string}`;
export type CorrectionProblems = Partial<Record<CorrectionField | 'form', string>>;

export const trackField = (id: string): CorrectionField => `track:${id}`;

const inOrder = (tracks: readonly CorrectedTrack[]) =>
  [...tracks].sort((a, b) => a.trackNumber - b.trackNumber);

/** The release as it is now: what the dialog opens with. */
export function initialCorrection(
  release: CorrectedRelease,
  tracks: readonly CorrectedTrack[],
): CorrectionForm {
  return {
    title: release.title,
    releaseArtists: Array.from({ length: MAX_RELEASE_ARTISTS }, (_, i) => release.releaseArtists[i] ?? ''),
    genre: release.genre,
    secondaryGenre: release.secondaryGenre ?? '',
    tracks: inOrder(tracks).map((t) => ({ id: t.id, trackNumber: t.trackNumber, title: t.title })),
    artwork: null,
  };
}

/**
 * The body: only the values that differ from the release's, and the new cover's key when there is one (a
 * cover alone is a correction); nothing changed: an empty object.
 */
export function correctionRequest(
  form: CorrectionForm,
  release: CorrectedRelease,
  tracks: readonly CorrectedTrack[],
): CorrectionRequest {
  const body: CorrectionRequest = {};
  const title = form.title.trim();
  if (title !== release.title) body.title = title;
  const artists = form.releaseArtists.map((s) => s.trim()).filter(Boolean);
  if (artists.join('\n') !== release.releaseArtists.join('\n')) body.releaseArtists = artists;
  if (form.genre !== release.genre) body.genre = form.genre;
  if ((form.secondaryGenre || null) !== release.secondaryGenre)
    body.secondaryGenre = form.secondaryGenre || null;
  const renamed = form.tracks
    .map((t) => ({ id: t.id, title: t.title.trim() }))
    .filter((t) => tracks.some((own) => own.id === t.id && own.title !== t.title));
  if (renamed.length) body.tracks = renamed;
  if (form.artwork) body.artworkKey = form.artwork.artworkKey;
  return body;
}

/** Where an issue of the API (or of the contract's own check) shows: `body.tracks.1.title` on track 2. */
function fieldOf(path: string, body: CorrectionRequest): CorrectionField | null {
  const [first, second] = path.replace(/^body\.?/, '').split('.');
  switch (first) {
    case 'title':
    case 'releaseArtists':
    case 'genre':
    case 'secondaryGenre':
      return first;
    case 'artworkKey':
      return 'artwork';
    case 'tracks': {
      const track = second === undefined ? undefined : body.tracks?.[Number(second)];
      return track ? trackField(track.id) : null;
    }
    default:
      return null;
  }
}

/**
 * Issues as `{path, message}` (the API's `issues`) spread over the fields; one about no field (or none at
 * all) shows in the dialog as `message`.
 */
export function problemsFromIssues(
  issues: ReadonlyArray<{ path: string; message: string }>,
  body: CorrectionRequest,
  message: string,
): CorrectionProblems {
  const problems: CorrectionProblems = {};
  for (const issue of issues) problems[fieldOf(issue.path, body) ?? 'form'] ??= issue.message;
  if (!Object.keys(problems).length) problems.form = message;
  return problems;
}

/** What stops the form from being sent, checked as the API checks it (in its words). */
export function correctionProblems(
  form: CorrectionForm,
  release: CorrectedRelease,
  tracks: readonly CorrectedTrack[],
): CorrectionProblems {
  const body = correctionRequest(form, release, tracks);
  if (!Object.keys(body).length) return { form: CORRECTION_NOTHING };
  const parsed = CorrectionBody.safeParse(body);
  if (parsed.success) return {};
  return problemsFromIssues(
    parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })),
    body,
    parsed.error.issues[0]?.message ?? 'Check the values and try again.',
  );
}

export const CORRECTION_FAILED = 'The correction could not be sent. Please try again.';

/** The API's refusal: a 400's issues on their fields, anything else (a 409) in the dialog. */
export function problemsFromError(error: unknown, body: CorrectionRequest): CorrectionProblems {
  if (!(error instanceof ApiError)) return { form: CORRECTION_FAILED };
  let parsed: { message?: unknown; issues?: unknown } = {};
  try {
    parsed = JSON.parse(error.body) as typeof parsed;
  } catch {
    // Not the API's JSON (a proxy's page): the general words.
  }
  const message = typeof parsed.message === 'string' ? parsed.message : CORRECTION_FAILED;
  if (error.status !== 400 || !Array.isArray(parsed.issues)) return { form: message };
  const issues = (parsed.issues as Array<{ path?: unknown; message?: unknown }>).flatMap((i) =>
    typeof i.message === 'string'
      ? [{ path: typeof i.path === 'string' ? i.path : '', message: i.message }]
      : [],
  );
  return problemsFromIssues(issues, body, message);
}

// ---- The New Cover control ---------------------------------------------------------------------------

/**
 * A file picked as the new cover, checked before it is sent as the upload checks it (JPEG or PNG, at most
 * 20 MB; in the API's words): a problem, or null to upload it. Its pixels are the server's to check.
 */
export function newCoverProblem(file: AudioPick): string | null {
  return checkArtworkFile(file)?.description ?? null;
}

export const COVER_UPLOAD_FAILED = 'The new cover could not be uploaded. Please try again.';
export const COVER_STILL_UPLOADING = 'The new cover is still uploading: send the correction once it is done.';

/**
 * Why the upload of a new cover failed, to show on the control: the API's own words (400: not whole, not
 * square, too small or too big; 413: too large; 415: not a JPEG or PNG; 409: the release is not live), its
 * status's meaning when it sent none, or the browser's (the connection dropped).
 */
export function coverUploadProblem(error: unknown): string {
  if (error instanceof ApiError) {
    const said = error.serverMessage;
    if (said) return said;
    if (error.status === 413) return 'Artwork must be at most 20 MB';
    if (error.status === 415) return 'Artwork must be a JPEG or PNG image';
    return COVER_UPLOAD_FAILED;
  }
  return error instanceof Error && error.message ? error.message : COVER_UPLOAD_FAILED;
}
