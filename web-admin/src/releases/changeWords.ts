import { storeName, type ReleaseChangeResponse } from '@riffline/contracts';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const and = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });

/** "DE" as "Germany" (a code Intl does not know stays as it is). */
export function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** "Germany and France (DE, FR)": the countries by name, with the codes the stores were sent. */
export const countriesText = (codes: readonly string[]) =>
  `${and.format(codes.map(countryName))} (${codes.join(', ')})`;

/** A calendar day ('2027-01-05') as 'Jan 5, 2027'. */
export const day = (date: string) =>
  new Date(`${date.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-US', {
    dateStyle: 'medium',
    timeZone: 'UTC',
  });

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A takedown or a purge as one line: from which stores, where, from when ("Spotify, Deezer · in Germany
 * (DE) · from Jan 5, 2027"; "All stores · everywhere · at once"); a purge is "All stores · for good".
 */
export function changeText(change: ReleaseChangeResponse, translate: Translate): string {
  const key = (name: string) => `riffline.changes.${name}`;
  const stores = change.stores?.length
    ? change.stores.map(storeName).join(', ')
    : translate(key('allStores'));
  if (change.kind === 'purge') return `${stores} · ${translate(key('forGood'))}`;
  // Any other change than a takedown (say, a correction) is for the stores that have the release.
  if (change.kind !== 'takedown') return stores;
  const where = change.territories?.length
    ? translate(key('inCountries'), { countries: countriesText(change.territories) })
    : translate(key('everywhere'));
  const when = change.effectiveOn
    ? translate(key('from'), { date: day(change.effectiveOn) })
    : translate(key('atOnce'));
  return [stores, where, when].join(' · ');
}
