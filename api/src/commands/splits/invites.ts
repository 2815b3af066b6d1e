import {
  ALREADY_ACCEPTED_MESSAGE,
  alreadyPayeeMessage,
  floorToCents,
  INVITE_NOT_VALID_MESSAGE,
  inviteExpiredMessage,
  NOT_INVITED_MESSAGE,
  OWN_INVITE_MESSAGE,
  type InviteAcceptanceResponse,
  type InviteResponse,
} from '@riffline/contracts';
import {
  appendEvent,
  hashInviteToken,
  heldForPayee,
  invitedReleases,
  lockPayeeReleases,
  ownerNameOf,
  Payee,
  releaseHeldRows,
  releaseNamesPayee,
  type Db,
  type DbTransaction,
  type User,
} from '@riffline/db';
import { ConflictError, HttpError, NotFoundError } from '../../errors.ts';
import { loadRelease } from '../releases/ownRelease.ts';

const notValid = () => NotFoundError(INVITE_NOT_VALID_MESSAGE);

/**
 * The payee an invite link stands for, invited or (its link kept, to say so) accepted; 404 for any other
 * token. Optionally locked.
 */
async function payeeOfToken(db: Db | DbTransaction, token: string, lock = false): Promise<Payee> {
  const query = Payee.query(db)
    .findOne({ inviteTokenHash: hashInviteToken(token) })
    .whereIn('status', ['invited', 'accepted']);
  const payee = await (lock ? query.forUpdate() : query);
  if (!payee) throw notValid();
  return payee;
}

const isExpired = (payee: Payee, now: Date) =>
  !payee.inviteExpiresAt || new Date(payee.inviteExpiresAt).getTime() <= now.getTime();

/**
 * GET /api/invites/:token: who shares what, what is held so far, and whether the link still works; once
 * accepted, when it was (a reload of the page after accepting says so rather than "not valid").
 */
export async function showInvite(db: Db, token: string, now: Date): Promise<InviteResponse> {
  const payee = await payeeOfToken(db, token);
  const ownerName = await ownerNameOf(db, payee.ownerId);
  const accepted = payee.status === 'accepted';
  if (!accepted && isExpired(payee, now)) throw new HttpError(410, inviteExpiredMessage(ownerName));
  return {
    ownerName,
    email: payee.email!,
    releases: await invitedReleases(db, payee.id),
    held: floorToCents(await heldForPayee(db, payee.id)),
    expiresAt: accepted ? null : new Date(payee.inviteExpiresAt!).toISOString(),
    expired: false,
    acceptedAt: accepted ? new Date(payee.acceptedAt!).toISOString() : null,
  };
}

/**
 * The signed-in caller accepts an invite: in one transaction the payee becomes theirs, the link only shows
 * that it was accepted from then on, and what was held for them is theirs at once. No artist area is needed: a collaborator only
 * earns. The owner cannot take their own invite, and a person is one payee of an owner (an owner who
 * invited them under two addresses keeps the second invite to withdraw).
 */
export async function acceptInvite(
  db: Db,
  user: User,
  token: string,
  now: Date,
): Promise<InviteAcceptanceResponse> {
  return db.transaction(async (trx) => {
    const found = await payeeOfToken(trx, token);
    await lockPayeeReleases(trx, found.id);
    const payee = await payeeOfToken(trx, token, true);
    const ownerName = await ownerNameOf(trx, payee.ownerId);
    if (payee.status === 'accepted') {
      if (payee.userId === user.id) throw ConflictError(ALREADY_ACCEPTED_MESSAGE);
      throw notValid();
    }
    if (isExpired(payee, now)) throw new HttpError(410, inviteExpiredMessage(ownerName));
    if (payee.ownerId === user.id) throw ConflictError(OWN_INVITE_MESSAGE);
    if (await Payee.query(trx).findOne({ ownerId: payee.ownerId, userId: user.id, status: 'accepted' })) {
      throw ConflictError(alreadyPayeeMessage(ownerName));
    }
    await payee.$query(trx).patch({
      userId: user.id,
      status: 'accepted',
      acceptedAt: now,
      inviteExpiresAt: null,
    });
    const released = await releaseHeldRows(trx, payee.id, user.id);
    await appendEvent(trx, {
      type: 'payee.accepted',
      aggregateId: payee.id,
      actorId: user.id,
      payload: { ownerId: payee.ownerId, userId: user.id, released },
    });
    return { payeeId: payee.id, ownerName, released: floorToCents(released) };
  });
}

/**
 * The owner's invited payee named by a split of their release, locked (404 otherwise; 409 once not
 * invited). With `lockReleases`, the releases naming the payee are locked first (lockPayeeReleases).
 */
async function invitedPayeeOf(
  trx: DbTransaction,
  user: User,
  releaseId: string,
  payeeId: string,
  lockReleases = false,
) {
  const release = await loadRelease(trx, user, releaseId);
  if (!(await releaseNamesPayee(trx, { releaseId: release.id, payeeId, ownerId: user.id }))) {
    throw NotFoundError('Payee not found');
  }
  if (lockReleases) await lockPayeeReleases(trx, payeeId);
  const payee = (await Payee.query(trx).findById(payeeId).forUpdate())!;
  if (payee.status !== 'invited') throw ConflictError(NOT_INVITED_MESSAGE);
  return { release, payee };
}

/** The owner asks for the invite to be mailed again: the worker mails a fresh link and the old one stops. */
export async function resendInvite(db: Db, user: User, releaseId: string, payeeId: string): Promise<void> {
  await db.transaction(async (trx) => {
    const { release, payee } = await invitedPayeeOf(trx, user, releaseId, payeeId);
    await appendEvent(trx, {
      type: 'payee.inviteSent',
      aggregateId: payee.id,
      actorId: user.id,
      payload: { ownerId: user.id, releaseId: release.id },
    });
  });
}

/**
 * The owner takes back an unaccepted invite: the link stops working, what was held returns to the owner
 * (the rows keep their payee, so the trace stays) and the allocation gives the payee's later parts to the
 * owner too. Answers the amount returned, exact.
 */
export async function withdrawInvite(
  db: Db,
  user: User,
  releaseId: string,
  payeeId: string,
  now: Date,
): Promise<string> {
  return db.transaction(async (trx) => {
    const { release, payee } = await invitedPayeeOf(trx, user, releaseId, payeeId, true);
    await payee.$query(trx).patch({
      status: 'withdrawn',
      withdrawnAt: now,
      inviteTokenHash: null,
      inviteExpiresAt: null,
    });
    const returned = await releaseHeldRows(trx, payee.id, user.id);
    await appendEvent(trx, {
      type: 'payee.withdrawn',
      aggregateId: payee.id,
      actorId: user.id,
      payload: { ownerId: user.id, releaseId: release.id, returned },
    });
    return returned;
  });
}
