import { describe, expect, it } from 'vitest';
import { SaxesParser } from 'saxes';
import { create } from 'xmlbuilder2';
import { validateErn, xmllintMissing } from '#test/support/xmllint.ts';
import { buildErn, buildPurge, dealReach, dealsOf, type ErnOptions } from './ern.ts';
import { isoDuration, type ExportedRelease, type ExportedTrack } from './release.ts';
import { wellFormednessProblem } from './xml.ts';

const options: ErnOptions = {
  messageId: 'export-1.release-1',
  threadId: 'release-1',
  createdAt: new Date('2026-11-23T10:30:00Z'),
  sender: { partyId: 'PADPIDA0RIFFLINE0', name: 'Riffline Records' },
  recipient: { partyId: 'PADPIDA2014120301U' },
};

function track(fields: Partial<ExportedTrack> = {}): ExportedTrack {
  return {
    id: 'b2a5c1de-0000-4000-8000-000000000001',
    title: 'Night Drive',
    trackNumber: 1,
    duration: 210,
    isExplicit: false,
    primaryArtists: ['Maya R'],
    featuringArtists: [],
    producer: null,
    lyricist: null,
    composer: null,
    trackType: 'vocal',
    isrc: 'INRFL2500001',
    audioState: 'ready',
    audioKey: 'audio/r1/t1/f1',
    audioSize: 1_234_567,
    audioSha256: 'a'.repeat(64),
    audioFormat: 'wav',
    ...fields,
  };
}

function release(fields: Partial<ExportedRelease> = {}): ExportedRelease {
  return {
    id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    title: 'Monsoon Tapes',
    artist: 'Maya R',
    albumArt: null,
    releaseDate: '2026-12-11',
    releaseTime: null,
    genre: 'r&b',
    secondaryGenre: 'pop',
    status: 'live',
    copyrightHolder: 'Maya Rivers',
    copyrightYear: 2026,
    productionHolder: 'Pune Sound',
    productionYear: 2025,
    recordLabel: 'Riffline Records',
    releaseArtists: ['Maya R'],
    releaseType: 'album',
    hasCountryRestrictions: false,
    restrictedCountries: [],
    previouslyReleased: false,
    originalReleaseDate: null,
    pricingTier: 'mid',
    storeDistribution: 'all',
    selectedStores: [],
    autoDistributeToNewStores: true,
    upc: '036000291452',
    artworkKey: 'artwork/r1/cover',
    artworkFormat: 'jpeg',
    artworkSize: 2_000_000,
    artworkWidth: 3000,
    artworkHeight: 3000,
    createdAt: new Date('2026-11-01T00:00:00Z'),
    updatedAt: new Date('2026-11-02T00:00:00Z'),
    tracks: [track()],
    ...fields,
  };
}

/** The message read back: texts of elements by name, anywhere, in document order. */
function readBack(xml: string) {
  const doc = create(xml).node as unknown as Document;
  const all = (name: string) => [...doc.getElementsByTagName(name)];
  return {
    doc,
    texts: (name: string) => all(name).map((e) => e.textContent),
    within: (parent: string, name: string) =>
      all(parent).map((p) => [...p.getElementsByTagName(name)].map((e) => e.textContent)),
  };
}

const album = () =>
  release({
    hasCountryRestrictions: true,
    restrictedCountries: ['CN', 'KP'],
    previouslyReleased: true,
    originalReleaseDate: '2019-06-01',
    storeDistribution: 'custom',
    selectedStores: ['spotify', 'apple-music', 'jiosaavn'],
    releaseArtists: ['Maya R', 'Kabir'],
    tracks: [
      track({
        title: 'Rain Song',
        trackNumber: 2,
        duration: 3725,
        isExplicit: true,
        isrc: 'INRFL2500002',
        featuringArtists: ['Kabir'],
        composer: 'A. Composer',
        lyricist: 'L. Writer',
        producer: 'P. Maker',
        audioFormat: 'mp3',
      }),
      track({ title: 'Night Drive', trackNumber: 1 }),
      track({
        id: 'b2a5c1de-0000-4000-8000-000000000003',
        title: 'Untitled Sketch',
        trackNumber: 3,
        duration: null,
        isrc: null,
        primaryArtists: [],
        trackType: 'instrumental',
        audioState: 'none',
        audioKey: null,
        audioSize: null,
        audioSha256: null,
        audioFormat: null,
      }),
    ],
  });

describe('the ERN NewReleaseMessage', () => {
  it.skipIf(xmllintMissing)(
    'is valid against the DDEX ERN 4.3 schema: an album with restrictions, custom stores, credits, artwork, and a track without ISRC or audio; a bare single',
    () => {
      const bare = release({
        releaseType: 'single',
        upc: null,
        artworkKey: null,
        artworkFormat: null,
        artworkSize: null,
        releaseDate: null,
        copyrightHolder: null,
        productionHolder: null,
        storeDistribution: 'streaming',
        tracks: [
          track({ isrc: null, audioState: 'none', audioKey: null, audioFormat: null, duration: null }),
        ],
      });
      const downloadsOnly = release({
        storeDistribution: 'downloads',
        albumArt: 'https://img.example/a.jpg',
        artworkKey: null,
      });
      const check = validateErn([
        buildErn(album(), options),
        buildErn(bare, options),
        buildErn(downloadsOnly, options),
      ]);
      expect(check.output).not.toMatch(/error/i);
      expect(check.valid, check.output).toBe(true);
    },
  );

  it('names the header, the parties, each recording with its ISRC, duration and parental warning, the cover, and the release with its UPC', () => {
    const { texts, within } = readBack(buildErn(album(), options));
    expect(texts('MessageId')).toEqual(['export-1.release-1']);
    expect(texts('MessageThreadId')).toEqual(['release-1']);
    expect(texts('MessageCreatedDateTime')).toEqual(['2026-11-23T10:30:00.000Z']);
    expect(within('MessageSender', 'PartyId')).toEqual([['PADPIDA0RIFFLINE0']]);
    expect(within('MessageRecipient', 'PartyId')).toEqual([['PADPIDA2014120301U']]);
    expect(texts('FullName')).toEqual(
      expect.arrayContaining(['Riffline Records', 'Maya R', 'Kabir', 'A. Composer', 'L. Writer', 'P. Maker']),
    );

    // Tracks in track order, whatever order they came in.
    expect(within('SoundRecording', 'DisplayTitleText')).toEqual([
      ['Night Drive'],
      ['Rain Song'],
      ['Untitled Sketch'],
    ]);
    expect(within('SoundRecording', 'ISRC')).toEqual([['INRFL2500001'], ['INRFL2500002'], []]);
    expect(within('SoundRecording', 'ProprietaryId')[2]).toEqual(['b2a5c1de-0000-4000-8000-000000000003']);
    expect(texts('ParentalWarningType')).toEqual(['NotExplicit', 'Explicit', 'NotExplicit', 'Explicit']);
    expect(within('SoundRecording', 'DisplayArtistName')).toEqual([
      ['Maya R'],
      ['Maya R feat. Kabir'],
      ['Maya R'],
    ]);
    expect(within('SoundRecording', 'DisplayArtistRole')[1]).toEqual(['MainArtist', 'FeaturedArtist']);
    expect(within('SoundRecording', 'Role')[1]).toEqual(['Composer', 'Lyricist', 'StudioProducer']);
    expect(within('SoundRecording', 'IsInstrumental').flat()).toEqual(['false', 'false', 'true']);
    // Duration twice for a recording with audio (the recording's and its file's), once without.
    expect(within('SoundRecording', 'Duration')).toEqual([
      ['PT3M30S', 'PT3M30S'],
      ['PT1H2M5S', 'PT1H2M5S'],
      ['PT0S'],
    ]);
    expect(within('SoundRecording', 'AudioCodecType')).toEqual([['PCM'], ['MP3'], []]);
    expect(within('SoundRecording', 'HashSumValue')[0]).toEqual(['a'.repeat(64)]);
    expect(within('SoundRecording', 'PLineText')[0]).toEqual(['℗ 2025 Pune Sound']);

    expect(within('Image', 'Type')).toEqual([['FrontCoverImage']]);
    expect(within('Image', 'URI')).toEqual([['artwork.jpg']]);
    expect(within('Image', 'ImageCodecType')).toEqual([['JPEG']]);

    expect(within('Release', 'ICPN')).toEqual([['036000291452']]);
    expect(within('Release', 'ReleaseType')).toEqual([['Album']]);
    expect(within('Release', 'CLineText')).toEqual([['© 2026 Maya Rivers']]);
    expect(within('Release', 'ReleaseDate')).toEqual([['2026-12-11']]);
    expect(within('Release', 'OriginalReleaseDate')).toEqual([['2019-06-01']]);
    expect(within('Release', 'GenreText')).toEqual([['R&B']]);
    expect(within('Release', 'SubGenre')).toEqual([['Pop']]);
    expect(within('Release', 'ReleaseLabelReference')).toEqual([['PLabel']]);
    // The recordings in order, then the cover.
    expect(within('Release', 'ReleaseResourceReference')).toEqual([['A1', 'A2', 'A3', 'A4']]);
    expect(within('Release', 'Duration')).toEqual([['PT1H5M35S']]);
  });

  it('makes deals from the store choice, territories from the country restrictions and the price code from the pricing tier', () => {
    // Released on the message's day: no pre-order.
    const { within } = readBack(
      buildErn(album(), { ...options, createdAt: new Date('2026-12-11T08:00:00Z') }),
    );
    expect(within('Deal', 'ExcludedTerritoryCode')).toEqual([
      ['CN', 'KP'],
      ['CN', 'KP'],
    ]);
    expect(within('Deal', 'TerritoryCode')).toEqual([[], []]);
    expect(within('Deal', 'StartDate')).toEqual([['2026-12-11'], ['2026-12-11']]);
    expect(within('Deal', 'CommercialModelType')).toEqual([
      ['SubscriptionModel', 'AdvertisementSupportedModel'],
      ['PayAsYouGoModel'],
    ]);
    expect(within('Deal', 'UseType')).toEqual([['OnDemandStream'], ['PermanentDownload']]);
    expect(within('Deal', 'FullName')).toEqual([
      ['Spotify', 'Apple Music', 'JioSaavn'],
      ['Spotify', 'Apple Music', 'JioSaavn'],
    ]);
    expect(within('Deal', 'PriceCode')).toEqual([[], ['MID']]);
    expect(within('Deal', 'IsPreOrderDeal')).toEqual([['false'], ['false']]);

    // Sent ahead of its date: the download may be pre-ordered from the message's day to the release date.
    const ahead = readBack(buildErn(album(), options));
    expect(ahead.within('Deal', 'UseType')).toEqual([
      ['OnDemandStream'],
      ['PermanentDownload'],
      ['PermanentDownload'],
    ]);
    expect(ahead.within('Deal', 'IsPreOrderDeal')).toEqual([['false'], ['false'], ['true']]);
    expect(ahead.within('Deal', 'StartDate')).toEqual([['2026-12-11'], ['2026-12-11'], ['2026-11-23']]);
    expect(ahead.within('Deal', 'EndDate')).toEqual([[], [], ['2026-12-11']]);
    expect(ahead.within('Deal', 'ExcludedTerritoryCode')[2]).toEqual(['CN', 'KP']);

    const worldwide = readBack(
      buildErn(
        release({ storeDistribution: 'downloads', pricingTier: 'premium', releaseDate: '2026-11-20' }),
        options,
      ),
    );
    expect(worldwide.within('Deal', 'TerritoryCode')).toEqual([['Worldwide']]);
    expect(worldwide.within('Deal', 'PriceCode')).toEqual([['PREMIUM']]);
    expect(dealsOf({ storeDistribution: 'streaming' }).map((d) => d.useType)).toEqual(['OnDemandStream']);
    expect(dealsOf({ storeDistribution: 'all' }).map((d) => d.useType)).toEqual([
      'OnDemandStream',
      'PermanentDownload',
    ]);
  });

  it.skipIf(xmllintMissing)(
    'turns region codes the form takes but the schema does not (UK, EU, ZZ) into the territories they stand for',
    () => {
      const xml = buildErn(
        release({ hasCountryRestrictions: true, restrictedCountries: ['UK', 'EU', 'ZZ', 'IN'] }),
        options,
      );
      const codes = readBack(xml).within('Deal', 'ExcludedTerritoryCode')[0]!;
      expect(codes).toEqual(expect.arrayContaining(['GB', 'FR', 'DE', 'IN']));
      expect(codes).toHaveLength(1 + 27 + 1);
      expect(codes).not.toEqual(expect.arrayContaining(['UK']));
      const check = validateErn([xml]);
      expect(check.valid, check.output).toBe(true);
    },
  );

  it('escapes titles and names: &, <, >, quotes and non-ASCII text come back exactly', () => {
    const title = `Rock & Roll <Live> "Night" 'Owl' — Café Zoë 東京 🎵`;
    const artist = `Ana & <The "Band">`;
    const xml = buildErn(
      release({
        title,
        artist,
        releaseArtists: [artist],
        copyrightHolder: 'Zoë & Co <Ltd>',
        tracks: [track({ title: `A&B <c> "d"`, primaryArtists: [artist], composer: `O'Brien & Sons` })],
      }),
      options,
    );
    expect(xml).not.toContain('<Live>');
    expect(xml).not.toContain('<The');
    expect(xml).toContain('Rock &amp; Roll &lt;Live&gt;');
    const { texts, within } = readBack(xml);
    expect(within('Release', 'DisplayTitleText')).toEqual([[title]]);
    expect(within('Release', 'DisplayArtistName')).toEqual([[artist]]);
    expect(within('SoundRecording', 'TitleText')).toEqual([[`A&B <c> "d"`]]);
    expect(texts('FullName')).toEqual(expect.arrayContaining([artist, `O'Brien & Sons`]));
    expect(within('Release', 'CLineText')).toEqual([['© 2026 Zoë & Co <Ltd>']]);
    if (!xmllintMissing) expect(validateErn([xml]).valid).toBe(true);
  });
});

/**
 * The texts of the elements of this name, read by a strict parser (xmlbuilder2's own reader decodes
 * `&amp;#65;` twice, into `A`).
 */
function strictTexts(xml: string, name: string): string[] {
  const parser = new SaxesParser();
  const found: string[] = [];
  let inside = false;
  parser.on('opentag', (tag) => {
    inside = tag.name === name;
    if (inside) found.push('');
  });
  parser.on('text', (text) => {
    if (inside) found[found.length - 1] += text;
  });
  parser.on('closetag', () => (inside = false));
  parser.write(xml).close();
  return found;
}

describe('the ERN NewReleaseMessage of text that looks like markup', () => {
  it('keeps `&amp;`, `&e;` and `&#65;` in a title or a name as the text they are: the message is well-formed and valid', () => {
    const title = 'a &amp; b &e; &#65;';
    const artist = 'x &lt; y &e;';
    const xml = buildErn(
      release({
        title,
        artist,
        releaseArtists: [artist],
        recordLabel: '&e; Records',
        tracks: [track({ title: '&e; &amp;', primaryArtists: [artist], composer: '&#x26;e;' })],
      }),
      options,
    );
    expect(wellFormednessProblem(xml)).toBeNull();
    expect(strictTexts(xml, 'DisplayTitleText')).toEqual(['&e; &amp;', title]);
    expect(strictTexts(xml, 'DisplayArtistName')).toEqual([artist, artist]);
    expect(strictTexts(xml, 'FullName')).toEqual(expect.arrayContaining([artist, '&e; Records', '&#x26;e;']));
    if (!xmllintMissing) {
      const check = validateErn([xml]);
      expect(check.valid, check.output).toBe(true);
    }
  });

  it('replaces the characters XML 1.0 cannot carry (U+FFFF, U+FFFE, controls, lone surrogates) with U+FFFD', () => {
    const xml = buildErn(
      release({ title: 'a\uFFFFb\uFFFEc\u0001d\uD800e', recordLabel: 'L\u000Bbl' }),
      options,
    );
    expect(wellFormednessProblem(xml)).toBeNull();
    expect(readBack(xml).within('Release', 'DisplayTitleText')).toEqual([['a\uFFFDb\uFFFDc\uFFFDd\uFFFDe']]);
  });
});

describe('takedowns and purges (deals that end, PurgeReleaseMessage)', () => {
  const now = options.createdAt;
  const at = (iso: string) => new Date(iso);
  const ends = (everywhere: string | null, territories: Record<string, string> = {}) => ({
    everywhere: everywhere ? at(everywhere) : null,
    territories: new Map(Object.entries(territories).map(([c, d]) => [c, at(d)])),
  });

  it("keeps the remaining territories' deals in a territorial takedown, and gives countries to come their end", () => {
    expect(dealReach(['CN'], ends(null, { DE: '2026-11-20T00:00:00Z' }), now)).toEqual([
      { territories: null, excluded: ['CN', 'DE'], endsAt: null },
    ]);
    expect(
      dealReach(
        [],
        ends(null, { DE: '2026-12-24T00:00:00Z', FR: '2026-12-24T00:00:00Z', CN: '2027-01-01T00:00:00Z' }),
        now,
      ),
    ).toEqual([
      { territories: null, excluded: ['CN', 'DE', 'FR'], endsAt: null },
      { territories: ['DE', 'FR'], excluded: [], endsAt: at('2026-12-24T00:00:00Z') },
      { territories: ['CN'], excluded: [], endsAt: at('2027-01-01T00:00:00Z') },
    ]);
  });

  it('ends every deal at a takedown everywhere; a country whose end comes later ends with the rest', () => {
    expect(dealReach(['KP'], ends('2026-12-31T00:00:00Z', { DE: '2027-02-01T00:00:00Z' }), now)).toEqual([
      { territories: null, excluded: ['KP'], endsAt: at('2026-12-31T00:00:00Z') },
    ]);
    expect(dealReach([], undefined, now)).toEqual([{ territories: null, excluded: [], endsAt: null }]);
  });

  it.skipIf(xmllintMissing)(
    'a takedown now, one at a date, a territorial one and a purge are valid against the ERN 4.3 schema',
    () => {
      const takenDown = buildErn(album(), { ...options, ends: ends(now.toISOString()) });
      const dated = buildErn(album(), { ...options, ends: ends('2027-01-15T00:00:00Z') });
      const territorial = buildErn(release(), {
        ...options,
        ends: ends(null, { DE: '2026-11-01T00:00:00Z', FR: '2027-03-01T00:00:00Z' }),
      });
      const purge = buildPurge(album(), options);
      const check = validateErn([takenDown, dated, territorial, purge]);
      expect(check.valid, check.output).toBe(true);

      const { texts } = readBack(takenDown);
      expect(texts('EndDateTime')).toEqual(['2026-11-23T10:30:00Z', '2026-11-23T10:30:00Z']);
      expect(texts('StartDateTime')).toEqual(['2026-12-11T00:00:00Z', '2026-12-11T00:00:00Z']);
      expect(readBack(dated).texts('EndDateTime')).toContain('2027-01-15T00:00:00Z');
      const regions = readBack(territorial);
      // The streams, the downloads and their pre-order (the release date is ahead) everywhere but DE and FR.
      expect(regions.texts('ExcludedTerritoryCode')).toEqual(['DE', 'FR', 'DE', 'FR', 'DE', 'FR']);
      expect(regions.texts('TerritoryCode')).toEqual(['FR', 'FR']);
      expect(regions.texts('EndDateTime')).toEqual(['2027-03-01T00:00:00Z', '2027-03-01T00:00:00Z']);
      const purged = readBack(purge);
      expect(purged.texts('ICPN')).toEqual([album().upc]);
      expect(purged.texts('TitleText')).toEqual(['Monsoon Tapes']);
      expect(purge).toContain('<ern:PurgeReleaseMessage');
    },
  );
});

describe('isoDuration', () => {
  it('writes seconds as ISO 8601 durations', () => {
    expect([0, 59, 60, 210, 3600, 3725, null].map(isoDuration)).toEqual([
      'PT0S',
      'PT59S',
      'PT1M',
      'PT3M30S',
      'PT1H',
      'PT1H2M5S',
      'PT0S',
    ]);
  });
});
