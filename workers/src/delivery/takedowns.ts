import type { ReleaseChange } from '@riffline/db';
import type { DealEnds } from '../exports/ern.ts';

/** When a takedown takes effect: its date (at the start of the day, UTC), else when it was asked for. */
const effectiveAt = (change: Pick<ReleaseChange, 'effectiveOn' | 'createdAt'>) =>
  change.effectiveOn ? new Date(`${change.effectiveOn}T00:00:00Z`) : new Date(change.createdAt);

const earlier = (a: Date | null | undefined, b: Date) => (a && a <= b ? a : b);

/**
 * Where and when a release's deals end at one store (docs/delivery.md): the takedowns for that store (or
 * for every store), each everywhere or in its countries; the earliest date wins where two overlap. Every
 * message the store is sent from then on carries them, updates included.
 */
export function dealEndsFor(store: string, takedowns: readonly ReleaseChange[]): DealEnds {
  let everywhere: Date | null = null;
  const territories = new Map<string, Date>();
  for (const change of takedowns) {
    if (change.kind !== 'takedown' || (change.stores && !change.stores.includes(store))) continue;
    const at = effectiveAt(change);
    if (!change.territories) everywhere = earlier(everywhere, at);
    else
      for (const country of change.territories)
        territories.set(country, earlier(territories.get(country), at));
  }
  return { everywhere, territories };
}
