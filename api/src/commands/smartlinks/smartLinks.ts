import type { SmartLinkBody } from '@riffline/contracts';
import { appendEvent, SmartLink, type Db, type DbTransaction, type Release, type User } from '@riffline/db';
import { NotFoundError } from '../../errors.ts';
import { loadRelease } from '../releases/ownRelease.ts';
import { checkSlug, newSlug } from './slugs.ts';

export const SMARTLINK_NOT_FOUND = 'SmartLink not found';

/** Every release gets its page when it is created (in the release's transaction). */
export async function createSmartLink(trx: DbTransaction, release: Release): Promise<SmartLink> {
  return SmartLink.query(trx)
    .insert({ releaseId: release.id, userId: release.userId, slug: await newSlug(trx, release) })
    .returning('*');
}

/** The SmartLink of a release `user` owns (404 for anyone else's, as for the release). */
export async function loadSmartLink(
  db: Db | DbTransaction,
  user: User,
  releaseId: string,
): Promise<SmartLink> {
  const release = await loadRelease(db, user, releaseId);
  const smartLink = await SmartLink.query(db).findOne({ releaseId: release.id });
  if (!smartLink) throw NotFoundError(SMARTLINK_NOT_FOUND);
  return smartLink;
}

/** The owner changes the slug (the old address stops answering) or the email opt-in. */
export async function updateSmartLink(
  db: Db,
  user: User,
  releaseId: string,
  body: SmartLinkBody,
): Promise<SmartLink> {
  return db.transaction(async (trx) => {
    const smartLink = await loadSmartLink(trx, user, releaseId);
    const changes: Partial<SmartLink> = {};
    if (body.slug !== undefined && body.slug !== smartLink.slug) {
      await checkSlug(trx, body.slug, smartLink.id);
      changes.slug = body.slug;
    }
    if (body.collectEmails !== undefined && body.collectEmails !== smartLink.collectEmails) {
      changes.collectEmails = body.collectEmails;
    }
    const changed = (['slug', 'collectEmails'] as const).filter((field) => field in changes);
    if (!changed.length) return smartLink;
    const updated = await SmartLink.query(trx).patchAndFetchById(smartLink.id, changes);
    await appendEvent(trx, {
      type: 'smartlink.updated',
      aggregateId: smartLink.id,
      actorId: user.id,
      payload: { releaseId, userId: smartLink.userId, slug: updated.slug, changed },
    });
    return updated;
  });
}

/** An admin disables a page for abuse (it then says it is unavailable) or enables it again. */
export async function moderateSmartLink(
  db: Db,
  admin: User,
  id: string,
  body: { disabled: boolean; reason?: string | undefined },
): Promise<SmartLink> {
  return db.transaction(async (trx) => {
    const smartLink = await SmartLink.query(trx).findById(id).forUpdate();
    if (!smartLink) throw NotFoundError(SMARTLINK_NOT_FOUND);
    if (body.disabled === Boolean(smartLink.disabledAt)) return smartLink;
    const reason = body.reason ?? '';
    const updated = await SmartLink.query(trx).patchAndFetchById(
      id,
      body.disabled
        ? { disabledAt: new Date(), disabledReason: reason, disabledBy: admin.id }
        : { disabledAt: null, disabledReason: null, disabledBy: null },
    );
    await appendEvent(
      trx,
      body.disabled
        ? {
            type: 'smartlink.disabled',
            aggregateId: id,
            actorId: admin.id,
            payload: { releaseId: smartLink.releaseId, reason },
          }
        : {
            type: 'smartlink.enabled',
            aggregateId: id,
            actorId: admin.id,
            payload: { releaseId: smartLink.releaseId },
          },
    );
    return updated;
  });
}
