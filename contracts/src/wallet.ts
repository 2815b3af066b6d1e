import { z } from 'zod';
import { DecimalAmount } from './money.ts';

/** GET /api/user/coins: the approved artist's balance (1 coin = 1 rupee, SPEC §9). */
export const CoinsResponse = z.object({ coins: DecimalAmount });
export type CoinsResponse = z.infer<typeof CoinsResponse>;
