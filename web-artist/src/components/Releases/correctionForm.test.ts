/** The Correct dialog's rules: what it opens with, what it sends, what it checks, where a refusal shows. */
import {
  CORRECTION_ARTWORK_MISSING,
  CORRECTION_NOT_LIVE,
  CORRECTION_NOTHING,
  CORRECTION_PENDING,
  CORRECTION_TRACK_UNKNOWN,
  MAX_ARTWORK_BYTES,
} from '@riffline/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client.ts';
import type { ProposedArtwork } from '../../api/deliveries.ts';
import {
  CORRECTION_FAILED,
  COVER_UPLOAD_FAILED,
  correctionProblems,
  correctionRequest,
  coverUploadProblem,
  initialCorrection,
  newCoverProblem,
  problemsFromError,
  trackField,
  type CorrectedRelease,
  type CorrectionForm,
} from './correctionForm.ts';

const release: CorrectedRelease = {
  title: 'Low Tide',
  releaseArtists: ['Maya R'],
  genre: 'pop',
  secondaryGenre: null,
};
const ONE = '0b7a3c1e-3f5c-4d3e-9a51-0c8a8f1f0001';
const TWO = '0b7a3c1e-3f5c-4d3e-9a51-0c8a8f1f0002';
// As the API lists them, not necessarily in track order.
const tracks = [
  { id: TWO, trackNumber: 2, title: 'Shoreline' },
  { id: ONE, trackNumber: 1, title: 'Low Tide' },
];

const opened = () => initialCorrection(release, tracks);
const edit = (patch: Partial<CorrectionForm>) => ({ ...opened(), ...patch });
const renameTrack = (form: CorrectionForm, id: string, title: string) => ({
  ...form,
  tracks: form.tracks.map((t) => (t.id === id ? { ...t, title } : t)),
});
const refusal = (status: number, body: unknown) =>
  new ApiError(status, typeof body === 'string' ? body : JSON.stringify(body), '');

describe('the form as it opens', () => {
  it('holds the release as it is: three artist fields, no secondary genre, the tracks in order', () => {
    expect(opened()).toEqual({
      title: 'Low Tide',
      releaseArtists: ['Maya R', '', ''],
      genre: 'pop',
      secondaryGenre: '',
      tracks: [
        { id: ONE, trackNumber: 1, title: 'Low Tide' },
        { id: TWO, trackNumber: 2, title: 'Shoreline' },
      ],
      artwork: null,
    });
  });

  it('sends nothing unchanged, and says so in the API’s words', () => {
    expect(correctionRequest(opened(), release, tracks)).toEqual({});
    expect(correctionProblems(opened(), release, tracks)).toEqual({ form: CORRECTION_NOTHING });
    // Spaces around a value change nothing either.
    const spaced = renameTrack(
      edit({ title: ' Low Tide ', releaseArtists: ['', ' Maya R', ''] }),
      TWO,
      'Shoreline ',
    );
    expect(correctionRequest(spaced, release, tracks)).toEqual({});
  });
});

describe('the body', () => {
  it('carries only what changed, trimmed: the title and one track', () => {
    const form = renameTrack(edit({ title: 'Low Tide (Deluxe) ' }), TWO, 'Shoreline (Live)');
    expect(correctionRequest(form, release, tracks)).toEqual({
      title: 'Low Tide (Deluxe)',
      tracks: [{ id: TWO, title: 'Shoreline (Live)' }],
    });
    expect(correctionProblems(form, release, tracks)).toEqual({});
  });

  it('carries the release artists as a list without the empty fields, and the genres by id', () => {
    const form = edit({
      releaseArtists: ['Maya R', '', ' Kabir '],
      genre: 'electronic',
      secondaryGenre: 'jazz',
    });
    expect(correctionRequest(form, release, tracks)).toEqual({
      releaseArtists: ['Maya R', 'Kabir'],
      genre: 'electronic',
      secondaryGenre: 'jazz',
    });
    // A secondary genre taken away is sent as none.
    const withJazz = { ...release, secondaryGenre: 'jazz' as const };
    expect(correctionRequest(initialCorrection(withJazz, tracks), withJazz, tracks)).toEqual({});
    expect(
      correctionRequest({ ...initialCorrection(withJazz, tracks), secondaryGenre: '' }, withJazz, tracks),
    ).toEqual({ secondaryGenre: null });
  });
});

describe('a new cover', () => {
  const cover: ProposedArtwork = {
    artworkKey: 'artwork/r1/proposed/0b7a3c1e',
    format: 'png',
    size: 25_000,
    width: 3000,
    height: 3000,
    url: 'https://files.example/artwork/r1/proposed/0b7a3c1e?signature=x',
  };

  it('is sent by its key; a cover alone is a correction', () => {
    const form = edit({ artwork: cover });
    expect(correctionRequest(form, release, tracks)).toEqual({ artworkKey: cover.artworkKey });
    expect(correctionProblems(form, release, tracks)).toEqual({});
  });

  it('goes with the other changes, and is not sent once removed', () => {
    const form = renameTrack(edit({ title: 'Low Tide (Deluxe)', artwork: cover }), TWO, 'Shoreline (Live)');
    expect(correctionRequest(form, release, tracks)).toEqual({
      title: 'Low Tide (Deluxe)',
      tracks: [{ id: TWO, title: 'Shoreline (Live)' }],
      artworkKey: cover.artworkKey,
    });
    expect(correctionRequest({ ...form, artwork: null }, release, tracks)).not.toHaveProperty('artworkKey');
  });

  it('is checked before it uploads as the upload checks its file: JPEG or PNG, at most 20 MB', () => {
    expect(newCoverProblem({ name: 'cover.png', type: 'image/png', size: 25_000 })).toBeNull();
    expect(newCoverProblem({ name: 'cover.JPG', type: '', size: 25_000 })).toBeNull();
    expect(newCoverProblem({ name: 'scan', type: 'image/jpeg', size: 25_000 })).toBeNull();
    expect(newCoverProblem({ name: 'cover.gif', type: 'image/gif', size: 25_000 })).toBe(
      'Artwork must be a JPEG or PNG image',
    );
    expect(newCoverProblem({ name: 'cover.png', type: 'image/png', size: MAX_ARTWORK_BYTES + 1 })).toBe(
      'Artwork must be at most 20 MB',
    );
  });

  it('refused by the upload: the API’s words on the control, else what the status means', () => {
    const tooSmall = 'Artwork must be at least 3000×3000 pixels';
    expect(coverUploadProblem(refusal(400, { message: tooSmall }))).toBe(tooSmall);
    expect(coverUploadProblem(refusal(409, { message: CORRECTION_NOT_LIVE }))).toBe(CORRECTION_NOT_LIVE);
    expect(coverUploadProblem(refusal(413, ''))).toBe('Artwork must be at most 20 MB');
    expect(coverUploadProblem(refusal(415, ''))).toBe('Artwork must be a JPEG or PNG image');
    expect(coverUploadProblem(refusal(502, '<html>Bad gateway</html>'))).toBe(COVER_UPLOAD_FAILED);
    // The connection dropped: the browser's words, as the Release Builder says them.
    expect(coverUploadProblem(new Error('The upload was interrupted. Please try again.'))).toBe(
      'The upload was interrupted. Please try again.',
    );
    expect(coverUploadProblem('?')).toBe(COVER_UPLOAD_FAILED);
  });

  it('gone by the time the correction is sent: the API’s 400 shows on the control', () => {
    const missing = refusal(400, {
      message: CORRECTION_ARTWORK_MISSING,
      issues: [{ path: 'artworkKey', message: CORRECTION_ARTWORK_MISSING }],
    });
    expect(problemsFromError(missing, { artworkKey: cover.artworkKey })).toEqual({
      artwork: CORRECTION_ARTWORK_MISSING,
    });
    const tooLong = refusal(400, {
      message: 'Artwork key must be at most 300 characters',
      issues: [{ path: 'body.artworkKey', message: 'Artwork key must be at most 300 characters' }],
    });
    expect(problemsFromError(tooLong, { artworkKey: 'x' })).toEqual({
      artwork: 'Artwork key must be at most 300 characters',
    });
  });
});

describe('what it checks before sending', () => {
  it('puts the contract’s words on the field: a title, a track title', () => {
    const form = renameTrack(edit({ title: '  ' }), TWO, '');
    expect(correctionProblems(form, release, tracks)).toEqual({
      title: 'Title is required',
      [trackField(TWO)]: 'Track title is required',
    });
  });
});

describe('a refusal by the API', () => {
  const body = {
    title: 'Low Tide (Deluxe)',
    tracks: [
      { id: ONE, title: 'x' },
      { id: TWO, title: 'y' },
    ],
  };

  it('400: each issue on its field (body.tracks.1.title is track 2), one about no field in the dialog', () => {
    expect(
      problemsFromError(
        refusal(400, {
          message: 'Title must be at most 200 characters',
          issues: [
            { path: 'body.title', message: 'Title must be at most 200 characters' },
            { path: 'body.tracks.1.title', message: 'Track title is required' },
          ],
        }),
        body,
      ),
    ).toEqual({
      title: 'Title must be at most 200 characters',
      [trackField(TWO)]: 'Track title is required',
    });
    expect(
      problemsFromError(
        refusal(400, {
          message: CORRECTION_TRACK_UNKNOWN,
          issues: [{ path: 'tracks', message: CORRECTION_TRACK_UNKNOWN }],
        }),
        body,
      ),
    ).toEqual({ form: CORRECTION_TRACK_UNKNOWN });
    expect(problemsFromError(refusal(400, { message: CORRECTION_NOTHING }), body)).toEqual({
      form: CORRECTION_NOTHING,
    });
  });

  it('409 and anything else: in the dialog, in the API’s words when it gave them', () => {
    expect(problemsFromError(refusal(409, { message: CORRECTION_PENDING }), body)).toEqual({
      form: CORRECTION_PENDING,
    });
    expect(problemsFromError(refusal(502, '<html>Bad gateway</html>'), body)).toEqual({
      form: CORRECTION_FAILED,
    });
    expect(problemsFromError(new TypeError('Failed to fetch'), body)).toEqual({ form: CORRECTION_FAILED });
  });
});
