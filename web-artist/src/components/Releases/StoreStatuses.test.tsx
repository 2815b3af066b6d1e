/**
 * The per-store rows of a release (rendered to static markup, as React paints them first) from the
 * deliveries the API answers; the browser suites drive the release card itself. Each phrase by what the
 * delivery carries is tested in `deliveryWords.test.ts`.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { releaseDeliveriesQuery, type Delivery } from '../../api/deliveries.ts';
import { delivery, textOf } from './deliveryFixtures.ts';
import { StoreStatuses } from './StoreStatuses.tsx';

function render(deliveries: Delivery[]) {
  const client = new QueryClient();
  client.setQueryData(releaseDeliveriesQuery('r1').queryKey, deliveries);
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <StoreStatuses releaseId="r1" />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return { html, text: textOf(html) };
}

describe('the stores of a release', () => {
  it('says Sent, Live with the store’s link, and for an error the store’s reason and what to do', () => {
    const { text, html } = render([
      delivery({}),
      delivery({
        store: 'tidal',
        storeName: 'TIDAL',
        status: 'live',
        storeUrl: 'https://tidal.example/album/1',
      }),
      delivery({ store: 'qobuz', storeName: 'Qobuz', status: 'error', error: 'The cover is not square.' }),
    ]);
    expect(text).toContain('Sent to Deezer · December 6, 2026');
    expect(text).toContain('Live on TIDAL');
    expect(text).toContain('Open on TIDAL');
    expect(html).toContain('href="https://tidal.example/album/1"');
    expect(text).toContain('Qobuz could not take it');
    expect(text).toContain('Qobuz said: The cover is not square.');
    expect(text).toContain('Your release is not on Qobuz yet. Contact support if it persists.');
    expect(html).toContain('href="/tickets"');
  });

  it('phrases a takedown and a removal by what they carry, keeping the store’s link', () => {
    const { text, html } = render([
      delivery({
        store: 'spotify',
        storeName: 'Spotify',
        kind: 'takedown',
        status: 'taken_down',
        territories: ['DE', 'FR'],
        storeUrl: 'https://spotify.example/album/9',
      }),
      delivery({ kind: 'takedown', status: 'delivered' }),
      delivery({ store: 'tidal', storeName: 'TIDAL', kind: 'purge', status: 'taken_down' }),
      delivery({
        store: 'qobuz',
        storeName: 'Qobuz',
        kind: 'takedown',
        status: 'error',
        error: 'Unknown release',
      }),
    ]);
    expect(text).toContain('Taken down from Spotify in Germany and France · December 6, 2026');
    expect(html).toContain('href="https://spotify.example/album/9"');
    expect(text).toContain('Takedown sent to Deezer');
    expect(text).toContain('Removed from TIDAL');
    expect(text).toContain('Qobuz could not take the takedown');
    expect(text).toContain('Qobuz said: Unknown release');
    expect(text).toContain('Your release may still be on Qobuz. Contact support if it persists.');
  });

  it('shows nothing when no store has the release', () => {
    expect(render([]).text).toBe('');
  });
});
