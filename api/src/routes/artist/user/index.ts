import { CoinsResponse } from '@riffline/contracts';
import { distributionFee } from '../../../commands/releases/releaseSubmitter.ts';
import { defineRoute } from '../../route.ts';

export const userRoutes = [
  defineRoute({
    method: 'get',
    path: '/user/coins',
    summary:
      "The approved artist's coin balance (1 coin = 1 rupee) and the distribution fee a submission takes from it",
    tag: 'Wallet',
    audience: 'approved',
    response: CoinsResponse,
    handler: async (ctx, { db }) => ({
      coins: ctx.state.user!.coins,
      distributionFeeCoins: await distributionFee(db),
    }),
  }),
];
