import { describe, expect, it } from 'vitest';
import { unzip } from '#test/support/zip.ts';
import { documentIntro, packDocument, releaseSection } from './document.ts';
import type { ExportedRelease } from './release.ts';
import { wellFormednessProblem } from './xml.ts';

/** Text the API refused only later, or that looks like markup: what rows already stored may hold. */
const HOSTILE = 'a &amp; b &e; \uFFFF\uFFFE\u0001\uD800 <x> "q"';

const release: ExportedRelease = {
  id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  title: `Title ${HOSTILE}`,
  artist: `Artist ${HOSTILE}`,
  albumArt: null,
  releaseDate: '2026-12-11',
  releaseTime: null,
  genre: 'pop',
  secondaryGenre: null,
  status: 'live',
  copyrightHolder: `C ${HOSTILE}`,
  copyrightYear: 2026,
  productionHolder: null,
  productionYear: 2026,
  recordLabel: `Label ${HOSTILE}`,
  releaseArtists: [`Artist ${HOSTILE}`],
  releaseType: 'single',
  hasCountryRestrictions: false,
  restrictedCountries: [],
  previouslyReleased: false,
  originalReleaseDate: null,
  pricingTier: 'mid',
  storeDistribution: 'all',
  selectedStores: [],
  autoDistributeToNewStores: true,
  upc: null,
  artworkKey: null,
  artworkFormat: null,
  artworkSize: null,
  artworkWidth: null,
  artworkHeight: null,
  createdAt: new Date('2026-11-01T00:00:00Z'),
  updatedAt: new Date('2026-11-02T00:00:00Z'),
  tracks: [
    {
      id: 'b2a5c1de-0000-4000-8000-000000000001',
      title: `Track ${HOSTILE}`,
      trackNumber: 1,
      duration: 210,
      isExplicit: false,
      primaryArtists: [`Artist ${HOSTILE}`],
      featuringArtists: [],
      producer: null,
      lyricist: null,
      composer: `Composer ${HOSTILE}`,
      trackType: 'vocal',
      isrc: null,
      audioState: 'none',
      audioKey: null,
      audioSize: null,
      audioSha256: null,
      audioFormat: null,
    },
  ],
};

describe('the .docx export', () => {
  it('stays readable XML whatever its texts hold: markup-like text stays text, characters XML cannot carry become U+FFFD', async () => {
    const title = `Export ${HOSTILE}`;
    const file = await packDocument(title, [
      releaseSection(release, { note: 'none uploaded' }, documentIntro(title, new Date(), 1)),
    ]);
    const parts = [...unzip(file)].filter(([name]) => /\.(xml|rels)$/.test(name));
    expect(parts.map(([name]) => name)).toEqual(
      expect.arrayContaining(['word/document.xml', 'docProps/core.xml']),
    );
    for (const [name, data] of parts) expect(wellFormednessProblem(data.toString()), name).toBeNull();
    const body = unzip(file).get('word/document.xml')!.toString();
    const shown = 'a &amp;amp; b &amp;e; \uFFFD\uFFFD\uFFFD\uFFFD &lt;x&gt; &quot;q&quot;';
    for (const text of ['Title', 'Track', 'Composer: Composer', 'Export']) {
      expect(body).toContain(`${text} ${shown}`);
    }
    expect(unzip(file).get('docProps/core.xml')!.toString()).toContain(`Export ${shown}`);
  });
});
