import { selectableStores, type PricingTier, type ReleaseGenre, type StoreId } from '@riffline/contracts';
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import { artworkFileName, isoDuration, trackArtistName, type ExportedRelease } from './release.ts';
import { xmlText } from './xml.ts';

/**
 * The DDEX ERN 4.3 `NewReleaseMessage` of one release (../shared/DOMAIN.md, the schema in
 * ../shared/ddex/): header, parties, one SoundRecording per track and the front cover, the release, and
 * its deals. Built with xmlbuilder2; every text and attribute value goes through xmlText (xml.ts), since
 * the builder alone would let `&amp;` or `&e;` in a title through as markup. Nothing is concatenated, and
 * the export checks each message (ernCheck.ts) before it is called completed.
 * Element order follows the schema's sequences, which is what makes the message valid.
 */

export const ERN_NAMESPACE = 'http://ddex.net/xml/ern/43';
/** The allowed-value sets the 4.3 schema imports declare themselves version 3. */
const AVS_VERSION = '3';

export interface MessagingParty {
  /** A DDEX Party ID (`PADPIDA…`). */
  partyId: string;
  name?: string;
}

export interface ErnOptions {
  messageId: string;
  /** The thread a release's messages share: every update is a full re-send of the same release. */
  threadId?: string;
  createdAt: Date;
  sender: MessagingParty & { name: string };
  recipient: MessagingParty;
  /**
   * A delivery's own files (docs/delivery.md): each track's audio and the cover by their path in the
   * release's folder, provided in the delivery. Without it, the files are named by their storage keys.
   */
  files?: {
    audio(track: ExportedRelease['tracks'][number]): string;
    cover: string | null;
    /** false: the store has the files from an earlier delivery, and this one does not carry them. */
    provided?: boolean;
  };
  /** Where and when the deals end: the takedowns that apply to the recipient (none: they run on). */
  ends?: DealEnds;
}

/** When the release's deals end (docs/delivery.md): everywhere, and per country (territorial takedowns). */
export interface DealEnds {
  everywhere: Date | null;
  territories: ReadonlyMap<string, Date>;
}

const releaseTypes: Record<ExportedRelease['releaseType'], string> = {
  single: 'Single',
  ep: 'EP',
  album: 'Album',
};
const priceCodes: Record<PricingTier, string> = { budget: 'BUDGET', mid: 'MID', premium: 'PREMIUM' };
const genreNames: Partial<Record<ReleaseGenre, string>> = { 'hip-hop': 'Hip-Hop', 'r&b': 'R&B' };
const genreName = (genre: ReleaseGenre) =>
  genreNames[genre] ?? genre.charAt(0).toUpperCase() + genre.slice(1);

/**
 * The release form takes any region code Intl knows; a few are not current ISO 3166-1 territories, which
 * the schema's territory list refuses. Each becomes the territories it stands for (an old code its
 * successor, a part its country, the EU its members); codes that name no territory are left out.
 */
const EU = 'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE'.split(' ');
const EUROZONE = 'AT BE HR CY EE FI FR DE GR IE IT LV LT LU MT NL PT SK SI ES'.split(' ');
const territoryAliases: Record<string, string[]> = {
  UK: ['GB'],
  BU: ['MM'],
  DD: ['DE'],
  DY: ['BJ'],
  FX: ['FR'],
  HV: ['BF'],
  NH: ['VU'],
  RH: ['ZW'],
  SU: ['RU'],
  TP: ['TL'],
  VD: ['VN'],
  YD: ['YE'],
  YU: ['RS'],
  ZR: ['CD'],
  AC: ['SH'],
  TA: ['SH'],
  CP: ['FR'],
  CQ: ['GG'],
  DG: ['IO'],
  EA: ['ES'],
  IC: ['ES'],
  EU,
  EZ: EUROZONE,
  UN: [],
  QO: [],
  XA: [],
  XB: [],
  ZZ: [],
};

export function excludedTerritories(codes: readonly string[]): string[] {
  return [...new Set(codes.flatMap((code) => territoryAliases[code] ?? [code]))];
}

/** The parties a message names, each once, by a local reference (`P1`, `P2`, …). */
class Parties {
  readonly #byName = new Map<string, string>();
  reference(name: string): string {
    const key = name.trim();
    let ref = this.#byName.get(key);
    if (!ref) {
      ref = `P${this.#byName.size + 1}`;
      this.#byName.set(key, ref);
    }
    return ref;
  }
  entries() {
    return [...this.#byName.entries()];
  }
}

/** Attribute values as xmlbuilder2 must be given them (xml.ts: it would keep `&e;` as it is). */
const escaped = (attributes?: Record<string, string>) =>
  attributes && Object.fromEntries(Object.entries(attributes).map(([key, value]) => [key, xmlText(value)]));

/** An element holding `text`. */
const leaf = (parent: XMLBuilder, name: string, text: string | number, attributes?: Record<string, string>) =>
  parent
    .ele(name, escaped(attributes))
    .txt(xmlText(String(text)))
    .up();

const lines = (holder: string | null, year: number, fallback: string) => {
  const company = holder?.trim() || fallback;
  return { year: String(year), company };
};

function messageHeader(root: XMLBuilder, options: ErnOptions) {
  const header = root.ele('MessageHeader');
  if (options.threadId) leaf(header, 'MessageThreadId', options.threadId);
  leaf(header, 'MessageId', options.messageId);
  const sender = header.ele('MessageSender');
  leaf(sender, 'PartyId', options.sender.partyId);
  sender.ele('PartyName').ele('FullName').txt(xmlText(options.sender.name));
  const recipient = header.ele('MessageRecipient');
  leaf(recipient, 'PartyId', options.recipient.partyId);
  if (options.recipient.name) recipient.ele('PartyName').ele('FullName').txt(xmlText(options.recipient.name));
  leaf(header, 'MessageCreatedDateTime', options.createdAt.toISOString());
  leaf(header, 'MessageControlType', 'LiveMessage');
}

const messageRoot = (name: string, attributes: Record<string, string> = {}) =>
  create({ version: '1.0', encoding: 'UTF-8', invalidCharReplacement: '\uFFFD' }).ele(
    ERN_NAMESPACE,
    `ern:${name}`,
    { AvsVersionId: AVS_VERSION, LanguageAndScriptCode: 'en', ...attributes },
  );

/**
 * The `PurgeReleaseMessage` of a release (DOMAIN.md: permanent removal from a store): the header and the
 * release's ICPN and title.
 */
export function buildPurge(
  release: Pick<ExportedRelease, 'id' | 'upc' | 'title'>,
  options: ErnOptions,
): string {
  const root = messageRoot('PurgeReleaseMessage');
  messageHeader(root, options);
  const purged = root.ele('PurgedRelease');
  const releaseId = purged.ele('ReleaseId');
  if (release.upc) leaf(releaseId, 'ICPN', release.upc);
  else leaf(releaseId, 'ProprietaryId', release.id, { Namespace: `DPID:${options.sender.partyId}` });
  purged.ele('Title').ele('TitleText').txt(xmlText(release.title));
  return root.end({ prettyPrint: true });
}

/** The message, serialised (UTF-8, pretty-printed). */
export function buildErn(release: ExportedRelease, options: ErnOptions): string {
  const namespace = `DPID:${options.sender.partyId}`;
  const parties = new Parties();
  const labelRef = 'PLabel';
  const releaseArtists = [release.artist, ...release.releaseArtists.filter((a) => a !== release.artist)];
  const tracks = [...release.tracks].sort((a, b) => a.trackNumber - b.trackNumber);
  const cover = options.files ? options.files.cover : (artworkFileName(release) ?? release.albumArt);
  const coverRef = `A${tracks.length + 1}`;
  const explicit = tracks.some((t) => t.isExplicit);

  // Parties are referenced from resources and the release: name them first, list them after.
  const trackArtists = tracks.map((track) => ({
    main: (track.primaryArtists.length ? track.primaryArtists : [release.artist]).map((n) =>
      parties.reference(n),
    ),
    featuring: track.featuringArtists.map((n) => parties.reference(n)),
    contributors: [
      ...(track.composer ? [[parties.reference(track.composer), 'Composer'] as const] : []),
      ...(track.lyricist ? [[parties.reference(track.lyricist), 'Lyricist'] as const] : []),
      ...(track.producer ? [[parties.reference(track.producer), 'StudioProducer'] as const] : []),
    ],
  }));
  const releaseArtistRefs = releaseArtists.map((n) => parties.reference(n));

  const root = messageRoot('NewReleaseMessage', { ReleaseProfileVersionId: 'Audio' });

  messageHeader(root, options);

  const partyList = root.ele('PartyList');
  const label = partyList.ele('Party');
  leaf(label, 'PartyReference', labelRef);
  label.ele('PartyName').ele('FullName').txt(xmlText(release.recordLabel));
  label.ele('PartyId').ele('DPID').txt(xmlText(options.sender.partyId));
  for (const [name, ref] of parties.entries()) {
    const party = partyList.ele('Party');
    leaf(party, 'PartyReference', ref);
    party.ele('PartyName').ele('FullName').txt(xmlText(name));
  }

  const resources = root.ele('ResourceList');
  tracks.forEach((track, i) => {
    const credits = trackArtists[i]!;
    const recording = resources.ele('SoundRecording');
    leaf(recording, 'ResourceReference', `A${i + 1}`);
    leaf(recording, 'Type', 'MusicalWorkSoundRecording');
    const edition = recording.ele('SoundRecordingEdition');
    const id = edition.ele('ResourceId');
    if (track.isrc) leaf(id, 'ISRC', track.isrc);
    else leaf(id, 'ProprietaryId', track.id, { Namespace: namespace });
    const p = lines(release.productionHolder, release.productionYear, release.recordLabel);
    const pLine = edition.ele('PLine');
    leaf(pLine, 'Year', p.year);
    leaf(pLine, 'PLineCompany', p.company);
    leaf(pLine, 'PLineText', `℗ ${p.year} ${p.company}`);
    if (track.audioKey && track.audioFormat && track.audioState === 'ready') {
      const details = edition.ele('TechnicalDetails');
      leaf(details, 'TechnicalResourceDetailsReference', `T${i + 1}`);
      const delivery = details.ele('DeliveryFile');
      leaf(delivery, 'Type', 'AudioFile');
      leaf(delivery, 'AudioCodecType', track.audioFormat === 'mp3' ? 'MP3' : 'PCM');
      if (track.duration !== null) leaf(delivery, 'Duration', isoDuration(track.duration));
      const file = delivery.ele('File');
      leaf(file, 'URI', options.files ? options.files.audio(track) : track.audioKey);
      if (track.audioSha256) {
        const hash = file.ele('HashSum');
        leaf(hash, 'Algorithm', 'SHA-256');
        leaf(hash, 'HashSumValue', track.audioSha256);
      }
      if (track.audioSize !== null) leaf(file, 'FileSize', Number(track.audioSize));
      leaf(
        delivery,
        'IsProvidedInDelivery',
        String(Boolean(options.files) && options.files?.provided !== false),
      );
    }
    leaf(recording, 'DisplayTitleText', track.title);
    recording.ele('DisplayTitle').ele('TitleText').txt(xmlText(track.title));
    leaf(recording, 'DisplayArtistName', trackArtistName(track, release.artist));
    let sequence = 1;
    for (const [refs, role] of [
      [credits.main, 'MainArtist'],
      [credits.featuring, 'FeaturedArtist'],
    ] as const) {
      for (const ref of refs) {
        const artist = recording.ele('DisplayArtist', escaped({ SequenceNumber: String(sequence++) }));
        leaf(artist, 'ArtistPartyReference', ref);
        leaf(artist, 'DisplayArtistRole', role);
      }
    }
    credits.contributors.forEach(([ref, role], n) => {
      const contributor = recording.ele('Contributor', escaped({ SequenceNumber: String(n + 1) }));
      leaf(contributor, 'ContributorPartyReference', ref);
      leaf(contributor, 'Role', role);
    });
    leaf(recording, 'Duration', isoDuration(track.duration));
    leaf(recording, 'ParentalWarningType', track.isExplicit ? 'Explicit' : 'NotExplicit');
    leaf(recording, 'IsInstrumental', String(track.trackType === 'instrumental'));
  });
  if (cover) {
    const image = resources.ele('Image');
    leaf(image, 'ResourceReference', coverRef);
    leaf(image, 'Type', 'FrontCoverImage');
    image
      .ele('ResourceId')
      .ele('ProprietaryId', escaped({ Namespace: namespace }))
      .txt(xmlText(`${release.id}.cover`));
    const details = image.ele('TechnicalDetails');
    leaf(details, 'TechnicalResourceDetailsReference', `T${tracks.length + 1}`);
    if (release.artworkFormat)
      leaf(details, 'ImageCodecType', release.artworkFormat === 'png' ? 'PNG' : 'JPEG');
    if (release.artworkHeight)
      leaf(details, 'ImageHeight', release.artworkHeight, { UnitOfMeasure: 'Pixel' });
    if (release.artworkWidth) leaf(details, 'ImageWidth', release.artworkWidth, { UnitOfMeasure: 'Pixel' });
    const file = details.ele('File');
    leaf(file, 'URI', cover);
    if (release.artworkSize) leaf(file, 'FileSize', release.artworkSize);
  }

  const releaseList = root.ele('ReleaseList');
  const main = releaseList.ele('Release');
  leaf(main, 'ReleaseReference', 'R0');
  leaf(main, 'ReleaseType', releaseTypes[release.releaseType]);
  const releaseId = main.ele('ReleaseId');
  if (release.upc) leaf(releaseId, 'ICPN', release.upc);
  else leaf(releaseId, 'ProprietaryId', release.id, { Namespace: namespace });
  leaf(main, 'DisplayTitleText', release.title);
  main.ele('DisplayTitle').ele('TitleText').txt(xmlText(release.title));
  leaf(main, 'DisplayArtistName', release.artist);
  releaseArtistRefs.forEach((ref, n) => {
    const artist = main.ele('DisplayArtist', escaped({ SequenceNumber: String(n + 1) }));
    leaf(artist, 'ArtistPartyReference', ref);
    leaf(artist, 'DisplayArtistRole', 'MainArtist');
  });
  leaf(main, 'ReleaseLabelReference', labelRef);
  const p = lines(release.productionHolder, release.productionYear, release.recordLabel);
  const pLine = main.ele('PLine');
  leaf(pLine, 'Year', p.year);
  leaf(pLine, 'PLineCompany', p.company);
  leaf(pLine, 'PLineText', `℗ ${p.year} ${p.company}`);
  const c = lines(release.copyrightHolder, release.copyrightYear, release.recordLabel);
  const cLine = main.ele('CLine');
  leaf(cLine, 'Year', c.year);
  leaf(cLine, 'CLineCompany', c.company);
  leaf(cLine, 'CLineText', `© ${c.year} ${c.company}`);
  leaf(main, 'Duration', isoDuration(tracks.reduce((sum, t) => sum + (t.duration ?? 0), 0)));
  const genre = main.ele('Genre');
  leaf(genre, 'GenreText', genreName(release.genre));
  if (release.secondaryGenre) leaf(genre, 'SubGenre', genreName(release.secondaryGenre));
  if (release.releaseDate) leaf(main, 'ReleaseDate', release.releaseDate);
  if (release.previouslyReleased && release.originalReleaseDate) {
    leaf(main, 'OriginalReleaseDate', release.originalReleaseDate);
  }
  leaf(main, 'ParentalWarningType', explicit ? 'Explicit' : 'NotExplicit');
  const group = main.ele('ResourceGroup');
  const disc = group.ele('ResourceGroup', escaped({ ResourceGroupType: 'ReleaseComponent' }));
  leaf(disc, 'SequenceNumber', 1);
  tracks.forEach((_, i) => {
    const item = disc.ele('ResourceGroupContentItem');
    leaf(item, 'SequenceNumber', i + 1);
    leaf(item, 'ReleaseResourceReference', `A${i + 1}`);
  });
  if (cover) group.ele('ResourceGroupContentItem').ele('ReleaseResourceReference').txt(xmlText(coverRef));

  const releaseDeal = root.ele('DealList').ele('ReleaseDeal');
  leaf(releaseDeal, 'DealReleaseReference', 'R0');
  const start = release.releaseDate ?? options.createdAt.toISOString().slice(0, 10);
  const restricted = release.hasCountryRestrictions ? excludedTerritories(release.restrictedCountries) : [];
  const today = options.createdAt.toISOString().slice(0, 10);
  for (const reach of dealReach(restricted, options.ends, options.createdAt)) {
    for (const deal of dealsOf(release)) {
      const terms = releaseDeal.ele('Deal').ele('DealTerms');
      territories(terms, reach);
      const period = terms.ele('ValidityPeriod');
      if (reach.endsAt) {
        // A deal that ends is given to the second (DDEX advises date-times; a date's end is ambiguous).
        leaf(period, 'StartDateTime', `${start}T00:00:00Z`);
        leaf(period, 'EndDateTime', reach.endsAt.toISOString().replace(/\.\d{3}Z$/, 'Z'));
      } else {
        leaf(period, 'StartDate', start);
      }
      dealTerms(terms, deal, false);
      // A release still to come can be bought ahead (a download's pre-order), from today to its date.
      const preOrder = deal.priced && release.releaseDate && release.releaseDate > today && !reach.endsAt;
      if (preOrder) {
        const ahead = releaseDeal.ele('Deal').ele('DealTerms');
        territories(ahead, reach);
        const window = ahead.ele('ValidityPeriod');
        leaf(window, 'StartDate', today);
        leaf(window, 'EndDate', release.releaseDate!);
        dealTerms(ahead, deal, true);
      }
    }
  }

  return root.end({ prettyPrint: true });

  function territories(terms: XMLBuilder, reach: DealReach) {
    if (reach.territories) {
      for (const country of reach.territories) leaf(terms, 'TerritoryCode', country);
    } else if (reach.excluded.length) {
      for (const country of reach.excluded) leaf(terms, 'ExcludedTerritoryCode', country);
    } else {
      leaf(terms, 'TerritoryCode', 'Worldwide');
    }
  }

  function dealTerms(terms: XMLBuilder, deal: DealShape, preOrder: boolean) {
    for (const model of deal.commercialModels) leaf(terms, 'CommercialModelType', model);
    leaf(terms, 'UseType', deal.useType);
    if (release.storeDistribution === 'custom') {
      for (const store of release.selectedStores) {
        const name = selectableStores[store as StoreId] ?? store;
        terms.ele('DistributionChannel').ele('PartyName').ele('FullName').txt(xmlText(name));
      }
    }
    if (deal.priced) {
      const price = terms.ele('PriceInformation', escaped({ PriceType: 'StandardRetailPrice' }));
      leaf(price, 'PriceCode', priceCodes[release.pricingTier], { Namespace: namespace });
    }
    leaf(terms, 'IsPreOrderDeal', String(preOrder));
  }
}

/** Where a set of deals runs and until when: listed countries, or everywhere but the excluded ones. */
interface DealReach {
  territories: string[] | null;
  excluded: string[];
  endsAt: Date | null;
}

/**
 * The reaches a release's deals are sent for (DOMAIN.md: takedowns are deals that end): everywhere the
 * release goes but the countries whose deals ended (a territorial takedown keeps the remaining
 * territories' deals), ending when a takedown everywhere says; and, per date to come, the countries whose
 * deals end then.
 */
export function dealReach(restricted: string[], ends: DealEnds | undefined, now: Date): DealReach[] {
  const everywhere = ends?.everywhere ?? null;
  const excluded = new Set(restricted);
  const later = new Map<number, string[]>();
  for (const [country, at] of ends?.territories ?? []) {
    if (excluded.has(country) || (everywhere && everywhere <= at)) continue;
    excluded.add(country);
    if (at > now) later.set(at.getTime(), [...(later.get(at.getTime()) ?? []), country]);
  }
  return [
    { territories: null, excluded: [...excluded].sort(), endsAt: everywhere },
    ...[...later.entries()]
      .sort(([a], [b]) => a - b)
      .map(([at, countries]) => ({ territories: countries.sort(), excluded: [], endsAt: new Date(at) })),
  ];
}

interface DealShape {
  commercialModels: string[];
  useType: string;
  priced: boolean;
}

const streaming: DealShape = {
  commercialModels: ['SubscriptionModel', 'AdvertisementSupportedModel'],
  useType: 'OnDemandStream',
  priced: false,
};
const downloads: DealShape = {
  commercialModels: ['PayAsYouGoModel'],
  useType: 'PermanentDownload',
  priced: true,
};

/** The deals the store choice makes: streaming, downloads, or both (every store, or the chosen ones). */
export function dealsOf(release: Pick<ExportedRelease, 'storeDistribution'>): DealShape[] {
  if (release.storeDistribution === 'streaming') return [streaming];
  if (release.storeDistribution === 'downloads') return [downloads];
  return [streaming, downloads];
}
