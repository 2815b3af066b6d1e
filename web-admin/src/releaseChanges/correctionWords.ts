import type { CorrectionFields, DeliveryResponse, ReleaseChangeResponse } from '@riffline/contracts';

/**
 * A correction (docs/delivery.md, "Corrections") in the console's words: what it changes in short ("Title,
 * Track 2, Cover"), and each field before → after, a track by its number on the release. Pure: the list, the
 * correction's page and the release page's changes read the same words.
 */

type Translate = (key: string, options?: Record<string, unknown>) => string;
type Change = Pick<ReleaseChangeResponse, 'proposed' | 'previous'>;
type Artwork = NonNullable<CorrectionFields['artwork']>;

const key = (name: string) => `riffline.corrections.${name}`;

/** Each track's number on the release, by id (none while the release is read). */
export type TrackNumbers = ReadonlyMap<string, number> | undefined;

export const trackNumbersOf = (
  release: { tracks?: Array<{ id: string; trackNumber: number }> } | undefined,
) => (release?.tracks ? new Map(release.tracks.map((t) => [t.id, t.trackNumber])) : undefined);

/** One field the correction changes, before and after (a cover's facts, a track's title). */
export type CorrectionRow =
  | { field: 'text'; id: string; label: string; before: string; after: string }
  | { field: 'artwork'; id: 'artwork'; label: string; before: Artwork | null; after: Artwork };

/** "Track 2" (or, before the release's tracks are read, "Track “Shoreline”"). */
function trackLabel(id: string, was: string | undefined, numbers: TrackNumbers, translate: Translate) {
  const number = numbers?.get(id);
  return number !== undefined
    ? translate(key('track'), { number })
    : translate(key('trackTitled'), { title: was ?? id });
}

/** Tracks in the release's order (unknown ones last, as named). */
function tracksInOrder(change: Change, numbers: TrackNumbers) {
  const tracks = change.proposed?.tracks ?? [];
  const at = (id: string) => numbers?.get(id) ?? Number.MAX_SAFE_INTEGER;
  return [...tracks].sort((a, b) => at(a.id) - at(b.id));
}

const genre = (value: string | null | undefined, translate: Translate) =>
  value ? translate(`riffline.enums.releaseGenre.${value}`, { _: value }) : translate(key('noGenre'));

/** Every field the correction changes, in the order the artist names them. */
export function correctionRows(change: Change, numbers: TrackNumbers, translate: Translate): CorrectionRow[] {
  const proposed = change.proposed ?? {};
  const previous = change.previous ?? {};
  const rows: CorrectionRow[] = [];
  const text = (id: string, label: string, before: string, after: string) =>
    rows.push({ field: 'text', id, label, before, after });
  if (proposed.title !== undefined)
    text('title', translate(key('fields.title')), previous.title ?? '—', proposed.title);
  if (proposed.releaseArtists !== undefined) {
    const names = (list: string[] | undefined) => (list?.length ? list.join(', ') : '—');
    text(
      'releaseArtists',
      translate(key('fields.releaseArtists')),
      names(previous.releaseArtists),
      names(proposed.releaseArtists),
    );
  }
  if (proposed.genre !== undefined)
    text(
      'genre',
      translate(key('fields.genre')),
      genre(previous.genre, translate),
      genre(proposed.genre, translate),
    );
  if (proposed.secondaryGenre !== undefined)
    text(
      'secondaryGenre',
      translate(key('fields.secondaryGenre')),
      genre(previous.secondaryGenre, translate),
      genre(proposed.secondaryGenre, translate),
    );
  for (const track of tracksInOrder(change, numbers)) {
    const was = previous.tracks?.find((t) => t.id === track.id)?.title;
    text(`track-${track.id}`, trackLabel(track.id, was, numbers, translate), was ?? '—', track.title);
  }
  if (proposed.artwork)
    rows.push({
      field: 'artwork',
      id: 'artwork',
      label: translate(key('fields.artwork')),
      before: previous.artwork ?? null,
      after: proposed.artwork,
    });
  return rows;
}

/** What it changes, in short: "Title, Track 2, Cover". */
export const correctionSummary = (change: Change, numbers: TrackNumbers, translate: Translate) =>
  correctionRows(change, numbers, translate)
    .map((row) => row.label)
    .join(', ');

const kilobytes = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** "PNG · 3600 × 3600 px · 52.4 KB": a cover as stored. */
export function artworkFacts(artwork: Artwork): string {
  const size =
    artwork.size >= 1024 * 1024
      ? `${kilobytes.format(artwork.size / 1024 / 1024)} MB`
      : `${kilobytes.format(artwork.size / 1024)} KB`;
  return [artwork.format.toUpperCase(), `${artwork.width} × ${artwork.height} px`, size].join(' · ');
}

/**
 * Whether a signed cover URL (the release's `coverUrl`) is the file stored under `artworkKey`: the key is
 * the URL's path, encoded (`/api/files/artwork%2F…` on the local storage, `/bucket/artwork/…` on S3).
 */
export function urlShowsKey(url: string | null | undefined, artworkKey: string): boolean {
  if (!url) return false;
  try {
    return decodeURIComponent(new URL(url, 'http://localhost').pathname).endsWith(artworkKey);
  } catch {
    return false;
  }
}

/** Each store's latest delivery of the change (a resend replaces the try before it), by store name. */
export function latestPerStore(deliveries: readonly DeliveryResponse[]): DeliveryResponse[] {
  const latest = new Map<string, DeliveryResponse>();
  for (const d of deliveries) {
    const kept = latest.get(d.store);
    if (!kept || d.createdAt > kept.createdAt) latest.set(d.store, d);
  }
  return [...latest.values()].sort((a, b) => a.storeName.localeCompare(b.storeName));
}

/** Moments after a decision the stores' deliveries may not be written yet: how long to look for them. */
const WAITING_MS = 5 * 60_000;

/**
 * A change still on its way to some store: sent and not answered, or decided (a takedown or purge asked,
 * a correction approved) moments ago and not sent yet. A correction waiting for review, or rejected, goes
 * nowhere.
 */
export function onItsWay(
  change: Pick<ReleaseChangeResponse, 'kind' | 'status' | 'deliveries' | 'createdAt' | 'decidedAt'>,
): boolean {
  if (change.kind === 'correction' && change.status !== 'approved') return false;
  if (change.deliveries.length)
    return change.deliveries.some((d) => ['queued', 'sending', 'delivered'].includes(d.status));
  const since = change.kind === 'correction' ? (change.decidedAt ?? change.createdAt) : change.createdAt;
  return Date.now() - Date.parse(since) < WAITING_MS;
}
