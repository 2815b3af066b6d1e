import { queryOptions } from '@tanstack/react-query';
import type {
  InviteAcceptanceResponse,
  InviteResponse,
  SplitsResponse,
  SplitVersionResponse,
} from '@riffline/contracts';
import { api } from './client.ts';
import { RELEASES_KEY } from './releases.ts';

export type Splits = SplitsResponse;
export type SplitVersion = SplitVersionResponse;

/** One share as POST /api/releases/:id/splits takes it: the owner's own, or a collaborator's by email. */
export type SplitShareBody =
  { owner: true; percent: string } | { email: string; percent: string; name?: string };

/**
 * The owner's split of a release: its versions newest first, and what each payee earned or has held. Under
 * the release's key, so a change to the releases refreshes it too.
 */
export const releaseSplitsQuery = (releaseId: string) =>
  queryOptions({
    queryKey: [...RELEASES_KEY, releaseId, 'splits'],
    queryFn: () => api<Splits>(`/api/releases/${releaseId}/splits`),
  });

/**
 * A new version of the split (of the whole release, or with `trackId` of one track) from a sale month
 * (`YYYY-MM`) on; 400 and 409 carry the server's reason.
 */
export const createSplit = (
  releaseId: string,
  body: { trackId?: string; effectiveFrom: string; shares: SplitShareBody[] },
) => api<SplitVersion>(`/api/releases/${releaseId}/splits`, { method: 'POST', body });

/** Mails the invited payee a fresh accept link; answers the release's split. */
export const resendInvite = (releaseId: string, payeeId: string) =>
  api<Splits>(`/api/releases/${releaseId}/splits/payees/${payeeId}/invite`, { method: 'POST' });

/** Takes back an unaccepted invite: what was held for the payee is the owner's; answers the split. */
export const withdrawInvite = (releaseId: string, payeeId: string) =>
  api<Splits>(`/api/releases/${releaseId}/splits/payees/${payeeId}`, { method: 'DELETE' });

/** An invite, by its mailed link's token (404 not valid, 410 expired: the server's words). */
export const inviteQuery = (token: string) =>
  queryOptions({
    queryKey: ['invites', token],
    queryFn: () => api<InviteResponse>(`/api/invites/${encodeURIComponent(token)}`),
    retry: false,
  });

/** Accepts the invite as the signed-in account. */
export const acceptInvite = (token: string) =>
  api<InviteAcceptanceResponse>(`/api/invites/${encodeURIComponent(token)}/acceptance`, { method: 'POST' });
