import {
  uuidParam,
  WithdrawalRequestResponse,
  WithdrawalRequestReviewBody,
  withdrawalRequestStatuses,
} from '@riffline/contracts';
import { WithdrawalRequest } from '@riffline/db';
import { z } from 'zod';
import { reviewWithdrawalRequest } from '../../../commands/withdrawalRequests/withdrawalRequestReviewer.ts';
import { NotFoundError } from '../../../errors.ts';
import { presentWithdrawalRequest } from '../../../presenters/withdrawalRequest.ts';
import { defineRoute } from '../../route.ts';
import { listQuery, pageOf } from '../listQuery.ts';

const tag = 'Admin: payouts';
const ListSchema = z.object({
  query: listQuery(['id', 'createdAt', 'amount', 'status'], {
    status: z.enum(withdrawalRequestStatuses, {
      error: `status must be one of ${withdrawalRequestStatuses.join(', ')}`,
    }),
    userId: z.string().trim().min(1).max(255, 'userId must be at most 255 characters'),
  }),
});
const ReviewSchema = z.object({ params: uuidParam, body: WithdrawalRequestReviewBody });
const IdSchema = z.object({ params: uuidParam });

export const adminWithdrawalRequestRoutes = [
  defineRoute({
    method: 'get',
    path: '/admin/withdrawal-requests',
    summary:
      'Payout requests with their payment method (ra-data-simple-rest: sort, range, filter status, userId)',
    tag,
    audience: 'admin',
    list: true,
    request: ListSchema,
    response: z.array(WithdrawalRequestResponse),
    handler: async (ctx, { db }) => {
      const { filter, sort, range, dates } = (ctx.state.input as z.infer<typeof ListSchema>).query;
      const query = WithdrawalRequest.query(db).withGraphFetched('paymentMethod');
      if (filter.status) query.where('withdrawal_requests.status', filter.status);
      if (filter.userId) query.where('withdrawal_requests.userId', filter.userId);
      const rows = await pageOf(
        ctx,
        'withdrawal-requests',
        query,
        { sort, range, filter, dates },
        { field: 'createdAt', order: 'desc' },
      );
      return rows.map(presentWithdrawalRequest);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/admin/withdrawal-requests/:id',
    summary: 'One payout request with its payment method (react-admin getOne)',
    tag,
    audience: 'admin',
    request: IdSchema,
    response: WithdrawalRequestResponse,
    handler: async (ctx, { db }) => {
      const { params } = ctx.state.input as z.infer<typeof IdSchema>;
      const request = await WithdrawalRequest.query(db).findById(params.id).withGraphFetched('paymentMethod');
      if (!request) throw NotFoundError('Withdrawal request not found');
      return presentWithdrawalRequest(request);
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/admin/withdrawal-requests/:id',
    summary:
      "Approve ('approved for processing, payment within 24 hours') or decline (the reason, or 'Declined by admin') a pending request; then processing, and completed with the payment's reference (UTR, PayPal or bank), which the artist is emailed",
    tag,
    audience: 'admin',
    request: ReviewSchema,
    response: WithdrawalRequestResponse,
    errors: [409],
    handler: async (ctx, { db, clock }) => {
      const { params, body } = ctx.state.input as z.infer<typeof ReviewSchema>;
      const request = await reviewWithdrawalRequest(db, ctx.state.user!, params.id, body, clock());
      return presentWithdrawalRequest(await request.$query(db).withGraphFetched('paymentMethod'));
    },
  }),
];
