import { describe, expect, it } from 'vitest';
import { RECORD_LABEL, ReleaseBody } from '@riffline/contracts';
import {
  addPrimaryArtist,
  addTrack,
  blocksEnter,
  changeReleaseType,
  checkArtworkFile,
  checkAudioFile,
  checkCover,
  closeWizard,
  formatDuration,
  goNext,
  goPrevious,
  initialWizard,
  pickAudio,
  pickCover,
  readyToCreate,
  removePrimaryArtist,
  removeTrack,
  setField,
  setPrimaryArtist,
  shownErrors,
  splitList,
  statusLabel,
  toReleaseInput,
  updateTrack,
  validateStep,
  visibleFields,
  type AudioPick,
  type Outcome,
  type WizardState,
} from './wizardRules.ts';

const TODAY = '2030-01-01';

/** Applies changes in turn, keeping each outcome's state; the notices are collected. */
function run(state: WizardState, ...changes: Array<(s: WizardState) => WizardState | Outcome>) {
  const notices: Array<{ title: string; description: string }> = [];
  for (const change of changes) {
    const result = change(state);
    if ('form' in result) {
      state = result;
    } else {
      state = result.state;
      if (result.notice) notices.push(result.notice);
    }
  }
  return { state, notices };
}

const withTracks = (n: number, type: 'single' | 'ep' | 'album' = 'album') =>
  run(setField(initialWizard(), 'releaseType', type), ...Array.from({ length: n }, () => addTrack)).state;

const wav = (size = 1000): AudioPick => ({ name: 'song.wav', size, type: 'audio/wav' });
const png: AudioPick = { name: 'cover.png', size: 2_000_000, type: 'image/png' };
const square = (side: number) => ({ width: side, height: side });

/** A release every step accepts: an EP with two named tracks and its cover. */
function completeEp(): WizardState {
  let state = initialWizard();
  state = pickCover(state, png, square(3000)).state;
  state = setField(state, 'title', 'Night Drives');
  state = setField(state, 'artist', 'Arlo');
  state = setField(state, 'genre', 'electronic');
  state = setField(state, 'releaseDate', '2030-03-01');
  state = changeReleaseType(state, 'ep').state;
  state = run(state, addTrack, addTrack).state;
  state = updateTrack(state, state.tracks[0]!.key, 'title', 'Intro');
  state = updateTrack(state, state.tracks[1]!.key, 'title', 'Coastline');
  return state;
}

describe('track limits per release type (SPEC §5)', () => {
  it.each([
    ['single', 1, 'Singles can have up to 1 track'],
    ['ep', 5, 'EPs can have up to 5 tracks'],
    ['album', 20, 'Albums can have up to 20 tracks'],
  ] as const)('a %s takes %i tracks; one more is "Track Limit Reached"', (type, limit, message) => {
    const full = withTracks(limit, type);
    expect(full.tracks).toHaveLength(limit);
    const { state, notices } = run(full, addTrack);
    expect(state.tracks).toHaveLength(limit);
    expect(notices).toEqual([{ title: 'Track Limit Reached', description: message }]);
  });

  it('numbers new tracks 1..n and gives each a fresh key', () => {
    const state = withTracks(3);
    expect(state.tracks.map((t) => t.trackNumber)).toEqual([1, 2, 3]);
    expect(new Set(state.tracks.map((t) => t.key)).size).toBe(3);
  });

  it("starts a new track's primary artists with the release's artist", () => {
    const state = run(setField(initialWizard(), 'artist', '  Arlo '), addTrack).state;
    expect(state.tracks[0]!.primaryArtists).toEqual(['Arlo']);
  });
});

describe('changing the release type (SPEC §5)', () => {
  it('is refused with "Track Limit Exceeded" naming how many tracks to remove', () => {
    const ep = withTracks(3, 'ep');
    const toSingle = changeReleaseType(ep, 'single');
    expect(toSingle.state).toBe(ep);
    expect(toSingle.state.form.releaseType).toBe('ep');
    expect(toSingle.notice).toEqual({
      title: 'Track Limit Exceeded',
      description: 'Singles can have up to 1 track: remove 2 tracks first.',
    });

    const album = withTracks(6, 'album');
    expect(changeReleaseType(album, 'ep').notice?.description).toBe(
      'EPs can have up to 5 tracks: remove 1 track first.',
    );
  });

  it('is allowed when the tracks fit, either way', () => {
    const single = withTracks(1, 'single');
    expect(changeReleaseType(single, 'ep')).toEqual({ state: setField(single, 'releaseType', 'ep') });
    const ep = withTracks(5, 'ep');
    expect(changeReleaseType(ep, 'album').state.form.releaseType).toBe('album');
    expect(changeReleaseType(withTracks(0, 'album'), 'single').state.form.releaseType).toBe('single');
  });
});

describe('removing a track', () => {
  it('renumbers the others 1..n and keeps their content', () => {
    let state = withTracks(4);
    state.tracks.forEach((t, i) => (state = updateTrack(state, t.key, 'title', `Song ${i + 1}`)));
    state = removeTrack(state, state.tracks[1]!.key);
    expect(state.tracks.map((t) => [t.trackNumber, t.title])).toEqual([
      [1, 'Song 1'],
      [2, 'Song 3'],
      [3, 'Song 4'],
    ]);
    state = removeTrack(state, state.tracks[0]!.key);
    expect(state.tracks.map((t) => [t.trackNumber, t.title])).toEqual([
      [1, 'Song 3'],
      [2, 'Song 4'],
    ]);
  });

  it('frees a place under the limit', () => {
    const single = withTracks(1, 'single');
    const emptied = removeTrack(single, single.tracks[0]!.key);
    expect(run(emptied, addTrack).notices).toEqual([]);
  });
});

describe('primary artists', () => {
  it('takes 1 to 3 per track; a fourth is "Limit Reached"', () => {
    const start = withTracks(1);
    const key = start.tracks[0]!.key;
    const add = (s: WizardState) => addPrimaryArtist(s, key);
    const { state, notices } = run(start, add, add, add);
    expect(state.tracks[0]!.primaryArtists).toHaveLength(3);
    expect(notices).toEqual([
      { title: 'Limit Reached', description: 'Maximum 3 primary artists allowed per track' },
    ]);
  });

  it('keeps the first field, removes the others', () => {
    let state = withTracks(1);
    const key = state.tracks[0]!.key;
    state = run(state, (s) => addPrimaryArtist(s, key)).state;
    state = setPrimaryArtist(state, key, 1, 'Mira');
    expect(state.tracks[0]!.primaryArtists).toEqual(['', 'Mira']);
    state = removePrimaryArtist(state, key, 0);
    expect(state.tracks[0]!.primaryArtists).toEqual(['Mira']);
    expect(removePrimaryArtist(state, key, 0).tracks[0]!.primaryArtists).toEqual(['Mira']);
  });
});

describe('audio files, checked before any upload (SPEC §5)', () => {
  it('takes WAV and MP3 up to 209,715,200 bytes', () => {
    expect(checkAudioFile(wav(209_715_200))).toBeNull();
    expect(checkAudioFile({ name: 'take.MP3', size: 10, type: '' })).toBeNull();
    expect(checkAudioFile({ name: 'take', size: 10, type: 'audio/mpeg' })).toBeNull();
  });

  it('refuses a bigger file with "File Too Large" and anything else by its type', () => {
    expect(checkAudioFile(wav(209_715_201))).toEqual({
      title: 'File Too Large',
      description: 'Audio files must be under 200MB',
    });
    expect(checkAudioFile({ name: 'notes.txt', size: 10, type: 'text/plain' })).toEqual({
      title: 'Invalid File Type',
      description: 'Audio must be a WAV or MP3 file',
    });
    expect(checkAudioFile({ name: 'song.flac', size: 10, type: 'audio/flac' })?.title).toBe(
      'Invalid File Type',
    );
  });

  it('clears the field when a file is refused, keeps it otherwise', () => {
    let state = withTracks(1);
    const key = state.tracks[0]!.key;
    const good = wav();
    state = pickAudio(state, key, good).state;
    expect(state.tracks[0]!.file).toBe(good);
    const refused = pickAudio(state, key, wav(300 * 1024 * 1024));
    expect(refused.state.tracks[0]!.file).toBeNull();
    expect(refused.notice?.title).toBe('File Too Large');
  });

  it('checks artwork: JPEG or PNG up to 20 MB', () => {
    expect(checkArtworkFile({ name: 'cover.png', size: 1000, type: 'image/png' })).toBeNull();
    expect(checkArtworkFile({ name: 'cover.gif', size: 1000, type: 'image/gif' })?.title).toBe(
      'Invalid File Type',
    );
    expect(checkArtworkFile({ name: 'cover.jpg', size: 21 * 1024 * 1024, type: 'image/jpeg' })?.title).toBe(
      'File Too Large',
    );
  });
});

describe('the cover art: required, checked as its upload checks it', () => {
  it('takes a square JPG or PNG from 3000 to 6000 pixels a side', () => {
    expect(checkCover(png, square(3000))).toBeNull();
    expect(checkCover({ name: 'c.jpg', size: 1000, type: 'image/jpeg' }, square(6000))).toBeNull();
    const refused = (description: string) => ({ title: 'Cover Not Accepted', description });
    expect(checkCover(png, { width: 3000, height: 2999 })).toEqual(refused('Artwork must be square'));
    expect(checkCover(png, square(1400))).toEqual(refused('Artwork must be at least 3000×3000 pixels'));
    expect(checkCover(png, square(6001))).toEqual(refused('Artwork must be at most 6000×6000 pixels'));
    expect(checkCover(png, null)).toEqual(
      refused('The artwork could not be read: upload a valid JPEG or PNG image'),
    );
    // The type and the size in bytes come first.
    expect(checkCover({ name: 'c.gif', size: 10, type: 'image/gif' }, square(3000))?.title).toBe(
      'Invalid File Type',
    );
  });

  it('is kept when accepted, cleared with the reason when refused', () => {
    let state = pickCover(initialWizard(), png, square(3000)).state;
    expect(state.cover).toBe(png);
    const refused = pickCover(state, { ...png, name: 'small.png' }, square(1000));
    expect(refused.state.cover).toBeNull();
    expect(refused.notice?.description).toBe('Artwork must be at least 3000×3000 pixels');
    state = pickCover(state, null, null).state;
    expect(state.cover).toBeNull();
  });

  it('is required on the first step: without it, Next stays and Create Release goes back there', () => {
    const withoutCover = { ...completeEp(), cover: null };
    expect(validateStep(withoutCover, 0, TODAY)).toEqual({ cover: 'Cover art is required' });
    expect(goNext(withoutCover, TODAY).step).toBe(0);
    const check = readyToCreate({ ...withoutCover, step: 4 }, TODAY);
    expect(check.ready).toBe(false);
    if (!check.ready) expect(shownErrors(check.state, TODAY)).toEqual({ cover: 'Cover art is required' });
    expect(readyToCreate(completeEp(), TODAY)).toEqual({ ready: true });
    // Its file is uploaded once the release exists: the body has no cover (nor an album-art URL).
    expect(toReleaseInput(completeEp())).not.toHaveProperty('albumArt');
  });
});

describe('conditional fields (SPEC §5)', () => {
  it('show only while their switch is on', () => {
    const form = initialWizard().form;
    expect(visibleFields(form)).toEqual({
      restrictedCountries: false,
      originalReleaseDate: false,
      ownCodes: false,
      selectedStores: false,
    });
    expect(
      visibleFields({
        ...form,
        hasCountryRestrictions: true,
        previouslyReleased: true,
        storeDistribution: 'custom',
      }),
    ).toEqual({ restrictedCountries: true, originalReleaseDate: true, ownCodes: true, selectedStores: true });
    expect(visibleFields({ ...form, storeDistribution: 'streaming' }).selectedStores).toBe(false);
  });

  it('are sent only while their switch is on', () => {
    let state = completeEp();
    state = setField(state, 'restrictedCountries', ' us, , gb ');
    state = setField(state, 'originalReleaseDate', '2020-01-01');
    state = setField(state, 'selectedStores', ['spotify']);
    const off = toReleaseInput(state);
    expect(off.restrictedCountries).toEqual([]);
    expect(off.originalReleaseDate).toBeNull();
    expect(off.selectedStores).toEqual([]);

    state = setField(state, 'hasCountryRestrictions', true);
    state = setField(state, 'previouslyReleased', true);
    state = setField(state, 'storeDistribution', 'custom');
    const on = toReleaseInput(state);
    expect(on.restrictedCountries).toEqual(['us', 'gb']);
    expect(on.originalReleaseDate).toBe('2020-01-01');
    expect(on.selectedStores).toEqual(['spotify']);
    // The server agrees and upper-cases the codes.
    expect(ReleaseBody.parse(on).restrictedCountries).toEqual(['US', 'GB']);
  });

  it('ask for their value when their switch is on', () => {
    let state = completeEp();
    state = setField(state, 'previouslyReleased', true);
    state = setField(state, 'storeDistribution', 'custom');
    state = setField(state, 'hasCountryRestrictions', true);
    state = setField(state, 'restrictedCountries', 'US, XX');
    expect(validateStep(state, 3, TODAY)).toEqual({
      originalReleaseDate: 'Original release date is required for a release that came out before',
      selectedStores: 'Pick at least one store',
      restrictedCountries: 'Not a country code: XX',
    });
  });
});

describe('the codes a previously released release brings', () => {
  const previouslyReleased = (state: WizardState) =>
    setField(setField(state, 'previouslyReleased', true), 'originalReleaseDate', '2019-05-01');
  const withCodes = (state: WizardState, upc: string, ...isrcs: string[]) => {
    state = setField(state, 'upc', upc);
    isrcs.forEach((isrc, i) => (state = updateTrack(state, state.tracks[i]!.key, 'isrc', isrc)));
    return state;
  };

  it('are sent only while Previously released is on, and only when typed', () => {
    const typed = withCodes(completeEp(), ' 036000291452 ', 'qz-abc-26-00001', '  ');
    const off = toReleaseInput(typed);
    expect(off).not.toHaveProperty('upc');
    expect(off.tracks.map((t) => 'isrc' in t)).toEqual([false, false]);

    const on = toReleaseInput(previouslyReleased(typed));
    expect(on.upc).toBe('036000291452');
    expect(on.tracks.map((t) => t.isrc)).toEqual(['qz-abc-26-00001', undefined]);
    // The server agrees, and keeps the ISRC without its hyphens, upper-cased.
    const body = ReleaseBody.parse(on);
    expect([body.upc, ...body.tracks.map((t) => t.isrc)]).toEqual(['036000291452', 'QZABC2600001', null]);
    expect(toReleaseInput(previouslyReleased(completeEp()))).not.toHaveProperty('upc');
  });

  it("are checked on the settings step, in the server's words, on their fields", () => {
    const state = previouslyReleased(
      withCodes(completeEp(), '036000291453', 'QZ-ABC-2-00001', 'INRFL2600001'),
    );
    expect(validateStep(state, 3, TODAY)).toEqual({
      upc: 'UPC 036000291453 has a wrong check digit',
      'tracks.0.isrc': 'ISRC QZ-ABC-2-00001 is not a valid ISRC (CC-XXX-YY-NNNNN)',
    });
    expect(validateStep(state, 1, TODAY)).toEqual({});
    expect(goNext({ ...state, step: 3 }, TODAY).step).toBe(3);

    const twice = previouslyReleased(
      withCodes(completeEp(), '03600029145', 'QZABC2600001', 'qz-abc-26-00001'),
    );
    expect(validateStep(twice, 3, TODAY)).toEqual({
      upc: 'UPC 03600029145 is not a valid UPC (12 or 13 digits)',
      'tracks.1.isrc': 'ISRC QZABC2600001 is given to more than one track',
    });
    const fine = previouslyReleased(withCodes(completeEp(), '036000291452', 'QZABC2600001', ''));
    expect(validateStep(fine, 3, TODAY)).toEqual({});
    expect(goNext({ ...fine, step: 3 }, TODAY).step).toBe(4);
  });

  it('are not checked while Previously released is off: they are not sent', () => {
    const state = withCodes(completeEp(), 'not a upc', 'not an isrc');
    expect(validateStep(state, 3, TODAY)).toEqual({});
    expect(readyToCreate({ ...state, step: 4 }, TODAY)).toEqual({ ready: true });
  });
});

describe('the body sent to POST /api/releases', () => {
  it('trims, drops blank artists, splits featuring artists and never sends the record label', () => {
    let state = completeEp();
    state = setField(state, 'releaseArtists', [' Arlo ', '', 'Mira']);
    const key = state.tracks[0]!.key;
    state = run(state, (s) => addPrimaryArtist(s, key)).state;
    state = setPrimaryArtist(state, key, 1, '  ');
    state = updateTrack(state, key, 'featuringArtists', 'Kai,  Noor ,');
    const body = toReleaseInput(state);
    expect(body.releaseArtists).toEqual(['Arlo', 'Mira']);
    expect(body.tracks[0]).toMatchObject({
      title: 'Intro',
      primaryArtists: ['Arlo'],
      featuringArtists: ['Kai', 'Noor'],
    });
    expect(body).not.toHaveProperty('recordLabel');
    expect(body.copyrightYear).toBe(2025);
    expect(body.pricingTier).toBe('mid');
    expect(ReleaseBody.safeParse(body).success).toBe(true);
    expect(RECORD_LABEL).toBe('Riffline Records');
  });

  it('splits lists on commas, trimmed, blanks dropped', () => {
    expect(splitList(' a, ,b ,, c ')).toEqual(['a', 'b', 'c']);
    expect(splitList('')).toEqual([]);
  });
});

describe('steps', () => {
  it("Next stays on a step with problems and shows them, in the API's words", () => {
    const state = goNext(initialWizard(), TODAY);
    expect(state.step).toBe(0);
    expect(shownErrors(state, TODAY)).toMatchObject({
      title: 'Title is required',
      artist: 'Artist is required',
      genre: 'Genre is required',
      releaseDate: 'Release date is required',
    });
    // Before Next nothing is shown.
    expect(shownErrors(initialWizard(), TODAY)).toEqual({});
  });

  it('refuses a release date in the past', () => {
    const state = setField(completeEp(), 'releaseDate', '2029-12-30');
    expect(validateStep(state, 0, TODAY).releaseDate).toBe('Release date must be today or later');
  });

  it('asks for tracks: at least one, and as many as the type needs, each named with an artist', () => {
    let state = completeEp();
    const first = state.tracks[0]!.key;
    expect(validateStep(removeTrack(removeTrack(state, first), state.tracks[1]!.key), 1, TODAY)).toEqual({
      tracks: 'Add at least one track',
    });
    expect(validateStep(removeTrack(state, first), 1, TODAY)).toEqual({
      tracks: 'An EP needs at least 2 tracks',
    });
    state = updateTrack(state, first, 'title', ' ');
    state = setPrimaryArtist(state, first, 0, '');
    expect(validateStep(state, 1, TODAY)).toEqual({
      'tracks.0.title': 'Track title is required',
      'tracks.0.primaryArtists': 'Each track needs at least one primary artist',
    });
  });

  it('moves through the five steps with Next and Previous', () => {
    let state = completeEp();
    const seen = [state.step];
    for (let i = 0; i < 6; i++) {
      state = goNext(state, TODAY);
      seen.push(state.step);
    }
    expect(seen).toEqual([0, 1, 2, 3, 4, 4, 4]);
    state = goPrevious(goPrevious(state));
    expect(state.step).toBe(2);
    expect(goPrevious(initialWizard()).step).toBe(0);
  });

  it('Create Release goes back to the first step with a problem', () => {
    const ready = completeEp();
    expect(readyToCreate(ready, TODAY)).toEqual({ ready: true });
    const broken = { ...setField(ready, 'storeDistribution', 'custom'), step: 4 };
    const check = readyToCreate(broken, TODAY);
    expect(check.ready).toBe(false);
    if (!check.ready) {
      expect(check.state.step).toBe(3);
      expect(shownErrors(check.state, TODAY)).toEqual({ selectedStores: 'Pick at least one store' });
    }
  });

  it('blocks Enter in inputs, not in text areas or on buttons', () => {
    expect(blocksEnter('Enter', 'INPUT')).toBe(true);
    expect(blocksEnter('Enter', 'DIV')).toBe(true);
    expect(blocksEnter('Enter', 'TEXTAREA')).toBe(false);
    expect(blocksEnter('Enter', 'BUTTON')).toBe(false);
    expect(blocksEnter('a', 'INPUT')).toBe(false);
  });
});

describe('closing the wizard', () => {
  it('resets the step to 1, clears the tracks and resets the form', () => {
    let state = completeEp();
    state = pickAudio(state, state.tracks[0]!.key, wav()).state;
    state = setField(state, 'hasCountryRestrictions', true);
    expect(state.cover).not.toBeNull();
    state = goNext(goNext(state, TODAY), TODAY);
    expect(state.step).toBe(2);
    const closed = closeWizard();
    expect(closed).toEqual(initialWizard());
    expect(closed.step).toBe(0);
    expect(closed.tracks).toEqual([]);
    expect(closed.cover).toBeNull();
    expect(closed.form.title).toBe('');
    expect(closed.form.releaseType).toBe('single');
    expect(closed.attempted).toEqual([]);
  });
});

describe('releases', () => {
  it('shows Draft when there is no status, hides statuses beyond the four', () => {
    expect(statusLabel(null)).toBe('Draft');
    expect(statusLabel(undefined)).toBe('Draft');
    expect(statusLabel('')).toBe('Draft');
    expect(statusLabel('draft')).toBe('Draft');
    expect(statusLabel('processing')).toBe('Processing');
    expect(statusLabel('live')).toBe('Live');
    expect(statusLabel('rejected')).toBe('Rejected');
    expect(statusLabel('archived')).toBeNull();
    expect(statusLabel('toString')).toBeNull();
  });

  it('formats durations as m:ss', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(59.6)).toBe('1:00');
    expect(formatDuration(201)).toBe('3:21');
  });
});
