import { queryOptions } from '@tanstack/react-query';
import type { CorrectionFields, DeliveryResponse, ReleaseChangeResponse } from '@riffline/contracts';
import { api } from './client.ts';
import { RELEASES_KEY } from './releases.ts';

export type Delivery = DeliveryResponse;
export type ReleaseChange = ReleaseChangeResponse;

/** Where the owner's release stands at each store it was delivered to (docs/delivery.md). */
export const releaseDeliveriesQuery = (releaseId: string) =>
  queryOptions({
    queryKey: [...RELEASES_KEY, releaseId, 'deliveries'],
    queryFn: () => api<Delivery[]>(`/api/releases/${releaseId}/deliveries`),
  });

/**
 * The release's takedowns, corrections (and an admin's purge), newest first, each with its deliveries per
 * store.
 */
export const releaseChangesQuery = (releaseId: string) =>
  queryOptions({
    queryKey: [...RELEASES_KEY, releaseId, 'changes'],
    queryFn: () => api<ReleaseChange[]>(`/api/releases/${releaseId}/changes`),
  });

/** What POST /api/releases/:id/takedowns takes: each part left out means all stores, everywhere, now. */
export interface TakedownRequest {
  stores?: string[];
  territories?: string[];
  date?: string;
}

export const requestTakedown = (releaseId: string, body: TakedownRequest) =>
  api<ReleaseChange>(`/api/releases/${releaseId}/takedowns`, { method: 'POST', body });

/** What POST /api/releases/:id/corrections takes: only the fields that change (`tracks`: a new title each). */
export type CorrectionRequest = CorrectionFields;

export const requestCorrection = (releaseId: string, body: CorrectionRequest) =>
  api<ReleaseChange>(`/api/releases/${releaseId}/corrections`, { method: 'POST', body });
