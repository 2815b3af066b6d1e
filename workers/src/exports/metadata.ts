import { formatIsrc, selectableStores, type StoreId } from '@riffline/contracts';
import {
  artworkFileName,
  clockDuration,
  isoDuration,
  trackArtistName,
  type ExportedRelease,
} from './release.ts';

/**
 * What a release's folder says about it in `metadata.json`, and what the document shows: every field a
 * store or a person checking the release needs, in words rather than codes where words help.
 */

const day = (value: string | Date | null) =>
  value === null ? null : typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);

/** "℗ 2025 Riffline Records": the holder, or the label when the artist named none. */
export const pLine = (
  release: Pick<ExportedRelease, 'productionHolder' | 'productionYear' | 'recordLabel'>,
) => `℗ ${release.productionYear} ${release.productionHolder?.trim() || release.recordLabel}`;
export const cLine = (release: Pick<ExportedRelease, 'copyrightHolder' | 'copyrightYear' | 'recordLabel'>) =>
  `© ${release.copyrightYear} ${release.copyrightHolder?.trim() || release.recordLabel}`;

/** "Every store", "Streaming stores", "Download stores" or the stores picked, by name. */
export function storesText(release: Pick<ExportedRelease, 'storeDistribution' | 'selectedStores'>): string {
  switch (release.storeDistribution) {
    case 'all':
      return 'Every store';
    case 'streaming':
      return 'Streaming stores';
    case 'downloads':
      return 'Download stores';
    default:
      return release.selectedStores.map((s) => selectableStores[s as StoreId] ?? s).join(', ');
  }
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const countryName = (code: string) => {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
};

/** "Worldwide", or "Worldwide except China (CN), North Korea (KP)". */
export function territoriesText(
  release: Pick<ExportedRelease, 'hasCountryRestrictions' | 'restrictedCountries'>,
): string {
  if (!release.hasCountryRestrictions || !release.restrictedCountries.length) return 'Worldwide';
  return `Worldwide except ${release.restrictedCountries.map((c) => `${countryName(c)} (${c})`).join(', ')}`;
}

/** The contents of `metadata.json`. */
export function releaseMetadata(release: ExportedRelease, files: { ern: string }) {
  const tracks = [...release.tracks].sort((a, b) => a.trackNumber - b.trackNumber);
  const seconds = tracks.reduce((sum, t) => sum + (t.duration ?? 0), 0);
  const artwork = artworkFileName(release);
  return {
    release: {
      id: release.id,
      title: release.title,
      artist: release.artist,
      releaseArtists: release.releaseArtists,
      releaseType: release.releaseType,
      status: release.status,
      upc: release.upc,
      recordLabel: release.recordLabel,
      genre: release.genre,
      secondaryGenre: release.secondaryGenre,
      releaseDate: day(release.releaseDate),
      releaseTime: release.releaseTime,
      previouslyReleased: release.previouslyReleased,
      originalReleaseDate: day(release.originalReleaseDate),
      pLine: pLine(release),
      cLine: cLine(release),
      explicit: tracks.some((t) => t.isExplicit),
      durationSeconds: seconds,
      duration: isoDuration(seconds),
      pricingTier: release.pricingTier,
      storeDistribution: release.storeDistribution,
      stores: storesText(release),
      selectedStores: release.selectedStores,
      autoDistributeToNewStores: release.autoDistributeToNewStores,
      territories: territoriesText(release),
      excludedTerritories: release.hasCountryRestrictions ? release.restrictedCountries : [],
      artwork: artwork
        ? {
            file: artwork,
            format: release.artworkFormat,
            width: release.artworkWidth,
            height: release.artworkHeight,
            size: release.artworkSize,
          }
        : release.albumArt
          ? { url: release.albumArt }
          : null,
      createdAt: new Date(release.createdAt).toISOString(),
      updatedAt: new Date(release.updatedAt).toISOString(),
    },
    tracks: tracks.map((t) => ({
      id: t.id,
      number: t.trackNumber,
      title: t.title,
      displayArtist: trackArtistName(t, release.artist),
      primaryArtists: t.primaryArtists,
      featuringArtists: t.featuringArtists,
      isrc: t.isrc,
      isrcDisplay: t.isrc ? formatIsrc(t.isrc) : null,
      durationSeconds: t.duration,
      duration: t.duration === null ? null : isoDuration(t.duration),
      length: clockDuration(t.duration),
      explicit: t.isExplicit,
      trackType: t.trackType,
      credits: { composer: t.composer, lyricist: t.lyricist, producer: t.producer },
      audio:
        t.audioState === 'ready' && t.audioKey
          ? {
              format: t.audioFormat,
              size: t.audioSize === null ? null : Number(t.audioSize),
              sha256: t.audioSha256,
              storageKey: t.audioKey,
            }
          : { state: t.audioState },
    })),
    files: { ern: files.ern, artwork },
  };
}
