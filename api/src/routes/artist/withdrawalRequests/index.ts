import { WithdrawalRequestBody, WithdrawalRequestResponse } from '@riffline/contracts';
import { WithdrawalRequest } from '@riffline/db';
import { z } from 'zod';
import { submitWithdrawalRequest } from '../../../commands/withdrawalRequests/withdrawalRequestSubmitter.ts';
import { presentWithdrawalRequest } from '../../../presenters/withdrawalRequest.ts';
import { defineRoute } from '../../route.ts';

const RequestSchema = z.object({ body: WithdrawalRequestBody });

export const withdrawalRequestRoutes = [
  defineRoute({
    method: 'get',
    path: '/withdrawal-requests',
    summary: "The approved artist's payout requests, newest first",
    tag: 'Wallet',
    audience: 'earner',
    response: z.array(WithdrawalRequestResponse),
    handler: async (ctx, { db }) => {
      const rows = await WithdrawalRequest.query(db)
        .where({ userId: ctx.state.user!.id })
        .withGraphFetched('paymentMethod')
        .orderBy([
          { column: 'createdAt', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(200);
      return rows.map(presentWithdrawalRequest);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/withdrawal-requests',
    summary:
      'Ask for a payout in USD (at least 20, at most the available balance) to one of your payment methods; needs a verified email address and a sign-in with a second factor within the last 10 minutes',
    tag: 'Wallet',
    audience: 'earner',
    request: RequestSchema,
    response: WithdrawalRequestResponse,
    status: 201,
    rateLimit: { name: 'withdrawals', limit: 60, windowMs: 60 * 60_000 },
    stepUp: true,
    handler: async (ctx, { db }) => {
      const { body } = ctx.state.input as z.infer<typeof RequestSchema>;
      const request = await submitWithdrawalRequest(db, ctx.state.user!, body);
      return presentWithdrawalRequest(await request.$query(db).withGraphFetched('paymentMethod'));
    },
  }),
];
