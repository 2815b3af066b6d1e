import {
  APPROVED_WITHDRAWAL_REQUEST_NOTE,
  DECLINED_WITHDRAWAL_REQUEST_NOTE,
  type WithdrawalRequestReviewBody,
  type WithdrawalRequestStatus,
} from '@riffline/contracts';
import { appendEvent, WithdrawalRequest, type Db, type User } from '@riffline/db';
import { ConflictError, NotFoundError } from '../../errors.ts';

/**
 * The admin's moves: pending → approved | declined, approved → processing, processing → completed (with the
 * payment's reference, which `withdrawal.completed` carries to the artist's email).
 */
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
    // The body's schema requires the reference to complete a payout, and refuses it for any other move.
    const paymentReference = body.status === 'completed' ? body.paymentReference : null;
    const updated = await WithdrawalRequest.query(trx).patchAndFetchById(id, {
      status: body.status,
      adminNotes,
      processedBy: admin.id,
      processedAt: now,
      ...(paymentReference ? { paymentReference } : {}),
    });
    const type = events[body.status];
    const { userId, amount } = request;
    await appendEvent(trx, {
      type,
      aggregateId: id,
      actorId: admin.id,
      payload:
        type === 'withdrawal.approved' || type === 'withdrawal.declined'
          ? { userId, amount, adminNotes: adminNotes ?? '' }
          : type === 'withdrawal.completed' && paymentReference
            ? { userId, amount, paymentReference }
            : { userId, amount },
    } as Parameters<typeof appendEvent>[1]);
    return updated;
  });
}
