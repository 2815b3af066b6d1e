import { appendEvent, Application, User, type Db } from '@riffline/db';
import type { ReviewBody } from '@riffline/contracts';
import { ConflictError, NotFoundError } from '../../errors.ts';

/**
 * An admin approves or rejects a pending application (a rejection may say why: the artist reads it on
 * the site and in the email). Approval makes the artist approved in the same transaction that records
 * the decision and appends its event (which carries what the email needs).
 */
export async function reviewApplication(
  db: Db,
  reviewer: User,
  id: string,
  decision: ReviewBody,
): Promise<Application & { user: User }> {
  const { status } = decision;
  const reason = status === 'rejected' ? decision.reason : null;
  return db.transaction(async (trx) => {
    const application = await Application.query(trx).findById(id).forUpdate();
    if (!application) throw NotFoundError('Application not found');
    if (application.status !== 'pending') throw ConflictError('This application has already been reviewed');
    const reviewed = await Application.query(trx).patchAndFetchById(id, {
      status,
      reviewedBy: reviewer.id,
      reviewedAt: new Date(),
      rejectionReason: reason,
    });
    const user =
      status === 'approved'
        ? await User.query(trx).patchAndFetchById(application.userId, { isApproved: true })
        : (await User.query(trx).findById(application.userId))!;
    const payload = {
      userId: user.id,
      email: user.email,
      firstName: user.firstName,
      artistName: reviewed.artistName,
    };
    await appendEvent(
      trx,
      status === 'approved'
        ? { type: 'application.approved', aggregateId: id, actorId: reviewer.id, payload }
        : {
            type: 'application.rejected',
            aggregateId: id,
            actorId: reviewer.id,
            payload: { ...payload, reason },
          },
    );
    return Object.assign(reviewed, { user });
  });
}
