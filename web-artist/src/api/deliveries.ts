import { queryOptions } from '@tanstack/react-query';
import type { DeliveryResponse } from '@riffline/contracts';
import { api } from './client.ts';
import { RELEASES_KEY } from './releases.ts';

export type Delivery = DeliveryResponse;

/** Where the owner's release stands at each store it was delivered to (docs/delivery.md). */
export const releaseDeliveriesQuery = (releaseId: string) =>
  queryOptions({
    queryKey: [...RELEASES_KEY, releaseId, 'deliveries'],
    queryFn: () => api<Delivery[]>(`/api/releases/${releaseId}/deliveries`),
  });
