import {
  APPROVED_WITHDRAWAL_REQUEST_NOTE,
  DECLINED_WITHDRAWAL_REQUEST_NOTE,
  type WithdrawalRequestReviewBody,
  type WithdrawalRequestStatus,
} from '@riffline/contracts';
import { appendEvent, WithdrawalRequest, type Db, type User } from '@riffline/db';
import { ConflictError, NotFoundError } from '../../errors.ts';

/** The admin's moves: pending → approved | declined, approved → processing, processing → completed. */
const allowed: Record<WithdrawalRequestReviewBody['status'], WithdrawalRequestStatus> = {
  approved: 'pending',
  declined: 'pending',
  processing: 'approved',
  completed: 'processing',
};

const events = {
  approved: 'withdrawal.approved',
  declined: 'withdrawal.declined',
  processing: 'withdrawal.paymentStarted',
  completed: 'withdrawal.completed',
} as const;

export async function reviewWithdrawalRequest(
  db: Db,
  admin: User,
  id: string,
  body: WithdrawalRequestReviewBody,
  now: Date,
): Promise<WithdrawalRequest> {
  return db.transaction(async (trx) => {
    const request = await WithdrawalRequest.query(trx).findById(id).forUpdate();
    if (!request) throw NotFoundError('Withdrawal request not found');
    if (request.status !== allowed[body.status]) {
      throw ConflictError(`A ${request.status} withdrawal request cannot become ${body.status}`);
    }
    const adminNotes =
      body.status === 'approved'
        ? APPROVED_WITHDRAWAL_REQUEST_NOTE
        : body.status === 'declined'
          ? (body.adminNotes ?? DECLINED_WITHDRAWAL_REQUEST_NOTE)
          : (body.adminNotes ?? request.adminNotes);
    const updated = await WithdrawalRequest.query(trx).patchAndFetchById(id, {
      status: body.status,
      adminNotes,
      processedBy: admin.id,
      processedAt: now,
    });
    const type = events[body.status];
    await appendEvent(trx, {
      type,
      aggregateId: id,
      actorId: admin.id,
      payload:
        type === 'withdrawal.approved' || type === 'withdrawal.declined'
          ? { userId: request.userId, amount: request.amount, adminNotes: adminNotes ?? '' }
          : { userId: request.userId, amount: request.amount },
    } as Parameters<typeof appendEvent>[1]);
    return updated;
  });
}
