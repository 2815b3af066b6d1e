import type { ReleaseResponse, ReleaseWithTracksResponse } from '@riffline/contracts';
import { trackCounts, tracksOf, type Db, type Release, type Storage, type Track } from '@riffline/db';
import { presentRelease, presentTrack } from '../presenters/release.ts';
import { audioContentType, imageContentType, imageExtension } from './sniff.ts';

/** How long a signed media URL in an answer works: long enough to play or show, short enough to leak little. */
export const SIGNED_URL_SECONDS = 15 * 60;

/** A name to save a file under, from a title (no path separators or control characters). */
const fileName = (title: string, extension: string) => {
  const safe = [...title]
    .map((ch) => (ch.charCodeAt(0) < 0x20 || ch === '\u007f' || ch === '/' || ch === '\\' ? '-' : ch))
    .join('')
    .trim();
  return `${safe || 'file'}.${extension}`;
};

/** A track's audio, signed, while it is ready; else null. */
export async function audioUrl(storage: Storage, track: Track): Promise<string | null> {
  if (track.audioState !== 'ready' || !track.audioKey || !track.audioFormat) return null;
  return storage.signedUrl(track.audioKey, {
    expiresInSeconds: SIGNED_URL_SECONDS,
    filename: fileName(track.title, track.audioFormat),
    contentType: audioContentType[track.audioFormat],
  });
}

/** Signed audio URLs of tracks, by track id. */
export async function audioUrls(storage: Storage, tracks: Track[]): Promise<Map<string, string | null>> {
  const urls = await Promise.all(tracks.map((track) => audioUrl(storage, track)));
  return new Map(tracks.map((track, i) => [track.id, urls[i]!]));
}

/** A release's uploaded artwork, signed; null when none was uploaded (the album-art URL applies then). */
export async function artworkUrl(
  storage: Storage,
  release: Pick<Release, 'artworkKey' | 'artworkFormat' | 'title'>,
): Promise<string | null> {
  if (!release.artworkKey || !release.artworkFormat) return null;
  return storage.signedUrl(release.artworkKey, {
    expiresInSeconds: SIGNED_URL_SECONDS,
    filename: fileName(release.title, imageExtension[release.artworkFormat]),
    contentType: imageContentType[release.artworkFormat],
  });
}

/** A release as the API answers it: its track count and its cover signed. */
export async function signedRelease(
  { db, storage }: { db: Db; storage: Storage },
  release: Release,
): Promise<ReleaseResponse> {
  const trackCount = (await trackCounts(db, [release.id])).get(release.id) ?? 0;
  return presentRelease(release, { trackCount, coverUrl: await artworkUrl(storage, release) });
}

/** A release with its tracks in order (read unless given), cover and audio signed. */
export async function signedReleaseWithTracks(
  { db, storage }: { db: Db; storage: Storage },
  release: Release,
  given?: Track[],
): Promise<ReleaseWithTracksResponse> {
  const tracks = given ?? (await tracksOf(db, release.id));
  const audio = await audioUrls(storage, tracks);
  return {
    ...presentRelease(release, { trackCount: tracks.length, coverUrl: await artworkUrl(storage, release) }),
    tracks: tracks.map((t) => presentTrack(t, audio.get(t.id))),
  };
}
