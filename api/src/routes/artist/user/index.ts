import { CoinsResponse } from '@riffline/contracts';
import { defineRoute } from '../../route.ts';

export const userRoutes = [
  defineRoute({
    method: 'get',
    path: '/user/coins',
    summary: "The approved artist's coin balance (1 coin = 1 rupee)",
    tag: 'Wallet',
    audience: 'approved',
    response: CoinsResponse,
    handler: (ctx) => ({ coins: ctx.state.user!.coins }),
  }),
];
