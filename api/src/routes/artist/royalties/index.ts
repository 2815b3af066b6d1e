import { floorToCents, RoyaltiesResponse } from '@riffline/contracts';
import { latestRoyalties } from '@riffline/db';
import { availableToWithdrawUsd, calendarMonthOf, earningsUsd } from '../../../commands/wallet/balance.ts';
import { defineRoute } from '../../route.ts';

export const royaltyRoutes = [
  defineRoute({
    method: 'get',
    path: '/royalties',
    summary:
      "The approved artist's royalties in USD from the ledger: total, this month (credited this calendar month, by the day each store report came in), available to withdraw (total less withdrawals not declined), and the latest 200 lines",
    tag: 'Wallet',
    audience: 'earner',
    response: RoyaltiesResponse,
    handler: async (ctx, { db, clock }) => {
      const userId = ctx.state.user!.id;
      const [totalEarnings, thisMonth, availableToWithdraw, items] = await Promise.all([
        earningsUsd(db, userId),
        earningsUsd(db, userId, calendarMonthOf(clock())),
        availableToWithdrawUsd(db, userId),
        latestRoyalties(db, userId, 200),
      ]);
      return {
        totalEarnings,
        thisMonth,
        availableToWithdraw,
        currency: 'USD' as const,
        items: items.map((r) => ({
          id: r.id,
          releaseId: r.releaseId,
          releaseTitle: r.releaseTitle ?? null,
          amount: floorToCents(r.amount),
          exactAmount: r.amount,
          currency: r.currency,
          period: r.period,
          status: r.status,
          paidAt: r.paidAt?.toISOString() ?? null,
          createdAt: r.createdAt.toISOString(),
          creditedAt: r.creditedAt.toISOString(),
        })),
      };
    },
  }),
];
