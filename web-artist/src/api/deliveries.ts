import { queryOptions } from '@tanstack/react-query';
import type {
  CorrectionFields,
  DeliveryResponse,
  ProposedArtworkResponse,
  ReleaseChangeResponse,
} from '@riffline/contracts';
import { api } from './client.ts';
import { putFile, RELEASES_KEY } from './releases.ts';

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

/**
 * What POST /api/releases/:id/corrections takes: only the fields that change (`tracks`: a new title each;
 * `artworkKey`: a new cover uploaded first with `uploadProposedArtwork`).
 */
export type CorrectionRequest = Omit<CorrectionFields, 'artwork'> & { artworkKey?: string };

/** A new cover kept aside for a correction: its key, what it is, and a signed link to preview it. */
export type ProposedArtwork = ProposedArtworkResponse;

/**
 * PUT /api/releases/:id/corrections/artwork: the raw JPEG or PNG, with its progress (as the Release
 * Builder's artwork upload); refused as any artwork is (400, 413, 415), or 409 when the release is not live.
 */
export const uploadProposedArtwork = (
  releaseId: string,
  file: Blob,
  onProgress?: (loaded: number, total: number) => void,
  signal?: AbortSignal,
) => putFile<ProposedArtwork>(`/api/releases/${releaseId}/corrections/artwork`, file, onProgress, signal);

export const requestCorrection = (releaseId: string, body: CorrectionRequest) =>
  api<ReleaseChange>(`/api/releases/${releaseId}/corrections`, { method: 'POST', body });

/** Withdraws the correction while it waits for review (409 once it was reviewed or withdrawn). */
export const withdrawCorrection = (releaseId: string, changeId: string) =>
  api<ReleaseChange>(`/api/releases/${releaseId}/corrections/${changeId}/withdraw`, { method: 'POST' });
