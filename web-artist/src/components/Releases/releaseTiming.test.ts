import { describe, expect, it } from 'vitest';
import { isScheduled, localToday, releaseDateWarning, releasesSummary } from './releaseTiming.ts';

const TODAY = '2030-01-01';

describe('release timing', () => {
  it('warns of a release date under two weeks ahead, the Help Center’s advice', () => {
    const warning =
      'Less than 2 weeks away: stores may not have your release ready by then. We advise January 15, 2030 or later.';
    expect(releaseDateWarning('2030-01-01', TODAY)).toBe(warning);
    expect(releaseDateWarning('2030-01-14', TODAY)).toBe(warning);
    expect(releaseDateWarning('2030-01-15', TODAY)).toBeNull();
    expect(releaseDateWarning('2030-06-01', TODAY)).toBeNull();
    // A date in the past is an error of its own; no date, nothing to say.
    expect(releaseDateWarning('2029-12-31', TODAY)).toBeNull();
    expect(releaseDateWarning('', TODAY)).toBeNull();
  });

  it('reads today where the artist is', () => {
    expect(localToday(new Date(2030, 0, 5, 23, 30))).toBe('2030-01-05');
  });

  it('calls an approved release whose date is ahead scheduled', () => {
    expect(isScheduled({ status: 'live', releaseDate: '2030-01-02' }, TODAY)).toBe(true);
    expect(isScheduled({ status: 'live', releaseDate: '2030-01-01' }, TODAY)).toBe(false);
    expect(isScheduled({ status: 'live', releaseDate: null }, TODAY)).toBe(false);
    expect(isScheduled({ status: 'processing', releaseDate: '2030-03-01' }, TODAY)).toBe(false);
  });

  it("sums up the artist's releases truthfully for the dashboard, the furthest along first", () => {
    const release = (title: string, status: string | null, releaseDate: string | null = '2030-03-01') => ({
      title,
      status,
      releaseDate,
    });
    expect(releasesSummary([], TODAY)).toEqual({ kind: 'none' });
    expect(releasesSummary([release('Sketch', null)], TODAY)).toEqual({ kind: 'draft', title: 'Sketch' });
    expect(releasesSummary([release('Sketch', 'draft'), release('Again', 'rejected')], TODAY)).toEqual({
      kind: 'rejected',
      title: 'Again',
    });
    expect(releasesSummary([release('Sketch', 'draft'), release('Wait', 'processing')], TODAY)).toEqual({
      kind: 'review',
      title: 'Wait',
    });
    const later = release('Later', 'live', '2030-05-01');
    const sooner = release('Sooner', 'live', '2030-02-01');
    expect(releasesSummary([release('Wait', 'processing'), later, sooner], TODAY)).toEqual({
      kind: 'scheduled',
      title: 'Sooner',
      date: '2030-02-01',
    });
    // Live: a release out today or before, whatever else there is.
    expect(releasesSummary([later, release('Out', 'live', '2030-01-01')], TODAY)).toEqual({ kind: 'live' });
    expect(releasesSummary([release('Out', 'live', null)], TODAY)).toEqual({ kind: 'live' });
  });
});
