/** For the unit tests: a delivery as the API answers it, and rendered markup as its text. */
import type { Delivery } from '../../api/deliveries.ts';

export const delivery = (fields: Partial<Delivery>): Delivery => ({
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

/** Text only: without the styles Emotion writes inline when rendering on the server. */
export const textOf = (html: string) =>
  html
    .replace(/<style[^>]*>[^<]*<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
