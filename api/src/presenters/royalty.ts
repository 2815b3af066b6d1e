import { floorToCents, type AdminRoyaltyResponse } from '@riffline/contracts';
import type { Release, Royalty, User } from '@riffline/db';

/** Who a row belongs to, as the admin lists name them: the release's artist name, else the username. */
export function adminArtist(user: User | null | undefined, release: Release | null | undefined) {
  return {
    artistName: release?.artist || user?.username || null,
    username: user?.username ?? null,
    email: user?.email ?? null,
  };
}

export function presentAdminRoyalty(
  royalty: Royalty & { user?: User | null; release?: Release | null },
): AdminRoyaltyResponse {
  return {
    id: royalty.id,
    userId: royalty.userId,
    ...adminArtist(royalty.user, royalty.release),
    releaseId: royalty.releaseId,
    releaseTitle: royalty.release?.title ?? null,
    amount: floorToCents(royalty.amount),
    exactAmount: royalty.amount,
    splitId: royalty.splitId ?? null,
    payeeId: royalty.payeeId ?? null,
    currency: royalty.currency,
    period: royalty.period,
    status: royalty.status,
    paidAt: royalty.paidAt?.toISOString() ?? null,
    createdAt: royalty.createdAt.toISOString(),
    reportId: royalty.reportId,
  };
}
