import { z } from 'zod';
import { defineRoute } from '../../route.ts';

export const userRoutes = [
  defineRoute({
    method: 'get',
    path: '/user/coins',
    summary: "The approved artist's coin balance (1 coin = 1 rupee)",
    tag: 'Wallet',
    audience: 'approved',
    response: z.object({ coins: z.string().describe('decimal(10,2), e.g. "120.50"') }),
    handler: (ctx) => ({ coins: ctx.state.user!.coins }),
  }),
];
