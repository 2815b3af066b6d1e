/**
 * When releases come out, in the artist's words: the Help Center's two weeks ahead for a release date, an
 * approved release whose day is still ahead, and what the dashboard can truly say of an artist's releases.
 * Kept apart from the wizard's rules (and their schemas) so the dashboard's first paint can use it.
 */
import { formatDate } from './labels.ts';

/** Today's date where the artist is, as YYYY-MM-DD (what a date field's value is compared with). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** `day` plus `days` days, as YYYY-MM-DD. */
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The Help Center's advice: a release date at least two weeks ahead, so stores can get it ready. */
export const RELEASE_LEAD_DAYS = 14;

/**
 * A warning for a release date under two weeks ahead (a date in the past is an error instead, and no date
 * nothing): stores may not have the release ready by then.
 */
export function releaseDateWarning(releaseDate: string, today: string = localToday()): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(releaseDate) || Number.isNaN(Date.parse(releaseDate))) return null;
  if (releaseDate < today || releaseDate >= addDays(today, RELEASE_LEAD_DAYS)) return null;
  return `Less than 2 weeks away: stores may not have your release ready by then. We advise ${formatDate(addDays(today, RELEASE_LEAD_DAYS))} or later.`;
}

/** Approved (live) with its release date still ahead: the stores put it out on that day. */
export const isScheduled = (
  release: { status: string | null | undefined; releaseDate: string | null },
  today: string = localToday(),
): boolean =>
  release.status === 'live' && release.releaseDate !== null && release.releaseDate.slice(0, 10) > today;

/** What the dashboard's welcome says of the artist's releases: true of them, the most advanced first. */
export type ReleasesSummary =
  | { kind: 'live' }
  | { kind: 'scheduled'; title: string; date: string }
  | { kind: 'review'; title: string }
  | { kind: 'rejected'; title: string }
  | { kind: 'draft'; title: string }
  | { kind: 'none' };

export function releasesSummary(
  releases: ReadonlyArray<{ title: string; status: string | null | undefined; releaseDate: string | null }>,
  today: string = localToday(),
): ReleasesSummary {
  const live = releases.filter((r) => r.status === 'live');
  if (live.some((r) => !isScheduled(r, today))) return { kind: 'live' };
  const next = [...live].sort((a, b) => a.releaseDate!.localeCompare(b.releaseDate!))[0];
  if (next) return { kind: 'scheduled', title: next.title, date: next.releaseDate!.slice(0, 10) };
  const first = (status: string) => releases.find((r) => (r.status || 'draft') === status);
  const review = first('processing');
  if (review) return { kind: 'review', title: review.title };
  const rejected = first('rejected');
  if (rejected) return { kind: 'rejected', title: rejected.title };
  const draft = first('draft');
  if (draft) return { kind: 'draft', title: draft.title };
  return { kind: 'none' };
}
