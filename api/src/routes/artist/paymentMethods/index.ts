import { PaymentMethodBody, PaymentMethodResponse, uuidParam } from '@riffline/contracts';
import { PaymentMethod } from '@riffline/db';
import { z } from 'zod';
import {
  addPaymentMethod,
  removePaymentMethod,
  setDefaultPaymentMethod,
} from '../../../commands/wallet/paymentMethods.ts';
import { presentPaymentMethod } from '../../../presenters/paymentMethod.ts';
import { defineRoute } from '../../route.ts';

const tag = 'Wallet';
const AddSchema = z.object({ body: PaymentMethodBody });
const IdSchema = z.object({ params: uuidParam });

export const paymentMethodRoutes = [
  defineRoute({
    method: 'get',
    path: '/payment-methods',
    summary: "The approved artist's payout methods, the default first (account numbers masked)",
    tag,
    audience: 'earner',
    response: z.array(PaymentMethodResponse),
    handler: async (ctx, { db }) => {
      const methods = await PaymentMethod.query(db)
        .where({ userId: ctx.state.user!.id })
        .orderBy([
          { column: 'isDefault', order: 'desc' },
          { column: 'createdAt', order: 'desc' },
        ]);
      return methods.map(presentPaymentMethod);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/payment-methods',
    summary:
      'Add a payout method (upi: upiId; paypal: paypalEmail; bank_transfer: holder, account, IFSC); the first is the default. Needs a sign-in with a second factor within the last 10 minutes',
    tag,
    audience: 'earner',
    request: AddSchema,
    response: PaymentMethodResponse,
    status: 201,
    rateLimit: { name: 'payment-methods', limit: 30, windowMs: 60 * 60_000 },
    stepUp: true,
    handler: async (ctx, { db }) => {
      const { body } = ctx.state.input as z.infer<typeof AddSchema>;
      return presentPaymentMethod(await addPaymentMethod(db, ctx.state.user!, body));
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/payment-methods/:id',
    summary:
      'Remove a payout method (409 while a pending withdrawal uses it); removing the default promotes another',
    tag,
    audience: 'earner',
    request: IdSchema,
    status: 204,
    errors: [409],
    handler: async (ctx, { db }) => {
      const { params } = ctx.state.input as z.infer<typeof IdSchema>;
      await removePaymentMethod(db, ctx.state.user!, params.id);
      ctx.status = 204;
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/payment-methods/:id/default',
    summary:
      'Make a payout method the default (exactly one is); needs a sign-in with a second factor within the last 10 minutes',
    tag,
    audience: 'earner',
    request: IdSchema,
    stepUp: true,
    response: PaymentMethodResponse,
    handler: async (ctx, { db }) => {
      const { params } = ctx.state.input as z.infer<typeof IdSchema>;
      return presentPaymentMethod(await setDefaultPaymentMethod(db, ctx.state.user!, params.id));
    },
  }),
];
