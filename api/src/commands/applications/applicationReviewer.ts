import { appendEvent, Application, User, type Db } from '@riffline/db';
import { ConflictError, NotFoundError } from '../../errors.ts';

/**
 * An admin approves or rejects a pending application. Approval makes the artist approved in the same
 * transaction that records the decision and appends its event (which carries what the email needs).
 */
export async function reviewApplication(
  db: Db,
  reviewer: User,
  id: string,
  status: 'approved' | 'rejected',
): Promise<Application & { user: User }> {
  return db.transaction(async (trx) => {
    const application = await Application.query(trx).findById(id).forUpdate();
    if (!application) throw NotFoundError('Application not found');
    if (application.status !== 'pending') throw ConflictError('This application has already been reviewed');
    const reviewed = await Application.query(trx).patchAndFetchById(id, {
      status,
      reviewedBy: reviewer.id,
      reviewedAt: new Date(),
    });
    const user =
      status === 'approved'
        ? await User.query(trx).patchAndFetchById(application.userId, { isApproved: true })
        : (await User.query(trx).findById(application.userId))!;
    await appendEvent(trx, {
      type: status === 'approved' ? 'application.approved' : 'application.rejected',
      aggregateId: id,
      actorId: reviewer.id,
      payload: {
        userId: user.id,
        email: user.email,
        firstName: user.firstName,
        artistName: reviewed.artistName,
      },
    });
    return Object.assign(reviewed, { user });
  });
}
