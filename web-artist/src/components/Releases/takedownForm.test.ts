/** The Take Down dialog's rules: what it offers, what it checks, what it sends. */
import { TAKEDOWN_DATE_PAST } from '@riffline/contracts';
import { describe, expect, it } from 'vitest';
import {
  countryOptions,
  initialTakedown,
  PICK_A_COUNTRY,
  PICK_A_DATE,
  PICK_A_STORE,
  releaseStores,
  takedownProblems,
  takedownRequest,
  takedownSummary,
} from './takedownForm.ts';

const TODAY = '2026-12-07';

describe('the stores offered', () => {
  it('are every store, unless the artist picked some for the release', () => {
    const all = releaseStores({ storeDistribution: 'all', selectedStores: [] });
    expect(all).toHaveLength(41);
    expect(all[0]).toEqual({ id: 'spotify', name: 'Spotify' });
    expect(releaseStores({ storeDistribution: 'streaming', selectedStores: [] })).toHaveLength(41);
    expect(
      releaseStores({ storeDistribution: 'custom', selectedStores: ['deezer', 'spotify', 'gone'] }),
    ).toEqual([
      { id: 'spotify', name: 'Spotify' },
      { id: 'deezer', name: 'Deezer' },
    ]);
  });
});

describe('the countries offered', () => {
  it('are each country once, by name, A to Z', () => {
    const countries = countryOptions();
    const codes = countries.map((c) => c.code);
    expect(codes).toContain('DE');
    expect(codes).toContain('GB');
    for (const notOne of ['UK', 'EU', 'UN', 'ZZ', 'SU', 'XA']) expect(codes).not.toContain(notOne);
    expect(new Set(countries.map((c) => c.name)).size).toBe(countries.length);
    expect(countries.find((c) => c.code === 'DE')?.name).toBe('Germany');
    const names = countries.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(countries.length).toBeGreaterThan(240);
  });
});

describe('the form', () => {
  it('as it opens: all stores, everywhere, now, and nothing in the body', () => {
    expect(takedownProblems(initialTakedown(), TODAY)).toEqual({});
    expect(takedownRequest(initialTakedown())).toEqual({});
    expect(takedownSummary(initialTakedown())).toBe('All stores · everywhere · now');
  });

  it('asks for what a narrower choice needs, and a date today or later', () => {
    const form = { ...initialTakedown(), from: 'some', where: 'some', when: 'date' } as const;
    expect(takedownProblems(form, TODAY)).toEqual({
      stores: PICK_A_STORE,
      countries: PICK_A_COUNTRY,
      date: PICK_A_DATE,
    });
    expect(takedownSummary(form)).toBe(
      'stores not picked yet · countries not picked yet · date not picked yet',
    );
    expect(takedownProblems({ ...initialTakedown(), when: 'date', date: '2026-12-06' }, TODAY)).toEqual({
      date: TAKEDOWN_DATE_PAST,
    });
    expect(takedownProblems({ ...initialTakedown(), when: 'date', date: TODAY }, TODAY)).toEqual({});
  });

  it('sends the stores, countries and date picked', () => {
    const form = {
      from: 'some',
      stores: ['spotify', 'deezer'],
      where: 'some',
      countries: ['DE', 'FR'],
      when: 'date',
      date: '2027-01-05',
    } as const;
    expect(takedownRequest({ ...form, stores: [...form.stores], countries: [...form.countries] })).toEqual({
      stores: ['spotify', 'deezer'],
      territories: ['DE', 'FR'],
      date: '2027-01-05',
    });
    expect(takedownSummary({ ...form, stores: [...form.stores], countries: [...form.countries] })).toBe(
      'Spotify, Deezer · in Germany and France · from January 5, 2027',
    );
    // What was picked before switching back to all, everywhere, now is not sent.
    expect(
      takedownRequest({ ...initialTakedown(), stores: ['spotify'], countries: ['DE'], date: TODAY }),
    ).toEqual({});
  });
});
