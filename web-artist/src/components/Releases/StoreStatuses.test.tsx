/**
 * The per-store rows of a release (rendered to static markup, as React paints them first) from the
 * deliveries the API answers; the browser suites drive the release card itself.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { releaseDeliveriesQuery, type Delivery } from '../../api/deliveries.ts';
import { StoreStatuses } from './StoreStatuses.tsx';

const delivery = (fields: Partial<Delivery>): Delivery => ({
  id: crypto.randomUUID(),
  releaseId: 'r1',
  store: 'deezer',
  storeName: 'Deezer',
  kind: 'new',
  changeId: null,
  territories: null,
  effectiveOn: null,
  batchId: '20261206120000000',
  messageId: 'm1',
  status: 'delivered',
  error: null,
  storeUrl: null,
  attempts: 1,
  createdAt: '2026-12-06T12:00:00.000Z',
  deliveredAt: '2026-12-06T12:00:05.000Z',
  updatedAt: '2026-12-06T12:00:05.000Z',
  ...fields,
});

function render(deliveries: Delivery[]) {
  const client = new QueryClient();
  client.setQueryData(releaseDeliveriesQuery('r1').queryKey, deliveries);
  const html = renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <StoreStatuses releaseId="r1" />
    </QueryClientProvider>,
  );
  // Text only: without the styles Emotion writes inline when rendering on the server.
  return html
    .replace(/<style[^>]*>[^<]*<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('the stores of a release', () => {
  it('says Sent, Live with the store’s link, and the store’s reason for an error', () => {
    const text = render([
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
    expect(text).toContain('Qobuz could not take it');
    expect(text).toContain('The cover is not square.');
  });

  it('shows nothing when no store has the release', () => {
    expect(render([])).toBe('');
  });
});
