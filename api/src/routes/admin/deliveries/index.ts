import {
  AdminDeliveryResponse,
  DeliveryAcknowledgementResponse,
  deliveryKinds,
  deliveryStatuses,
  storeIds,
  uuidParam,
} from '@riffline/contracts';
import { Delivery, DeliveryAcknowledgement, deliveriesByIds, releaseNames, StoreTarget } from '@riffline/db';
import { z } from 'zod';
import { requestRedelivery } from '../../../commands/delivery/releaseChanges.ts';
import { NotFoundError } from '../../../errors.ts';
import { presentAcknowledgement, presentDelivery } from '../../../presenters/delivery.ts';
import { defineRoute } from '../../route.ts';
import { listQuery, pageOf } from '../listQuery.ts';

const tag = 'Admin: delivery';
const store = z.enum(storeIds, { error: 'Unknown store' });
const DeliveriesSchema = z.object({
  query: listQuery(['createdAt', 'deliveredAt', 'updatedAt', 'status', 'kind'], {
    store,
    status: z.enum(deliveryStatuses, { error: 'Unknown delivery status' }),
    kind: z.enum(deliveryKinds, { error: 'Unknown delivery kind' }),
    releaseId: z.uuid({ error: 'Release id must be a UUID' }),
  }),
});
const AcknowledgementsSchema = z.object({
  query: listQuery(
    ['receivedAt', 'madeAt', 'fileName'],
    {
      store,
      unreadable: z.enum(['true', 'false'], { error: 'Unreadable must be true or false' }),
    },
    { dateField: 'receivedAt' },
  ),
});
const IdSchema = z.object({ params: uuidParam });

const ofStore = (name: string | undefined) =>
  name ? StoreTarget.query().select('id').where('store', name) : undefined;

/** The release each delivery carried, for the log's rows. */
async function withReleases(db: Parameters<typeof deliveriesByIds>[0], ids: string[]) {
  const rows = await deliveriesByIds(db, ids);
  const named = await releaseNames(
    db,
    rows.map((r) => r.releaseId),
  );
  return rows.map((row) => ({ ...presentDelivery(row), ...named(row.releaseId) }));
}

/**
 * The delivery log across releases and the acknowledgements stores wrote, kept as they came
 * (docs/delivery.md), ra-data-simple-rest; and an admin's redelivery.
 */
export const adminDeliveryRoutes = [
  defineRoute({
    method: 'get',
    path: '/admin/deliveries',
    summary:
      'Every delivery to a store, newest first (ra-data-simple-rest: sort, range, filter store, status, kind, releaseId, id): its batch, MessageId, state and the release',
    tag,
    audience: 'admin',
    list: true,
    request: DeliveriesSchema,
    response: z.array(AdminDeliveryResponse),
    handler: async (ctx, { db }) => {
      const { filter, sort, range, dates } = (ctx.state.input as z.infer<typeof DeliveriesSchema>).query;
      const query = Delivery.query(db);
      const targets = ofStore(filter.store);
      if (targets) query.whereIn('targetId', targets);
      if (filter.status) query.where('status', filter.status);
      if (filter.kind) query.where('kind', filter.kind);
      if (filter.releaseId) query.where('releaseId', filter.releaseId);
      const page = await pageOf(
        ctx,
        'deliveries',
        query,
        { sort, range, filter, dates },
        {
          field: 'createdAt',
          order: 'desc',
        },
      );
      return withReleases(
        db,
        page.map((d) => d.id),
      );
    },
  }),
  defineRoute({
    method: 'get',
    path: '/admin/deliveries/:id',
    summary: 'One delivery to a store, with the release it carried',
    tag,
    audience: 'admin',
    request: IdSchema,
    response: AdminDeliveryResponse,
    handler: async (ctx, { db }) => {
      const { params } = ctx.state.input as z.infer<typeof IdSchema>;
      const [delivery] = await withReleases(db, [params.id]);
      if (!delivery) throw NotFoundError('Delivery not found');
      return delivery;
    },
  }),
  defineRoute({
    method: 'post',
    path: '/admin/deliveries/:id/redeliver',
    summary:
      'Send a delivery again (a new batch and MessageId); 409 when the store is switched off, the release was purged, or a newer delivery went to that store',
    tag,
    audience: 'admin',
    request: IdSchema,
    response: AdminDeliveryResponse,
    status: 202,
    errors: [409],
    handler: async (ctx, { db }) => {
      const { params } = ctx.state.input as z.infer<typeof IdSchema>;
      const delivery = await requestRedelivery(db, ctx.state.user!, params.id);
      return (await withReleases(db, [delivery.id]))[0]!;
    },
  }),
  defineRoute({
    method: 'get',
    path: '/admin/delivery-acknowledgements',
    summary:
      'The acknowledgement files stores wrote, newest first, kept as they came (ra-data-simple-rest: filter store, unreadable, id); an unreadable one with the reason',
    tag,
    audience: 'admin',
    list: true,
    request: AcknowledgementsSchema,
    response: z.array(DeliveryAcknowledgementResponse),
    handler: async (ctx, { db }) => {
      const { filter, sort, range, dates } = (ctx.state.input as z.infer<typeof AcknowledgementsSchema>)
        .query;
      const query = DeliveryAcknowledgement.query(db);
      const targets = ofStore(filter.store);
      if (targets) query.whereIn('targetId', targets);
      if (filter.unreadable === 'true') query.whereNotNull('problem');
      if (filter.unreadable === 'false') query.whereNull('problem');
      const rows = await pageOf(
        ctx,
        'delivery-acknowledgements',
        query,
        { sort, range, filter, dates },
        {
          field: 'receivedAt',
          order: 'desc',
        },
      );
      const stores = new Map((await StoreTarget.query(db).select('id', 'store')).map((t) => [t.id, t.store]));
      return rows.map((row) => presentAcknowledgement(row, stores.get(row.targetId) ?? ''));
    },
  }),
  defineRoute({
    method: 'get',
    path: '/admin/delivery-acknowledgements/:id',
    summary: 'One acknowledgement file a store wrote, as it came',
    tag,
    audience: 'admin',
    request: IdSchema,
    response: DeliveryAcknowledgementResponse,
    handler: async (ctx, { db }) => {
      const { params } = ctx.state.input as z.infer<typeof IdSchema>;
      const row = await DeliveryAcknowledgement.query(db).findById(params.id);
      if (!row) throw NotFoundError('Acknowledgement not found');
      const target = await StoreTarget.query(db).findById(row.targetId);
      return presentAcknowledgement(row, target?.store ?? '');
    },
  }),
];
