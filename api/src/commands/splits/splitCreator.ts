import { OWNER_TWICE_MESSAGE, type CreateSplitBody } from '@riffline/contracts';
import {
  appendEvent,
  latestCreditedPeriod,
  Payee,
  Split,
  SplitShare,
  Track,
  type Db,
  type User,
} from '@riffline/db';
import { ConflictError, ValidationError } from '../../errors.ts';
import { loadRelease } from '../releases/ownRelease.ts';

/** The sale month after `period` (`YYYY-MM`). */
export function nextPeriod(period: string): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 7);
}

export const alreadyCreditedMessage = (latest: string) =>
  `Royalties up to ${latest} are already credited under the current split; a new split can start from ${nextPeriod(latest)}.`;
export const versionTakenMessage = (period: string, track: boolean) =>
  `This ${track ? 'track' : 'release'} already has a split from ${period}: a version applies from a sale month no other starts at.`;
export const NOT_A_TRACK_MESSAGE = 'trackId must be the id of a track of this release';

/**
 * The owner of a release sets a new version of its split, or of one track's, from a sale month on
 * (docs/splits.md). A month
 * already credited keeps the version it was credited under, so the new one must start after the latest
 * credited month. The release row is locked for the transaction: an import crediting it takes a key-share
 * lock on it (the ledger's foreign key), so the two never overlap and that check cannot be overtaken.
 * New addresses become invited payees (the notifications worker mails each an accept link); the owner's
 * own payee row is made on first use.
 */
export async function createSplit(
  db: Db,
  user: User,
  releaseId: string,
  body: CreateSplitBody,
): Promise<Split> {
  const ownEmail = user.email?.toLowerCase() ?? null;
  const ownShares = body.shares.filter((s) => s.owner || (ownEmail !== null && s.email === ownEmail));
  if (ownShares.length > 1) {
    throw ValidationError(OWNER_TWICE_MESSAGE, [{ path: 'body.shares', message: OWNER_TWICE_MESSAGE }]);
  }
  const trackId = body.trackId ?? null;
  return db.transaction(async (trx) => {
    const release = await loadRelease(trx, user, releaseId, { lock: true });
    if (trackId !== null && !(await Track.query(trx).findOne({ id: trackId, releaseId: release.id }))) {
      throw ValidationError(NOT_A_TRACK_MESSAGE, [{ path: 'body.trackId', message: NOT_A_TRACK_MESSAGE }]);
    }
    const latest = await latestCreditedPeriod(trx, release.id);
    if (latest !== null && body.effectiveFrom <= latest) throw ConflictError(alreadyCreditedMessage(latest));
    if (
      await Split.query(trx).findOne({ releaseId: release.id, trackId, effectiveFrom: body.effectiveFrom })
    ) {
      throw ConflictError(versionTakenMessage(body.effectiveFrom, trackId !== null));
    }

    const invited: string[] = [];
    const payeeOf = async (share: CreateSplitBody['shares'][number]): Promise<Payee> => {
      if (share.owner || share.email === ownEmail) {
        const own = await Payee.query(trx).findOne({ ownerId: user.id, status: 'owner' });
        return (
          own ??
          (await Payee.query(trx)
            .insert({ ownerId: user.id, userId: user.id, email: ownEmail, status: 'owner' })
            .returning('*'))
        );
      }
      const known = await Payee.query(trx).findOne({ ownerId: user.id, email: share.email! });
      if (!known) {
        const payee = await Payee.query(trx)
          .insert({ ownerId: user.id, email: share.email!, name: share.name, status: 'invited' })
          .returning('*');
        invited.push(payee.id);
        return payee;
      }
      // Named again after the invite was taken back: invited anew, with a mail of its own.
      const status = known.status === 'withdrawn' ? 'invited' : known.status;
      if (status !== known.status) invited.push(known.id);
      if (status !== known.status || (share.name && share.name !== known.name)) {
        return known.$query(trx).patchAndFetch({ status, name: share.name ?? known.name });
      }
      return known;
    };
    const shares: Array<{ payeeId: string; percent: string }> = [];
    for (const share of body.shares)
      shares.push({ payeeId: (await payeeOf(share)).id, percent: share.percent });

    // The version the new one follows (the latest starting before it), for the audit's before and after.
    const before = await Split.query(trx)
      .where({ releaseId: release.id, trackId })
      .where('effectiveFrom', '<', body.effectiveFrom)
      .orderBy('effectiveFrom', 'desc')
      .first();
    const previous = before
      ? {
          splitId: before.id,
          effectiveFrom: before.effectiveFrom,
          shares: (await SplitShare.query(trx).where({ splitId: before.id }).orderBy('payeeId')).map((s) => ({
            payeeId: s.payeeId,
            percent: s.percent,
          })),
        }
      : null;

    const split = await Split.query(trx)
      .insert({ releaseId: release.id, trackId, effectiveFrom: body.effectiveFrom, createdBy: user.id })
      .returning('*');
    await SplitShare.query(trx).insert(shares.map((s) => ({ splitId: split.id, ...s })));
    await appendEvent(trx, {
      type: 'split.created',
      aggregateId: split.id,
      actorId: user.id,
      payload: {
        releaseId: release.id,
        trackId,
        effectiveFrom: split.effectiveFrom,
        shares,
        invited,
        previous,
      },
    });
    return split;
  });
}
