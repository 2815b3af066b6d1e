import { RoyaltiesResponse } from '@riffline/contracts';
import { Royalty } from '@riffline/db';
import { availableToWithdrawUsd, earningsUsd } from '../../../commands/wallet/balance.ts';
import { defineRoute } from '../../route.ts';

export const royaltyRoutes = [
  defineRoute({
    method: 'get',
    path: '/royalties',
    summary:
      "The approved artist's royalties in USD from the ledger: total, this month, available to withdraw (total less withdrawals not declined), and the latest 200 lines",
    tag: 'Wallet',
    audience: 'approved',
    response: RoyaltiesResponse,
    handler: async (ctx, { db, clock }) => {
      const userId = ctx.state.user!.id;
      const month = clock().toISOString().slice(0, 7);
      const [totalEarnings, thisMonth, availableToWithdraw, items] = await Promise.all([
        earningsUsd(db, userId),
        earningsUsd(db, userId, month),
        availableToWithdrawUsd(db, userId),
        Royalty.query(db)
          .where({ userId })
          .orderBy([
            { column: 'period', order: 'desc' },
            { column: 'createdAt', order: 'desc' },
          ])
          .limit(200),
      ]);
      return {
        totalEarnings,
        thisMonth,
        availableToWithdraw,
        currency: 'USD' as const,
        items: items.map((r) => ({
          id: r.id,
          releaseId: r.releaseId,
          amount: r.amount,
          currency: r.currency,
          period: r.period,
          status: r.status,
          paidAt: r.paidAt?.toISOString() ?? null,
          createdAt: r.createdAt.toISOString(),
        })),
      };
    },
  }),
];
