/** Each store's state in the artist's words, by what the delivery carries (docs/delivery.md). */
import { describe, expect, it } from 'vitest';
import type { Delivery } from '../../api/deliveries.ts';
import { delivery } from './deliveryFixtures.ts';
import {
  artworkText,
  correctionLines,
  countriesText,
  deliveryWords,
  latestPerStore,
  requestText,
  reviewWords,
  storesText,
} from './deliveryWords.ts';

const TODAY = '2026-12-07';

const spotify = (fields: Partial<Delivery>): Delivery =>
  delivery({ store: 'spotify', storeName: 'Spotify', kind: 'takedown', changeId: 'c1', ...fields });
const said = (fields: Partial<Delivery>) => deliveryWords(spotify(fields), TODAY).headline;

describe('a delivery of the release itself', () => {
  it('says as the Stores block always has', () => {
    expect(said({ kind: 'new', status: 'queued' })).toBe('Sending to Spotify');
    expect(said({ kind: 'new', status: 'delivered' })).toBe('Sent to Spotify');
    expect(said({ kind: 'new', status: 'live' })).toBe('Live on Spotify');
    expect(said({ kind: 'new', status: 'error' })).toBe('Spotify could not take it');
  });

  it('explains an error: the store’s reason and what it means', () => {
    expect(deliveryWords(spotify({ kind: 'new', status: 'error', error: ' Bad cover ' }), TODAY)).toEqual({
      headline: 'Spotify could not take it',
      reason: 'Spotify said: Bad cover',
      consequence: 'Your release is not on Spotify yet.',
    });
    expect(deliveryWords(spotify({ kind: 'new', status: 'live' }), TODAY)).toMatchObject({
      reason: null,
      consequence: null,
    });
  });
});

describe('a takedown from everywhere', () => {
  it('is sent, received, then taken down', () => {
    expect(said({ status: 'sending' })).toBe('Sending the takedown to Spotify');
    expect(said({ status: 'delivered' })).toBe('Takedown sent to Spotify');
    expect(said({ status: 'ingested' })).toBe('Takedown received by Spotify');
    expect(said({ status: 'taken_down' })).toBe('Taken down from Spotify');
    expect(said({ status: 'live' })).toBe('Still live on Spotify');
  });

  it('at a date ahead, received, says the day it comes down; from today on, as at once', () => {
    expect(said({ status: 'ingested', effectiveOn: '2027-01-05' })).toBe(
      'Comes down from Spotify on January 5, 2027',
    );
    expect(said({ status: 'live', effectiveOn: '2027-01-05' })).toBe(
      'Comes down from Spotify on January 5, 2027',
    );
    expect(said({ status: 'ingested', effectiveOn: TODAY })).toBe('Takedown received by Spotify');
    expect(said({ status: 'taken_down', effectiveOn: '2027-01-05' })).toBe('Taken down from Spotify');
  });

  it('refused: in plain words, with the store’s reason', () => {
    expect(deliveryWords(spotify({ status: 'error', error: 'Release not found' }), TODAY)).toEqual({
      headline: 'Spotify could not take the takedown',
      reason: 'Spotify said: Release not found',
      consequence: 'Your release may still be on Spotify.',
    });
  });
});

describe('a takedown in some countries', () => {
  const where = { territories: ['DE', 'FR'] };
  it('names the countries', () => {
    expect(said({ ...where, status: 'delivered' })).toBe('Takedown for Germany and France sent to Spotify');
    expect(said({ ...where, status: 'ingested' })).toBe(
      'Takedown for Germany and France received by Spotify',
    );
    expect(said({ ...where, status: 'taken_down' })).toBe('Taken down from Spotify in Germany and France');
    expect(said({ ...where, status: 'live' })).toBe(
      'Taken down from Spotify in Germany and France; still live elsewhere',
    );
    expect(said({ ...where, status: 'ingested', effectiveOn: '2027-01-05' })).toBe(
      'Comes down from Spotify in Germany and France on January 5, 2027',
    );
    expect(said({ ...where, status: 'error' })).toBe(
      'Spotify could not take the takedown for Germany and France',
    );
  });

  it('counts the countries past the first three', () => {
    expect(countriesText(['DE'])).toBe('Germany');
    expect(countriesText(['DE', 'FR', 'ES', 'IT'])).toBe('Germany, France, Spain, and Italy');
    expect(countriesText(['DE', 'FR', 'ES', 'IT', 'PT', 'GB'])).toBe(
      'Germany, France, Spain, and 3 other countries',
    );
  });
});

describe('a removal by an admin', () => {
  it('is sent, then removed', () => {
    expect(said({ kind: 'purge', status: 'queued' })).toBe('Sending the removal to Spotify');
    expect(said({ kind: 'purge', status: 'delivered' })).toBe('Removal sent to Spotify');
    expect(said({ kind: 'purge', status: 'ingested' })).toBe('Removal received by Spotify');
    expect(said({ kind: 'purge', status: 'taken_down' })).toBe('Removed from Spotify');
    expect(said({ kind: 'purge', status: 'error' })).toBe('Spotify could not take the removal');
  });
});

describe('a request as the artist asked for it', () => {
  const request = { kind: 'takedown' as const, stores: null, territories: null, effectiveOn: null };
  it('names its stores, countries and day', () => {
    expect(requestText(request)).toBe('All stores · everywhere · now');
    expect(
      requestText({
        ...request,
        stores: ['spotify', 'deezer'],
        territories: ['DE'],
        effectiveOn: '2027-01-05',
      }),
    ).toBe('Spotify, Deezer · in Germany · from January 5, 2027');
    expect(requestText({ ...request, kind: 'purge' })).toBe('All stores · for good');
    expect(storesText(['apple-music'])).toBe('Apple Music');
  });

  it('shows a store asked again by its newest try only', () => {
    const first = spotify({ createdAt: '2026-12-06T12:00:00.000Z', status: 'error' });
    const again = spotify({ createdAt: '2026-12-06T13:00:00.000Z', status: 'ingested' });
    const deezer = spotify({ store: 'deezer', storeName: 'Deezer' });
    expect(latestPerStore([again, deezer, first])).toEqual([again, deezer]);
    expect(latestPerStore([first, deezer, again])).toEqual([again, deezer]);
  });
});

describe('an update (an approved correction)', () => {
  it('is sent, received, then live', () => {
    expect(said({ kind: 'update', status: 'queued' })).toBe('Sending the update to Spotify');
    expect(said({ kind: 'update', status: 'delivered' })).toBe('Update sent to Spotify');
    expect(said({ kind: 'update', status: 'ingested' })).toBe('Update received by Spotify');
    expect(said({ kind: 'update', status: 'live' })).toBe('Update live on Spotify');
    expect(said({ kind: 'update', status: 'taken_down' })).toBe('Taken down from Spotify');
  });

  it('refused: the store’s reason, and that the store keeps the release as it was', () => {
    expect(
      deliveryWords(spotify({ kind: 'update', status: 'error', error: 'Title too long' }), TODAY),
    ).toEqual({
      headline: 'Spotify could not take the update',
      reason: 'Spotify said: Title too long',
      consequence: 'Spotify still has your release as it was.',
    });
    expect(deliveryWords(spotify({ kind: 'update', status: 'error' }), TODAY).reason).toBeNull();
  });
});

describe('a correction', () => {
  it('says what changes, before → after, in the order of the form, genres by their names', () => {
    expect(
      correctionLines({
        proposed: {
          title: 'Low Tide (Deluxe)',
          releaseArtists: ['Maya R', 'Kabir'],
          genre: 'r&b',
          secondaryGenre: 'hip-hop',
        },
        previous: { title: 'Low Tide', releaseArtists: ['Maya R'], genre: 'pop', secondaryGenre: null },
      }),
    ).toEqual([
      'Title: Low Tide → Low Tide (Deluxe)',
      'Release artists: Maya R → Maya R, Kabir',
      'Genre: Pop → R&B',
      'Secondary genre: none → Hip-Hop',
    ]);
    expect(
      correctionLines({
        proposed: { releaseArtists: [], secondaryGenre: null },
        previous: { releaseArtists: ['Maya R'], secondaryGenre: 'jazz' },
      }),
    ).toEqual(['Release artists: Maya R → none', 'Secondary genre: Jazz → none']);
  });

  it('numbers the tracks it renames, in track order; a track it cannot find is just "Track"', () => {
    const change = {
      proposed: {
        tracks: [
          { id: 't3', title: 'Undertow (Edit)' },
          { id: 't2', title: 'Shoreline (Live)' },
          { id: 'gone', title: 'Elsewhere (Live)' },
        ],
      },
      previous: {
        tracks: [
          { id: 't3', title: 'Undertow' },
          { id: 't2', title: 'Shoreline' },
          { id: 'gone', title: 'Elsewhere' },
        ],
      },
    };
    expect(
      correctionLines(
        change,
        new Map([
          ['t2', 2],
          ['t3', 3],
        ]),
      ),
    ).toEqual([
      'Track 2: Shoreline → Shoreline (Live)',
      'Track 3: Undertow → Undertow (Edit)',
      'Track: Elsewhere → Elsewhere (Live)',
    ]);
  });

  it('names a new cover by its pixels and kind, and the one it replaces when the release had one', () => {
    const art = (format: string, side: number) => ({
      key: `artwork/r1/${format}`,
      format,
      size: 1000,
      width: side,
      height: side,
    });
    expect(artworkText({ width: 3000, height: 3000, format: 'png' })).toBe('3000×3000 PNG');
    expect(artworkText({ width: 4000, height: 4000, format: 'jpeg' })).toBe('4000×4000 JPEG');
    expect(
      correctionLines({
        proposed: { artwork: art('png', 3000) },
        previous: { artwork: art('jpeg', 4000) },
      }),
    ).toEqual(['Cover: new image (3000×3000 PNG), replacing a 4000×4000 JPEG']);
    // The release's cover was only a link: nothing uploaded to name.
    expect(correctionLines({ proposed: { artwork: art('png', 3000) }, previous: { artwork: null } })).toEqual(
      ['Cover: new image (3000×3000 PNG)'],
    );
    // Last, after the other values.
    expect(
      correctionLines({
        proposed: { title: 'Low Tide (Deluxe)', artwork: art('png', 3000) },
        previous: { title: 'Low Tide', artwork: null },
      }),
    ).toEqual(['Title: Low Tide → Low Tide (Deluxe)', 'Cover: new image (3000×3000 PNG)']);
  });

  it('says where its review stands, and what to do when not approved', () => {
    const review = { status: 'pending' as const, reason: null, decidedAt: null };
    expect(reviewWords(review)).toEqual({ headline: 'Waiting for review', next: null });
    expect(
      reviewWords({ ...review, status: 'approved', decidedAt: '2026-12-07T12:00:00.000Z' }).headline,
    ).toBe('Approved · December 7, 2026');
    expect(
      reviewWords({ ...review, status: 'rejected', reason: ' The artist name must match the audio. ' }),
    ).toEqual({
      headline: 'Not approved: The artist name must match the audio.',
      next: 'Nothing changed on the stores. Fix what the review says and correct the release again.',
    });
    expect(reviewWords({ ...review, status: 'rejected' }).headline).toBe('Not approved');
    expect(reviewWords({ ...review, status: 'withdrawn', decidedAt: '2026-12-07T12:00:00.000Z' })).toEqual({
      headline: 'Withdrawn · December 7, 2026',
      next: null,
    });
  });
});
