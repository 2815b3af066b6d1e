import type { ReleaseResponse, TrackResponse } from '@riffline/contracts';
import type { Release, ReleaseListRow, Track } from '@riffline/db';

const day = (value: string | Date | null): string | null =>
  value === null ? null : typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);

/** The fields of a release that leave the server; `coverUrl` is the uploaded artwork's signed URL if any. */
export function presentRelease(
  release: Release,
  extra: { trackCount: number; coverUrl?: string | null },
): ReleaseResponse {
  return {
    id: release.id,
    userId: release.userId,
    title: release.title,
    artist: release.artist,
    albumArt: release.albumArt,
    coverUrl: extra.coverUrl ?? release.albumArt,
    hasArtwork: release.artworkKey !== null,
    releaseDate: day(release.releaseDate),
    releaseTime: release.releaseTime,
    genre: release.genre,
    secondaryGenre: release.secondaryGenre,
    status: release.status,
    releaseType: release.releaseType,
    pricingTier: release.pricingTier,
    releaseArtists: release.releaseArtists,
    copyrightHolder: release.copyrightHolder,
    copyrightYear: release.copyrightYear,
    productionHolder: release.productionHolder,
    productionYear: release.productionYear,
    recordLabel: release.recordLabel,
    explicitContentLabeled: release.explicitContentLabeled,
    authorizedToDistribute: release.authorizedToDistribute,
    noUnauthorizedArtistName: release.noUnauthorizedArtistName,
    copyrightDocumentation: release.copyrightDocumentation,
    hasCountryRestrictions: release.hasCountryRestrictions,
    restrictedCountries: release.restrictedCountries,
    previouslyReleased: release.previouslyReleased,
    originalReleaseDate: day(release.originalReleaseDate),
    storeDistribution: release.storeDistribution,
    selectedStores: release.selectedStores,
    autoDistributeToNewStores: release.autoDistributeToNewStores,
    upc: release.upc,
    rejectionReason: release.rejectionReason,
    trackCount: extra.trackCount,
    createdAt: release.createdAt.toISOString(),
    updatedAt: release.updatedAt.toISOString(),
  };
}

/**
 * A page of releases as JSON text: each row as PostgreSQL presented it (presentRelease's fields), with its
 * `coverUrl` added: the signed artwork, else the album-art URL.
 */
export function presentReleaseList(
  rows: readonly ReleaseListRow[],
  covers: ReadonlyArray<string | null>,
): string {
  const items = rows.map(
    (row, i) => `${row.json.slice(0, -1)},"coverUrl":${JSON.stringify(covers[i] ?? row.albumArt)}}`,
  );
  return `[${items.join(',')}]`;
}

/** A track; `audioUrl` is a short-lived signed URL of its audio while it is ready. */
export function presentTrack(track: Track, audioUrl: string | null = null): TrackResponse {
  return {
    id: track.id,
    releaseId: track.releaseId,
    trackNumber: track.trackNumber,
    title: track.title,
    primaryArtists: track.primaryArtists,
    featuringArtists: track.featuringArtists,
    producer: track.producer,
    lyricist: track.lyricist,
    composer: track.composer,
    trackType: track.trackType,
    isExplicit: track.isExplicit,
    isrc: track.isrc,
    duration: track.duration,
    audioState: track.audioState,
    audioSize: track.audioSize === null ? null : Number(track.audioSize),
    audioFormat: track.audioFormat,
    audioUrl: track.audioState === 'ready' ? audioUrl : null,
  };
}
