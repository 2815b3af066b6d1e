import { appendEvent, Application, type Db, type User } from '@riffline/db';
import type { ApplicationBody } from '@riffline/contracts';
import { ConflictError } from '../../errors.ts';

const ALREADY_PENDING = 'You already have an application under review';

/** An artist applies: one open application per person, none once approved. */
export async function submitApplication(db: Db, user: User, body: ApplicationBody): Promise<Application> {
  if (user.isApproved) throw ConflictError('Your account is already approved');
  try {
    return await db.transaction(async (trx) => {
      const pending = await Application.query(trx).findOne({ userId: user.id, status: 'pending' });
      if (pending) throw ConflictError(ALREADY_PENDING);
      const application = await Application.query(trx)
        .insert({ ...body, userId: user.id })
        .returning('*');
      await appendEvent(trx, {
        type: 'application.submitted',
        aggregateId: application.id,
        actorId: user.id,
        payload: {
          userId: user.id,
          email: user.email,
          artistName: application.artistName,
          genre: application.genre,
        },
      });
      return application;
    });
  } catch (error) {
    // Two submissions racing: the partial unique index lets one through.
    if (
      (error as { constraint?: string; message?: string }).constraint === 'applications_one_pending_per_user'
    ) {
      throw ConflictError(ALREADY_PENDING);
    }
    if (String((error as Error).message).includes('applications_one_pending_per_user')) {
      throw ConflictError(ALREADY_PENDING);
    }
    throw error;
  }
}
