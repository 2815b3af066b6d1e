import { floorToCents, type AdminPayeeDetailResponse, type AdminPayeeResponse } from '@riffline/contracts';
import type { PayeeRecord, payeeReleases } from '@riffline/db';

const iso = (date: Date | string | null) => (date === null ? null : new Date(date).toISOString());

/** A payee as the console lists them: dates in ISO, the ledger's sums in cents rounded down. */
export function presentAdminPayee(payee: PayeeRecord): AdminPayeeResponse {
  return {
    id: payee.id,
    owner: payee.owner,
    user: payee.user,
    email: payee.email,
    name: payee.name,
    status: payee.status,
    createdAt: iso(payee.createdAt)!,
    inviteSentAt: iso(payee.inviteSentAt),
    inviteExpiresAt: iso(payee.inviteExpiresAt),
    acceptedAt: iso(payee.acceptedAt),
    withdrawnAt: iso(payee.withdrawnAt),
    earned: floorToCents(payee.earned),
    held: floorToCents(payee.held),
    releaseCount: payee.releaseCount,
  };
}

/** One payee with each release naming them: their sums on it and the versions' shares. */
export function presentAdminPayeeDetail(
  payee: PayeeRecord,
  releases: Awaited<ReturnType<typeof payeeReleases>>,
): AdminPayeeDetailResponse {
  return {
    ...presentAdminPayee(payee),
    releases: releases.map((r) => ({ ...r, earned: floorToCents(r.earned), held: floorToCents(r.held) })),
  };
}
