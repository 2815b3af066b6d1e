import type { Release, Track } from '@riffline/db';

/** What an export reads of a release: its row (the fields the documents show) and its tracks in order. */
export type ExportedRelease = Pick<
  Release,
  | 'id'
  | 'title'
  | 'artist'
  | 'albumArt'
  | 'releaseDate'
  | 'releaseTime'
  | 'genre'
  | 'secondaryGenre'
  | 'status'
  | 'copyrightHolder'
  | 'copyrightYear'
  | 'productionHolder'
  | 'productionYear'
  | 'recordLabel'
  | 'releaseArtists'
  | 'releaseType'
  | 'hasCountryRestrictions'
  | 'restrictedCountries'
  | 'previouslyReleased'
  | 'originalReleaseDate'
  | 'pricingTier'
  | 'storeDistribution'
  | 'selectedStores'
  | 'autoDistributeToNewStores'
  | 'upc'
  | 'artworkKey'
  | 'artworkFormat'
  | 'artworkSize'
  | 'artworkWidth'
  | 'artworkHeight'
  | 'createdAt'
  | 'updatedAt'
> & { tracks: ExportedTrack[] };

export type ExportedTrack = Pick<
  Track,
  | 'id'
  | 'title'
  | 'trackNumber'
  | 'duration'
  | 'isExplicit'
  | 'primaryArtists'
  | 'featuringArtists'
  | 'producer'
  | 'lyricist'
  | 'composer'
  | 'trackType'
  | 'isrc'
  | 'audioState'
  | 'audioKey'
  | 'audioSize'
  | 'audioSha256'
  | 'audioFormat'
>;

/** A track's duration as ISO 8601 (`PT3M30S`, `PT1H2M5S`, `PT0S`) from whole seconds. */
export function isoDuration(seconds: number | null): string {
  const total = Math.max(0, Math.round(seconds ?? 0));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (total === 0) return 'PT0S';
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s ? `${s}S` : ''}`;
}

/** `3:30`, `1:02:05`: a duration as people read it; an em dash when it is unknown. */
export function clockDuration(seconds: number | null): string {
  if (seconds === null) return '—';
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** "Ada & Bo feat. Cy": a track's display artist, or the release's when the track names none. */
export function trackArtistName(track: ExportedTrack, releaseArtist: string): string {
  const main = track.primaryArtists.length ? track.primaryArtists.join(' & ') : releaseArtist;
  return track.featuringArtists.length ? `${main} feat. ${track.featuringArtists.join(', ')}` : main;
}

/** The cover's file name in a release's folder (`artwork.jpg`), when artwork was uploaded. */
export const artworkFileName = (release: Pick<ExportedRelease, 'artworkKey' | 'artworkFormat'>) =>
  release.artworkKey && release.artworkFormat
    ? `artwork.${release.artworkFormat === 'png' ? 'png' : 'jpg'}`
    : null;
