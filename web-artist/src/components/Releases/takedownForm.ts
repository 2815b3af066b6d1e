/**
 * The Take Down dialog's rules (docs/delivery.md, "What the artist sees"): which stores and countries it
 * offers, what it checks before sending (the API's own words where it has them), and the body it sends to
 * POST /api/releases/:id/takedowns. Pure, for the unit tests; the dialog is driven in the browser suite.
 */
import { isCountryCode, storeIds, storeName, TAKEDOWN_DATE_PAST, type StoreId } from '@riffline/contracts';
import type { TakedownRequest } from '../../api/deliveries.ts';
import type { Release } from '../../api/releases.ts';
import { countriesText, countryName, storesText } from './deliveryWords.ts';
import { formatDate } from './labels.ts';

/**
 * Region codes Intl names that are not countries of today (old codes, parts of a country, groups, test
 * codes): the picker offers each country once, by its current code.
 */
const NOT_COUNTRIES = new Set(
  'AC AN BU CP CQ CS DD DG DY EA EU EZ FX HV IC NH QO RH SU TA TP UK UN VD XA XB YD YU ZR ZZ'.split(' '),
);

export interface CountryOption {
  code: string;
  name: string;
}

let countries: CountryOption[] | undefined;
/** Every country by its English name, A to Z (made once, when the dialog first asks). */
export function countryOptions(): CountryOption[] {
  if (countries) return countries;
  const found: CountryOption[] = [];
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      if (!NOT_COUNTRIES.has(code) && isCountryCode(code)) found.push({ code, name: countryName(code) });
    }
  }
  countries = found.sort((x, y) => x.name.localeCompare(y.name, 'en'));
  return countries;
}

export interface StoreOption {
  id: string;
  name: string;
}

/** The stores the release goes to: those the artist picked for a custom selection, else every store. */
export function releaseStores(release: Pick<Release, 'storeDistribution' | 'selectedStores'>): StoreOption[] {
  const ids: readonly string[] =
    release.storeDistribution === 'custom'
      ? storeIds.filter((id: StoreId) => release.selectedStores.includes(id))
      : storeIds;
  return ids.map((id) => ({ id, name: storeName(id) }));
}

export interface TakedownForm {
  from: 'all' | 'some';
  stores: string[];
  where: 'everywhere' | 'some';
  countries: string[];
  when: 'now' | 'date';
  date: string;
}

export const initialTakedown = (): TakedownForm => ({
  from: 'all',
  stores: [],
  where: 'everywhere',
  countries: [],
  when: 'now',
  date: '',
});

export const PICK_A_STORE = 'Pick at least one store';
export const PICK_A_COUNTRY = 'Pick at least one country';
export const PICK_A_DATE = 'Pick the day it comes down';

const isDay = (day: string) => /^\d{4}-\d{2}-\d{2}$/.test(day);

export type TakedownProblems = Partial<Record<'stores' | 'countries' | 'date', string>>;

/** What stops the form from being sent, per field (`today`: the artist's date, YYYY-MM-DD). */
export function takedownProblems(form: TakedownForm, today: string): TakedownProblems {
  const problems: TakedownProblems = {};
  if (form.from === 'some' && !form.stores.length) problems.stores = PICK_A_STORE;
  if (form.where === 'some' && !form.countries.length) problems.countries = PICK_A_COUNTRY;
  if (form.when === 'date') {
    if (!isDay(form.date)) problems.date = PICK_A_DATE;
    else if (form.date < today) problems.date = TAKEDOWN_DATE_PAST;
  }
  return problems;
}

/** The body: only what narrows the takedown (nothing at all: every store, everywhere, now). */
export function takedownRequest(form: TakedownForm): TakedownRequest {
  return {
    ...(form.from === 'some' ? { stores: form.stores } : {}),
    ...(form.where === 'some' ? { territories: form.countries } : {}),
    ...(form.when === 'date' ? { date: form.date } : {}),
  };
}

/**
 * The takedown as the form stands, in the words the release will list it with ("Spotify, Deezer · in
 * Germany · from January 5, 2027"), saying what is still to pick.
 */
export function takedownSummary(form: TakedownForm): string {
  const from =
    form.from === 'all'
      ? 'All stores'
      : form.stores.length
        ? storesText(form.stores)
        : 'stores not picked yet';
  const where =
    form.where === 'everywhere'
      ? 'everywhere'
      : form.countries.length
        ? `in ${countriesText(form.countries)}`
        : 'countries not picked yet';
  const when =
    form.when === 'now' ? 'now' : isDay(form.date) ? `from ${formatDate(form.date)}` : 'date not picked yet';
  return [from, where, when].join(' · ');
}
