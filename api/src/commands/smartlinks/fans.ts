import {
  artistOptInText,
  isPublicRelease,
  presaveConsentText,
  smartLinkView,
  type PresaveForm,
} from '@riffline/contracts';
import {
  appendEvent,
  Fan,
  isFanLinkToken,
  Presave,
  releaseOfSmartLink,
  smartLinkBySlug,
  storesOfSmartLink,
  type Db,
  type SmartLink,
  type SmartLinkRelease,
} from '@riffline/db';
import type { z } from 'zod';
import { ConflictError, HttpError, NotFoundError } from '../../errors.ts';

/** Where a visit came from, as far as it is known: the proxy's country, the address's UTM tags. */
export interface Visit {
  country: string | null;
  utmSource: string | null;
  utmCampaign: string | null;
}

export const SMARTLINK_UNAVAILABLE = 'This SmartLink is unavailable';
export const SMARTLINK_NOT_PUBLIC = 'This SmartLink is not public yet: its release has not been submitted.';
export const PRESAVE_CLOSED = 'This release is out now: pick a store to listen';
export const FAN_LINK_INVALID = 'This link is not valid: it may have been changed or the fan removed';

/** A SmartLink by its slug with its release: 404 for none or a release not submitted, 410 for one an admin disabled. */
export async function loadPage(
  db: Db,
  slug: string,
): Promise<{ smartLink: SmartLink; release: SmartLinkRelease }> {
  const found = await smartLinkBySlug(db, slug);
  if (!found) throw NotFoundError('SmartLink not found');
  if (found.smartLink.disabledAt) throw new HttpError(410, SMARTLINK_UNAVAILABLE);
  if (!isPublicRelease(found.release.status)) throw NotFoundError(SMARTLINK_NOT_PUBLIC);
  return found;
}

/** What the page offers now (pre-save or stores), by the release's state, its deliveries and `today`. */
export async function pageView(db: Db, release: SmartLinkRelease, today: string) {
  return smartLinkView(release, await storesOfSmartLink(db, release.id), today);
}

/** The same for a SmartLink, its release read first. */
export async function viewOf(db: Db, smartLink: SmartLink, today: string) {
  return pageView(db, (await releaseOfSmartLink(db, smartLink))!, today);
}

/**
 * A fan pre-saves a release: their record with the artist (new, or back to pending with the consent just
 * given unless already confirmed) and the pre-save, in one transaction with the event that has the
 * notifications group mail the confirmation link. The same address twice keeps one fan and one pre-save.
 */
export async function presave(
  db: Db,
  slug: string,
  form: z.output<typeof PresaveForm>,
  { ip, visit, now }: { ip: string | null; visit: Visit; now: Date },
): Promise<{ confirmed: boolean }> {
  const { smartLink, release } = await loadPage(db, slug);
  if ((await pageView(db, release, now.toISOString().slice(0, 10))).mode !== 'presave') {
    throw ConflictError(PRESAVE_CLOSED);
  }
  const email = form.email.toLowerCase();
  const artistOptIn = smartLink.collectEmails && form.artistOptIn === 'yes';
  const consentText = [
    presaveConsentText(release.artist, release.title),
    ...(artistOptIn ? [artistOptInText(release.artist)] : []),
  ].join(' ');
  const consent = { consentText, consentedAt: now, consentIp: ip, sourceSmartlinkId: smartLink.id };
  return db.transaction(async (trx) => {
    const known = await Fan.query(trx).findOne({ userId: smartLink.userId, email }).forUpdate();
    let fan: Fan;
    if (!known) {
      fan = await Fan.query(trx)
        .insert({ userId: smartLink.userId, email, status: 'pending', artistOptIn, ...consent })
        .returning('*');
    } else if (known.status === 'confirmed') {
      fan =
        artistOptIn && !known.artistOptIn
          ? await Fan.query(trx).patchAndFetchById(known.id, { artistOptIn, ...consent })
          : known;
    } else {
      fan = await Fan.query(trx).patchAndFetchById(known.id, {
        status: 'pending',
        artistOptIn: artistOptIn || known.artistOptIn,
        unsubscribedAt: null,
        ...consent,
      });
    }
    await Presave.query(trx)
      .insert({ smartlinkId: smartLink.id, fanId: fan.id })
      .onConflict(['smartlink_id', 'fan_id'])
      .ignore();
    const confirmed = fan.status === 'confirmed';
    await appendEvent(trx, {
      type: 'fan.presaved',
      aggregateId: fan.id,
      payload: {
        smartlinkId: smartLink.id,
        releaseId: release.id,
        artistId: smartLink.userId,
        confirmed,
        ...visit,
      },
    });
    return { confirmed };
  });
}

/** The fan behind an emailed link, or 404 when the link is not theirs (or they are gone). */
async function fanOfLink(db: Db, fanId: string, token: string, purpose: 'confirm' | 'unsubscribe') {
  const fan = await Fan.query(db).findById(fanId);
  if (!fan || !(await isFanLinkToken(db, fanId, purpose, token))) throw NotFoundError(FAN_LINK_INVALID);
  return fan;
}

/** The fan proves the address: pending → confirmed (a second click changes nothing). */
export async function confirmFan(db: Db, fanId: string, token: string, now: Date): Promise<Fan> {
  const fan = await fanOfLink(db, fanId, token, 'confirm');
  if (fan.status !== 'pending') return fan;
  return db.transaction(async (trx) => {
    const updated = await Fan.query(trx).patchAndFetchById(fan.id, { status: 'confirmed', confirmedAt: now });
    await appendEvent(trx, {
      type: 'fan.confirmed',
      aggregateId: fan.id,
      payload: { artistId: fan.userId, smartlinkId: fan.sourceSmartlinkId },
    });
    return updated;
  });
}

/** No more mail to this address from this artist (a later pre-save asks for consent again). */
export async function unsubscribeFan(db: Db, fanId: string, token: string, now: Date): Promise<Fan> {
  const fan = await fanOfLink(db, fanId, token, 'unsubscribe');
  if (fan.status === 'unsubscribed') return fan;
  return db.transaction(async (trx) => {
    const updated = await Fan.query(trx).patchAndFetchById(fan.id, {
      status: 'unsubscribed',
      unsubscribedAt: now,
    });
    await appendEvent(trx, {
      type: 'fan.unsubscribed',
      aggregateId: fan.id,
      payload: { artistId: fan.userId },
    });
    return updated;
  });
}

/** The fan asks to be forgotten: their record and pre-saves are deleted. */
export async function forgetFan(db: Db, fanId: string, token: string): Promise<void> {
  const fan = await fanOfLink(db, fanId, token, 'unsubscribe');
  await db.transaction(async (trx) => {
    await Fan.query(trx).deleteById(fan.id);
    await appendEvent(trx, { type: 'fan.deleted', aggregateId: fan.id, payload: { artistId: fan.userId } });
  });
}

/** A person opened the page: an event for the numbers' projection (nothing else is written). */
export async function recordView(db: Db, smartLink: SmartLink, visit: Visit): Promise<void> {
  await db.transaction((trx) =>
    appendEvent(trx, { type: 'smartlink.viewed', aggregateId: smartLink.id, payload: visit }),
  );
}

export async function recordClick(db: Db, smartLink: SmartLink, store: string, visit: Visit): Promise<void> {
  await db.transaction((trx) =>
    appendEvent(trx, { type: 'smartlink.clicked', aggregateId: smartLink.id, payload: { store, ...visit } }),
  );
}
