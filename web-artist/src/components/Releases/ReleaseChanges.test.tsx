/**
 * The Changes block of a live release (static markup): each takedown as asked and each correction with its
 * review, with their per-store states.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ReleaseChange } from '../../api/deliveries.ts';
import { ReleaseChanges } from './ReleaseChanges.tsx';
import { delivery, textOf } from './deliveryFixtures.ts';

const change = (fields: Partial<ReleaseChange>): ReleaseChange => ({
  id: crypto.randomUUID(),
  releaseId: 'r1',
  kind: 'takedown',
  status: 'approved',
  proposed: null,
  previous: null,
  reason: null,
  decidedAt: null,
  stores: null,
  territories: null,
  effectiveOn: null,
  createdAt: '2026-12-06T12:00:00.000Z',
  deliveries: [],
  ...fields,
});

const render = (changes: ReleaseChange[], trackNumbers?: ReadonlyMap<string, number>) =>
  textOf(
    renderToStaticMarkup(
      <MemoryRouter>
        <ReleaseChanges releaseId="r1" changes={changes} trackNumbers={trackNumbers} />
      </MemoryRouter>,
    ),
  );

describe('the takedowns of a release', () => {
  it('lists each request as asked, with its state per store, or waiting to be sent', () => {
    const text = render([
      change({
        stores: ['spotify', 'deezer'],
        territories: ['DE'],
        effectiveOn: '2099-01-05',
        deliveries: [
          delivery({
            store: 'spotify',
            storeName: 'Spotify',
            kind: 'takedown',
            territories: ['DE'],
            effectiveOn: '2099-01-05',
            status: 'ingested',
          }),
          delivery({ kind: 'takedown', territories: ['DE'], effectiveOn: '2099-01-05' }),
        ],
      }),
      change({}),
    ]);
    expect(text).toMatch(/^Changes Takedown: Spotify, Deezer · in Germany · from January 5, 2099 /);
    expect(text).toContain('Comes down from Spotify in Germany on January 5, 2099');
    expect(text).toContain('Takedown for Germany sent to Deezer');
    expect(text).toContain('Takedown: All stores · everywhere · now Requested on');
    expect(text).toMatch(/now Requested on December [67], 2026 Waiting to be sent$/);
  });

  it('names an admin’s removal as such', () => {
    expect(render([change({ kind: 'purge' })])).toContain('Removal by Riffline: All stores · for good');
  });

  it('shows nothing when none was asked for', () => {
    expect(render([])).toBe('');
  });
});

describe('the corrections of a release', () => {
  const correction = (fields: Partial<ReleaseChange>) =>
    change({
      kind: 'correction',
      status: 'pending',
      proposed: { title: 'Low Tide (Deluxe)', tracks: [{ id: 't2', title: 'Shoreline (Live)' }] },
      previous: { title: 'Low Tide', tracks: [{ id: 't2', title: 'Shoreline' }] },
      ...fields,
    });
  const numbers = new Map([['t2', 2]]);

  it('waiting: what it changes, before → after, and nothing sent', () => {
    const text = render([correction({})], numbers);
    expect(text).toMatch(
      /^Changes Correction Title: Low Tide → Low Tide \(Deluxe\) Track 2: Shoreline → Shoreline \(Live\) Requested on December [67], 2026 Waiting for review$/,
    );
  });

  it('waiting, on the owner’s card: Withdraw, which says so while it is under way', () => {
    const withWithdraw = (withdrawing: boolean) =>
      textOf(
        renderToStaticMarkup(
          <MemoryRouter>
            <ReleaseChanges
              releaseId="r1"
              changes={[correction({}), correction({ status: 'rejected', reason: 'No.' })]}
              trackNumbers={numbers}
              onWithdraw={() => undefined}
              withdrawing={withdrawing}
            />
          </MemoryRouter>,
        ),
      );
    expect(withWithdraw(false)).toMatch(/Waiting for review Withdraw Correction /);
    expect(withWithdraw(false).match(/Withdraw/g)).toHaveLength(1);
    expect(withWithdraw(true)).toMatch(/Waiting for review Withdrawing… Correction /);
    expect(render([correction({})], numbers)).not.toContain('Withdraw');
  });

  it('withdrawn: the day, and nothing sent', () => {
    const text = render(
      [correction({ status: 'withdrawn', decidedAt: '2026-12-07T12:00:00.000Z' })],
      numbers,
    );
    expect(text).toMatch(/Requested on December [67], 2026 Withdrawn · December 7, 2026$/);
  });

  it('with a new cover: the cover last, by its pixels and kind', () => {
    const cover = { key: 'artwork/r1/proposed/a', format: 'png', size: 20_000, width: 3000, height: 3000 };
    const text = render(
      [
        correction({
          proposed: { artwork: cover },
          previous: { artwork: { ...cover, key: 'artwork/r1/b', format: 'jpeg', width: 3500, height: 3500 } },
        }),
      ],
      numbers,
    );
    expect(text).toMatch(
      /^Changes Correction Cover: new image \(3000×3000 PNG\), replacing a 3500×3500 JPEG Requested on /,
    );
  });

  it('approved: the day, then the update at each store, or waiting to be sent', () => {
    const approved = correction({ status: 'approved', decidedAt: '2026-12-07T12:00:00.000Z' });
    expect(render([approved], numbers)).toMatch(/Approved · December 7, 2026 Waiting to be sent$/);
    const text = render(
      [
        {
          ...approved,
          deliveries: [
            delivery({ store: 'spotify', storeName: 'Spotify', kind: 'update', status: 'ingested' }),
            delivery({ kind: 'update', status: 'error', error: 'Title too long' }),
          ],
        },
      ],
      numbers,
    );
    expect(text).toContain('Approved · December 7, 2026 Update received by Spotify · December 6, 2026');
    expect(text).toContain('Deezer could not take the update');
    expect(text).toContain('Deezer said: Title too long');
    expect(text).toContain('Deezer still has your release as it was. Contact support if it persists.');
  });

  it('not approved: the reviewer’s reason and what to do, nothing per store', () => {
    const text = render([
      correction({
        status: 'rejected',
        reason: 'The title must match the cover.',
        decidedAt: '2026-12-07T12:00:00.000Z',
      }),
    ]);
    expect(text).toContain('Track: Shoreline → Shoreline (Live)');
    expect(text).toMatch(
      /Not approved: The title must match the cover\. Nothing changed on the stores\. Fix what the review says and correct the release again\.$/,
    );
    expect(text).not.toContain('Waiting to be sent');
  });
});
