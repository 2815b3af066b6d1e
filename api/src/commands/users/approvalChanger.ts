import { appendEvent, Application, User, type Db, type DbTransaction } from '@riffline/db';
import { ConflictError, NotFoundError } from '../../errors.ts';

export const OWN_APPROVAL = 'You cannot remove your own approval';

/**
 * An admin opens (true) or closes (false) a user's artist area. The user's application follows, so the
 * review queue and the artist's application page agree with the flag: approving approves a pending
 * application (as approving it in the queue would, with its `application.approved` email); closing the area
 * marks the latest approved application rejected (`application.rejected`), and the artist may apply again.
 * One transaction with `user.approvalChanged`; the same value again changes nothing and appends nothing.
 */
export async function changeApproval(db: Db, admin: User, id: string, isApproved: boolean): Promise<User> {
  return db.transaction(async (trx) => {
    const user = await User.query(trx).findById(id).forUpdate();
    if (!user) throw NotFoundError('User not found');
    if (user.isApproved === isApproved) return user;
    if (!isApproved && user.id === admin.id) throw ConflictError(OWN_APPROVAL);
    const updated = await User.query(trx).patchAndFetchById(id, { isApproved });
    const application = await followingApplication(trx, admin, updated);
    await appendEvent(trx, {
      type: 'user.approvalChanged',
      aggregateId: id,
      actorId: admin.id,
      payload: { isApproved, applicationId: application?.id ?? null },
    });
    return updated;
  });
}

/** Moves the user's application that the change decides, if there is one, and appends its event. */
async function followingApplication(
  trx: DbTransaction,
  admin: User,
  user: User,
): Promise<Application | null> {
  const latest = await Application.query(trx)
    .where('userId', user.id)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .first()
    .forUpdate();
  const from = user.isApproved ? 'pending' : 'approved';
  if (!latest || latest.status !== from) return null;
  const status = user.isApproved ? 'approved' : 'rejected';
  const decided = await Application.query(trx).patchAndFetchById(latest.id, {
    status,
    reviewedBy: admin.id,
    reviewedAt: new Date(),
  });
  await appendEvent(trx, {
    type: status === 'approved' ? 'application.approved' : 'application.rejected',
    aggregateId: decided.id,
    actorId: admin.id,
    payload: {
      userId: user.id,
      email: user.email,
      firstName: user.firstName,
      artistName: decided.artistName,
    },
  });
  return decided;
}
