import { randomUUID } from 'node:crypto';
import {
  compareAmounts,
  fromMinor,
  isAmount,
  MIN_ARTWORK_PIXELS,
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
export const COVER_MISSING = `Add the cover art: a square JPG or PNG, at least ${MIN_ARTWORK_PIXELS}×${MIN_ARTWORK_PIXELS} pixels`;

/**
 * The release has a cover the stores take: an uploaded artwork that passed the upload's checks (JPEG or
 * PNG read from its bytes, square, at least 3000 px a side). An album-art URL is not checked, so it is not
 * one; the stored facts are checked again for artwork uploaded before the checks were what they are now.
 */
export function hasValidCover(
  release: Pick<Release, 'artworkKey' | 'artworkFormat' | 'artworkWidth' | 'artworkHeight'>,
): boolean {
  const { artworkKey, artworkFormat, artworkWidth, artworkHeight } = release;
  return (
    Boolean(artworkKey) &&
    (artworkFormat === 'jpeg' || artworkFormat === 'png') &&
    artworkWidth !== null &&
    artworkWidth === artworkHeight &&
    artworkWidth >= MIN_ARTWORK_PIXELS
  );
}

/** What still stands between a release and review, in words the artist can act on (empty: ready). */
export function missingForSubmission(release: Release, tracks: Track[], today: string): string[] {
  const missing: string[] = [];
  if (!hasValidCover(release)) missing.push(COVER_MISSING);
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

/** The distribution fee in coins ("0.00": free), as submission charges it and the artist app shows it. */
export async function distributionFee(db: Db | DbTransaction): Promise<string> {
  const setting = await PlatformSetting.query(db).findOne({ settingKey: DISTRIBUTION_FEE_SETTING });
  const value = setting?.settingValue.trim() ?? '0';
  return isAmount(value) && compareAmounts(value, '0') > 0 ? normalizeAmount(value) : '0.00';
}

/**
 * Sends a draft (or a rejected release, fixed) for review: draft → processing, once it has a valid cover,
 * every track has ready audio and the checklist is confirmed (409 listing what is missing, before any fee
 * is taken). The distribution fee, when the
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
