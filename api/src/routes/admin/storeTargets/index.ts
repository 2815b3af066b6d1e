import {
  DeliveryResponse,
  ReleaseChangeResponse,
  StoreTargetBody,
  StoreTargetResponse,
  StoreTargetUpdateBody,
  storeIds,
  storeTargetProtocols,
  uuidParam,
} from '@riffline/contracts';
import { changesOfRelease, credentialsKey, deliveriesOfRelease, StoreTarget } from '@riffline/db';
import { purgeRelease } from '../../../commands/delivery/releaseChanges.ts';
import { z } from 'zod';
import {
  createStoreTarget,
  deleteStoreTarget,
  updateStoreTarget,
} from '../../../commands/delivery/storeTargets.ts';
import { NotFoundError } from '../../../errors.ts';
import { presentDelivery, presentReleaseChange, presentStoreTarget } from '../../../presenters/delivery.ts';
import { defineRoute } from '../../route.ts';
import { listQuery, pageOf } from '../listQuery.ts';

const tag = 'Admin: delivery';
const ListSchema = z.object({
  query: listQuery(['store', 'protocol', 'mode', 'enabled', 'createdAt', 'updatedAt'], {
    store: z.enum(storeIds, { error: 'Unknown store' }),
    protocol: z.enum(storeTargetProtocols, { error: 'Protocol must be sftp or s3' }),
  }),
});
const IdSchema = z.object({ params: uuidParam });
const CreateSchema = z.object({ body: StoreTargetBody });
const UpdateSchema = z.object({ params: uuidParam, body: StoreTargetUpdateBody });

/**
 * The stores releases are delivered to (docs/delivery.md), ra-data-simple-rest: a drop box per store, its
 * credentials write-only (the answers name which are kept, never their values).
 */
export const adminStoreTargetRoutes = [
  defineRoute({
    method: 'get',
    path: '/admin/store-targets',
    summary:
      "The stores' drop boxes (ra-data-simple-rest: sort, range, filter store, protocol, id); credentials are never returned, only which are set",
    tag,
    audience: 'admin',
    list: true,
    request: ListSchema,
    response: z.array(StoreTargetResponse),
    handler: async (ctx, { db, config }) => {
      const { filter, sort, range, dates } = (ctx.state.input as z.infer<typeof ListSchema>).query;
      const query = StoreTarget.query(db);
      if (filter.store) query.where('store', filter.store);
      if (filter.protocol) query.where('protocol', filter.protocol);
      const rows = await pageOf(
        ctx,
        'store-targets',
        query,
        { sort, range, filter, dates },
        {
          field: 'store',
          order: 'asc',
        },
      );
      const key = await credentialsKey(db, config.delivery.credentialsKey);
      return rows.map((row) => presentStoreTarget(row, key));
    },
  }),
  defineRoute({
    method: 'get',
    path: '/admin/store-targets/:id',
    summary: "One store's drop box, without its credentials",
    tag,
    audience: 'admin',
    request: IdSchema,
    response: StoreTargetResponse,
    handler: async (ctx, { db, config }) => {
      const target = await StoreTarget.query(db).findById(
        (ctx.state.input as z.infer<typeof IdSchema>).params.id,
      );
      if (!target) throw NotFoundError('Store not found');
      return presentStoreTarget(target, await credentialsKey(db, config.delivery.credentialsKey));
    },
  }),
  defineRoute({
    method: 'post',
    path: '/admin/store-targets',
    summary:
      "Set up a store's drop box: SFTP (host, port, username, folder; a private key or password) or S3 (bucket, folder as the prefix, region, endpoint; an access key id and secret), the store's DPID, the profile (batch or release) and live or test. 409 when the store has one",
    tag,
    audience: 'admin',
    request: CreateSchema,
    response: StoreTargetResponse,
    status: 201,
    errors: [409],
    handler: async (ctx, { db, config }) => {
      const { body } = ctx.state.input as z.infer<typeof CreateSchema>;
      const target = await createStoreTarget(db, ctx.state.user!, config.delivery.credentialsKey, body);
      return presentStoreTarget(target, await credentialsKey(db, config.delivery.credentialsKey));
    },
  }),
  defineRoute({
    method: 'put',
    path: '/admin/store-targets/:id',
    summary:
      "Change a store's drop box (react-admin update); credentials are replaced only when given, and the store itself stays",
    tag,
    audience: 'admin',
    request: UpdateSchema,
    response: StoreTargetResponse,
    handler: async (ctx, { db, config }) => {
      const { params, body } = ctx.state.input as z.infer<typeof UpdateSchema>;
      const key = config.delivery.credentialsKey;
      const target = await updateStoreTarget(db, ctx.state.user!, key, params.id, body);
      return presentStoreTarget(target, await credentialsKey(db, key));
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/admin/store-targets/:id',
    summary: "Delete a store's drop box that nothing was delivered to (409 otherwise: switch it off instead)",
    tag,
    audience: 'admin',
    request: IdSchema,
    response: StoreTargetResponse,
    errors: [409],
    handler: async (ctx, { db, config }) => {
      const { params } = ctx.state.input as z.infer<typeof IdSchema>;
      const target = await deleteStoreTarget(db, ctx.state.user!, params.id);
      return presentStoreTarget(target, await credentialsKey(db, config.delivery.credentialsKey));
    },
  }),
  defineRoute({
    method: 'get',
    path: '/admin/releases/:id/deliveries',
    summary: "A release's deliveries to stores, newest first: each store's batch, MessageId and state",
    tag,
    audience: 'admin',
    request: IdSchema,
    response: z.array(DeliveryResponse),
    handler: async (ctx, { db }) => {
      const { params } = ctx.state.input as z.infer<typeof IdSchema>;
      return (await deliveriesOfRelease(db, params.id)).map(presentDelivery);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/admin/releases/:id/changes',
    summary: "A release's takedowns and purge, newest first, each with where it stands per store",
    tag,
    audience: 'admin',
    request: IdSchema,
    response: z.array(ReleaseChangeResponse),
    handler: async (ctx, { db }) => {
      const { params } = ctx.state.input as z.infer<typeof IdSchema>;
      return (await changesOfRelease(db, params.id)).map((c) => presentReleaseChange(c.change, c.deliveries));
    },
  }),
  defineRoute({
    method: 'post',
    path: '/admin/releases/:id/purge',
    summary:
      'Remove a live release from every store for good (a PurgeReleaseMessage to each store that has it); 409 when it is not live or was purged',
    tag,
    audience: 'admin',
    request: IdSchema,
    response: ReleaseChangeResponse,
    status: 201,
    errors: [409],
    handler: async (ctx, { db }) => {
      const { params } = ctx.state.input as z.infer<typeof IdSchema>;
      const change = await purgeRelease(db, ctx.state.user!, params.id);
      return presentReleaseChange(change);
    },
  }),
];
