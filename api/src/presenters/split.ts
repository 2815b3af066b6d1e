import { floorToCents, type SplitsResponse, type SplitVersionResponse } from '@riffline/contracts';
import type { PayeeAmounts, SplitVersionRecord } from '@riffline/db';

/** A payee's amounts as people read them: in cents, rounded down (never more than the ledger holds). */
const inCents = <T extends PayeeAmounts>({ earned, held, ...rest }: T) => ({
  ...rest,
  earned: floorToCents(earned),
  held: floorToCents(held),
});

export function presentSplitVersion(version: SplitVersionRecord): SplitVersionResponse {
  return {
    id: version.id,
    trackId: version.trackId,
    trackTitle: version.trackTitle,
    effectiveFrom: version.effectiveFrom,
    createdAt: new Date(version.createdAt).toISOString(),
    shares: version.shares.map(inCents),
  };
}

export function presentSplits(
  releaseId: string,
  { versions, payees }: { versions: SplitVersionRecord[]; payees: PayeeAmounts[] },
): SplitsResponse {
  return { releaseId, versions: versions.map(presentSplitVersion), payees: payees.map(inCents) };
}
