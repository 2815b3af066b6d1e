import { DeliveryResponse, uuidParam } from '@riffline/contracts';
import { deliveriesOfRelease } from '@riffline/db';
import { z } from 'zod';
import { loadRelease } from '../../../commands/releases/ownRelease.ts';
import { presentDelivery } from '../../../presenters/delivery.ts';
import { defineRoute } from '../../route.ts';

const ReleaseDeliveriesSchema = z.object({ params: uuidParam });

/** Where the owner's release stands at each store it was delivered to (docs/delivery.md). */
export const deliveryRoutes = [
  defineRoute({
    method: 'get',
    path: '/releases/:id/deliveries',
    summary:
      "The owner's release at each store it was delivered to: the latest delivery per store, with its state (delivered, then as the store acknowledges it) and the store's link once live",
    tag: 'Releases',
    audience: 'approved',
    request: ReleaseDeliveriesSchema,
    response: z.array(DeliveryResponse),
    handler: async (ctx, { db }) => {
      const { params } = ctx.state.input as z.infer<typeof ReleaseDeliveriesSchema>;
      const release = await loadRelease(db, ctx.state.user!, params.id);
      return (await deliveriesOfRelease(db, release.id, { latestPerStore: true })).map(presentDelivery);
    },
  }),
];
