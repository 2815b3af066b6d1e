import { randomUUID } from 'node:crypto';
import {
  compareAmounts,
  fromMinor,
  isAmount,
  normalizeAmount,
  subtractAmounts,
  toMinor,
  trackLimits,
  trackMinimums,
} from '@riffline/contracts';
import {
  appendEvent,
  PaymentTransaction,
  PlatformSetting,
  Release,
  Track,
  User,
  type Db,
  type DbTransaction,
} from '@riffline/db';
import { ConflictError, HttpError } from '../../errors.ts';
import { isEditable } from '../../policies/releases.ts';
import { loadRelease } from './ownRelease.ts';

export const DISTRIBUTION_FEE_SETTING = 'distribution_fee_coins';

/** What still stands between a release and review, in words the artist can act on (empty: ready). */
export function missingForSubmission(release: Release, tracks: Track[], today: string): string[] {
  const missing: string[] = [];
  const type = release.releaseType;
  if (tracks.length < trackMinimums[type]) {
    missing.push(`${type === 'ep' ? 'An EP' : 'An album'} needs at least ${trackMinimums[type]} tracks`);
  }
  if (tracks.length > trackLimits[type])
    missing.push(`Too many tracks for a ${type}: at most ${trackLimits[type]}`);
  for (const track of tracks) {
    if (track.audioState !== 'ready')
      missing.push(`Track ${track.trackNumber} (${track.title}) has no audio yet`);
  }
  if (!release.explicitContentLabeled) missing.push('Confirm that explicit content is labelled');
  if (!release.authorizedToDistribute)
    missing.push('Confirm that you are authorised to distribute this music');
  if (!release.noUnauthorizedArtistName) missing.push("Confirm that you are not using another artist's name");
  if (release.releaseDate && String(release.releaseDate).slice(0, 10) < today) {
    missing.push('The release date has passed: pick today or a later date');
  }
  return missing;
}

async function distributionFee(trx: DbTransaction): Promise<string> {
  const setting = await PlatformSetting.query(trx).findOne({ settingKey: DISTRIBUTION_FEE_SETTING });
  const value = setting?.settingValue.trim() ?? '0';
  return isAmount(value) && compareAmounts(value, '0') > 0 ? normalizeAmount(value) : '0.00';
}

/**
 * Sends a draft (or a rejected release, fixed) for review: draft → processing, once every track has ready
 * audio and the checklist is confirmed (409 listing what is missing). The distribution fee, when the
 * platform charges one, leaves the coin balance in the same transaction, recorded as a completed
 * `distribution_fee` transaction; too few coins → 402.
 */
export async function submitRelease(db: Db, user: User, id: string, now: Date): Promise<Release> {
  return db.transaction(async (trx) => {
    const release = await loadRelease(trx, user, id, { lock: true });
    if (!isEditable(release)) {
      throw ConflictError(
        release.status === 'processing'
          ? 'This release is already in review'
          : 'This release is already live',
      );
    }
    const tracks = await Track.query(trx).where({ releaseId: id }).orderBy('trackNumber');
    const missing = missingForSubmission(release, tracks, now.toISOString().slice(0, 10));
    if (missing.length) {
      throw new HttpError(
        409,
        `Not ready to submit: ${missing.join('; ')}`,
        missing.map((message) => ({ path: 'release', message })),
      );
    }
    const fee = await distributionFee(trx);
    if (compareAmounts(fee, '0') > 0) {
      const owner = (await User.query(trx).findById(user.id).forUpdate())!;
      if (compareAmounts(owner.coins, fee) < 0) {
        throw new HttpError(
          402,
          `Not enough coins: distribution costs ${fee} coins and your balance is ${normalizeAmount(owner.coins)}. Top up your wallet and submit again.`,
        );
      }
      await User.query(trx).patchAndFetchById(user.id, { coins: subtractAmounts(owner.coins, fee) });
      await PaymentTransaction.query(trx).insert({
        userId: user.id,
        type: 'distribution_fee',
        orderId: `fee-${randomUUID()}`,
        amount: fee,
        status: 'completed',
        releaseId: id,
        completedAt: now,
      });
    }
    const submitted = await Release.query(trx).patchAndFetchById(id, {
      status: 'processing',
      submittedAt: now,
      rejectionReason: null,
    });
    await appendEvent(trx, {
      type: 'release.submitted',
      aggregateId: id,
      actorId: user.id,
      payload: { userId: user.id, feeCoins: fromMinor(toMinor(fee)) },
    });
    return submitted;
  });
}
