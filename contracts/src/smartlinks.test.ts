import { describe, expect, test } from 'vitest';
import { Slug, slugify, smartLinkView, SLUG_MESSAGE, SLUG_RESERVED_MESSAGE } from './smartlinks.ts';

const release = {
  title: 'Midnight Drive',
  artist: 'Nova',
  upc: '860000000012',
  status: 'live',
  releaseDate: '2026-12-20',
  storeDistribution: 'all',
  selectedStores: [] as string[],
};

describe('smartLinkView: what a SmartLink offers', () => {
  test('before release day, and for a release not yet approved: the pre-save, no stores', () => {
    expect(smartLinkView(release, [], '2026-12-19')).toEqual({ mode: 'presave', stores: [] });
    expect(smartLinkView({ ...release, status: 'processing' }, [], '2026-12-25').mode).toBe('presave');
  });

  test('from release day: a search link per store, by UPC where the store reads one', () => {
    const { mode, stores } = smartLinkView(release, [], '2026-12-20');
    expect(mode).toBe('live');
    expect(stores.map((s) => s.store)).toEqual([
      'spotify',
      'apple-music',
      'youtube-music',
      'amazon-music',
      'deezer',
      'tidal',
      'soundcloud',
      'itunes',
    ]);
    expect(stores[0]).toEqual({
      store: 'spotify',
      storeName: 'Spotify',
      url: 'https://open.spotify.com/search/upc%3A860000000012',
      source: 'search',
    });
    expect(stores.find((s) => s.store === 'deezer')!.url).toBe(
      'https://www.deezer.com/search/Nova%20Midnight%20Drive',
    );
  });

  test("as soon as a store says it is live, before the date: that store's own link first; taken down left out", () => {
    const { mode, stores } = smartLinkView(
      release,
      [
        { store: 'deezer', status: 'live', storeUrl: 'https://www.deezer.com/album/1' },
        { store: 'spotify', status: 'taken_down', storeUrl: 'https://open.spotify.com/album/2' },
        { store: 'pandora', status: 'live', storeUrl: 'https://www.pandora.com/album/3' },
        { store: 'tidal', status: 'ingested', storeUrl: null },
      ],
      '2026-12-01',
    );
    expect(mode).toBe('live');
    expect(stores.slice(0, 2)).toEqual([
      { store: 'deezer', storeName: 'Deezer', url: 'https://www.deezer.com/album/1', source: 'store' },
      { store: 'pandora', storeName: 'Pandora', url: 'https://www.pandora.com/album/3', source: 'store' },
    ]);
    expect(stores.map((s) => s.store)).not.toContain('spotify');
    expect(stores.find((s) => s.store === 'tidal')!.source).toBe('search');
  });

  test('a custom distribution lists only the stores chosen', () => {
    const view = smartLinkView(
      { ...release, storeDistribution: 'custom', selectedStores: ['tidal', 'beatport'] },
      [],
      '2026-12-21',
    );
    expect(view.stores.map((s) => s.store)).toEqual(['tidal']);
  });
});

describe('slugs', () => {
  test('slugify: lower case, accents dropped, single hyphens, at most 40', () => {
    expect(slugify('Björk — Ünïcode & Friends!')).toBe('bjork-unicode-friends');
    expect(slugify('a'.repeat(39) + ' b')).toBe('a'.repeat(39));
  });

  test('Slug: the pattern and the reserved words', () => {
    expect(Slug.parse(' Nova-Midnight ')).toBe('nova-midnight');
    expect(Slug.safeParse('-nova').error?.issues[0]?.message).toBe(SLUG_MESSAGE);
    expect(Slug.safeParse('no').error?.issues[0]?.message).toBe(SLUG_MESSAGE);
    expect(Slug.safeParse('support').error?.issues[0]?.message).toBe(SLUG_RESERVED_MESSAGE);
  });
});
