/**
 * Deliveries and changes in the artist's words (docs/delivery.md, "What the artist sees"): each store's
 * state phrased by what the delivery carries (the release itself, an update, a takedown, a removal), the
 * countries a takedown is for by name, a takedown as one line ("Spotify, Deezer · in Germany · from
 * January 5, 2027"), and a correction as what it changes ("Title: Low Tide → Low Tide (Deluxe)", "Cover:
 * new image (3000×3000 PNG)") and where its review stands. Pure, so the unit tests read the phrases
 * without rendering.
 */
import { storeName, type DeliveryStatus } from '@riffline/contracts';
import type { Delivery, ReleaseChange } from '../../api/deliveries.ts';
import { formatDate, genreLabels } from './labels.ts';
import { localToday } from './releaseTiming.ts';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** "DE" as "Germany" (a code Intl does not know stays as it is). */
export function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Beyond this many, the rest are counted: a row stays one readable line. */
const NAMED_COUNTRIES = 3;
const and = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });

/** "Germany", "Germany and France", "Germany, France, Spain, and 4 other countries". */
export function countriesText(codes: readonly string[]): string {
  const names = codes.map(countryName);
  if (names.length <= NAMED_COUNTRIES + 1) return and.format(names);
  return and.format([
    ...names.slice(0, NAMED_COUNTRIES),
    `${names.length - NAMED_COUNTRIES} other countries`,
  ]);
}

/** A delivery of the release itself (new, or an update), as the Stores block has always said it. */
const releaseSaid: Record<DeliveryStatus, (store: string) => string> = {
  queued: (store) => `Sending to ${store}`,
  sending: (store) => `Sending to ${store}`,
  delivered: (store) => `Sent to ${store}`,
  ingested: (store) => `Received by ${store}`,
  error: (store) => `${store} could not take it`,
  live: (store) => `Live on ${store}`,
  taken_down: (store) => `Taken down from ${store}`,
};

/** An approved correction: the release again with the corrected values. */
const updateSaid: Record<DeliveryStatus, (store: string) => string> = {
  queued: (store) => `Sending the update to ${store}`,
  sending: (store) => `Sending the update to ${store}`,
  delivered: (store) => `Update sent to ${store}`,
  ingested: (store) => `Update received by ${store}`,
  error: (store) => `${store} could not take the update`,
  live: (store) => `Update live on ${store}`,
  taken_down: (store) => `Taken down from ${store}`,
};

/** An admin's removal of the release from every store for good. */
const purgeSaid: Record<DeliveryStatus, (store: string) => string> = {
  queued: (store) => `Sending the removal to ${store}`,
  sending: (store) => `Sending the removal to ${store}`,
  delivered: (store) => `Removal sent to ${store}`,
  ingested: (store) => `Removal received by ${store}`,
  error: (store) => `${store} could not take the removal`,
  live: (store) => `Still live on ${store}`,
  taken_down: (store) => `Removed from ${store}`,
};

/** A takedown: from every country, or (territories) from those named; at once, or from a date on. */
function takedownSaid(delivery: Delivery, store: string, today: string): string {
  const where = delivery.territories?.length ? countriesText(delivery.territories) : null;
  const inWhere = where ? ` in ${where}` : '';
  const forWhere = where ? ` for ${where}` : '';
  const ahead = delivery.effectiveOn !== null && delivery.effectiveOn.slice(0, 10) > today;
  const comesDown = `Comes down from ${store}${inWhere} on ${formatDate(delivery.effectiveOn)}`;
  switch (delivery.status) {
    case 'queued':
    case 'sending':
      return `Sending the takedown${forWhere} to ${store}`;
    case 'delivered':
      return `Takedown${forWhere} sent to ${store}`;
    case 'ingested':
      return ahead ? comesDown : `Takedown${forWhere} received by ${store}`;
    case 'live':
      // The store took the new deals: still out until the date, or still out in the other countries.
      if (ahead) return comesDown;
      return where ? `Taken down from ${store}${inWhere}; still live elsewhere` : `Still live on ${store}`;
    case 'taken_down':
      return `Taken down from ${store}${inWhere}`;
    case 'error':
      return `${store} could not take the takedown${forWhere}`;
  }
}

export interface DeliveryWords {
  /** The store's state in one line ("Taken down from Spotify in Germany and France"). */
  headline: string;
  /** For an error: the store's own reason ("Deezer said: …"), when it gave one. */
  reason: string | null;
  /** For an error: what it means for the release, before "Contact support if it persists." */
  consequence: string | null;
}

/** One store's row: its state by what the delivery carries, and for an error what it means. */
export function deliveryWords(delivery: Delivery, today: string = localToday()): DeliveryWords {
  const store = delivery.storeName || storeName(delivery.store);
  const headline =
    delivery.kind === 'takedown'
      ? takedownSaid(delivery, store, today)
      : delivery.kind === 'purge'
        ? purgeSaid[delivery.status](store)
        : delivery.kind === 'update'
          ? updateSaid[delivery.status](store)
          : releaseSaid[delivery.status](store);
  if (delivery.status !== 'error') return { headline, reason: null, consequence: null };
  const error = delivery.error?.trim();
  return {
    headline,
    reason: error ? `${store} said: ${error}` : null,
    consequence:
      delivery.kind === 'new'
        ? `Your release is not on ${store} yet.`
        : delivery.kind === 'update'
          ? `${store} still has your release as it was.`
          : `Your release may still be on ${store}.`,
  };
}

/** The stores a request names ("Spotify, Deezer"), or "All stores". */
export const storesText = (stores: readonly string[] | null): string =>
  stores?.length ? stores.map(storeName).join(', ') : 'All stores';

/**
 * A takedown as the artist asked for it: "All stores · everywhere · now", "Spotify, Deezer · in Germany ·
 * from January 5, 2027". An admin's purge: "All stores · for good".
 */
export function requestText(
  change: Pick<ReleaseChange, 'kind' | 'stores' | 'territories' | 'effectiveOn'>,
): string {
  if (change.kind === 'purge') return 'All stores · for good';
  return [
    storesText(change.stores),
    change.territories?.length ? `in ${countriesText(change.territories)}` : 'everywhere',
    change.effectiveOn ? `from ${formatDate(change.effectiveOn)}` : 'now',
  ].join(' · ');
}

/** A request's deliveries, the latest per store (a store asked again keeps only its newest try). */
export function latestPerStore(deliveries: readonly Delivery[]): Delivery[] {
  const newest = new Map<string, Delivery>();
  for (const d of deliveries) {
    const seen = newest.get(d.store);
    if (!seen || d.createdAt > seen.createdAt) newest.set(d.store, d);
  }
  return [...newest.values()];
}

const genreText = (genre: string | null | undefined) =>
  genre ? (genreLabels[genre as keyof typeof genreLabels] ?? genre) : 'none';
const artistsText = (names: readonly string[] | undefined) => (names?.length ? names.join(', ') : 'none');

/** A cover by its pixels and kind: "3000×3000 PNG" (`format` as the API stores it: `png`, `jpeg`). */
export const artworkText = (art: { width: number; height: number; format: string }) =>
  `${art.width}×${art.height} ${art.format.toUpperCase()}`;

/**
 * What a correction changes, a line per value, before → after: "Title: Low Tide → Low Tide (Deluxe)",
 * "Genre: Pop → Electronic", "Track 2: Shoreline → Shoreline (Live)" (`trackNumbers`: each track's number
 * by its id; a track not found is named "Track"), and last a new cover: "Cover: new image (3000×3000 PNG),
 * replacing a 3000×3000 JPEG" (the second half only when the release had an uploaded cover).
 */
export function correctionLines(
  change: Pick<ReleaseChange, 'proposed' | 'previous'>,
  trackNumbers: ReadonlyMap<string, number> = new Map(),
): string[] {
  const next = change.proposed ?? {};
  const before = change.previous ?? {};
  const lines: string[] = [];
  if (next.title !== undefined) lines.push(`Title: ${before.title ?? ''} → ${next.title}`);
  if (next.releaseArtists !== undefined)
    lines.push(
      `Release artists: ${artistsText(before.releaseArtists)} → ${artistsText(next.releaseArtists)}`,
    );
  if (next.genre !== undefined) lines.push(`Genre: ${genreText(before.genre)} → ${genreText(next.genre)}`);
  if (next.secondaryGenre !== undefined)
    lines.push(`Secondary genre: ${genreText(before.secondaryGenre)} → ${genreText(next.secondaryGenre)}`);
  const numbered = (next.tracks ?? []).map((t) => ({ ...t, number: trackNumbers.get(t.id) }));
  numbered.sort((a, b) => (a.number ?? Infinity) - (b.number ?? Infinity));
  for (const track of numbered) {
    const was = before.tracks?.find((t) => t.id === track.id)?.title ?? '';
    lines.push(`Track${track.number ? ` ${track.number}` : ''}: ${was} → ${track.title}`);
  }
  if (next.artwork) {
    const replaced = before.artwork ? `, replacing a ${artworkText(before.artwork)}` : '';
    lines.push(`Cover: new image (${artworkText(next.artwork)})${replaced}`);
  }
  return lines;
}

export interface ReviewWords {
  /**
   * "Waiting for review", "Approved · December 7, 2026", "Not approved: <the reviewer's reason>",
   * "Withdrawn · December 7, 2026".
   */
  headline: string;
  /** For a correction not approved: what it means and what to do. */
  next: string | null;
}

/** "Approved · December 7, 2026": what became of a correction, on the artist's calendar day. */
const onDay = (word: string, decidedAt: string | null) =>
  decidedAt ? `${word} · ${formatDate(localToday(new Date(decidedAt)))}` : word;

/** Where a correction's review stands (`decidedAt` as the artist's calendar day). */
export function reviewWords(change: Pick<ReleaseChange, 'status' | 'reason' | 'decidedAt'>): ReviewWords {
  switch (change.status) {
    case 'pending':
      return { headline: 'Waiting for review', next: null };
    case 'approved':
      return { headline: onDay('Approved', change.decidedAt), next: null };
    case 'rejected':
      return {
        headline: change.reason?.trim() ? `Not approved: ${change.reason.trim()}` : 'Not approved',
        next: 'Nothing changed on the stores. Fix what the review says and correct the release again.',
      };
    case 'withdrawn':
      return { headline: onDay('Withdrawn', change.decidedAt), next: null };
  }
}
