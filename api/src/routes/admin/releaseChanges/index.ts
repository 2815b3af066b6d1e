import {
  AdminReleaseChangeResponse,
  ChangeReviewBody,
  releaseChangeKinds,
  releaseChangeStatuses,
  uuidParam,
} from '@riffline/contracts';
import { ReleaseChange, releaseNames, withDeliveries, type Db, type DbTransaction } from '@riffline/db';
import { z } from 'zod';
import { reviewCorrection } from '../../../commands/delivery/releaseChanges.ts';
import { NotFoundError } from '../../../errors.ts';
import { presentReleaseChange } from '../../../presenters/delivery.ts';
import { defineRoute } from '../../route.ts';
import { listQuery, pageOf } from '../listQuery.ts';

const tag = 'Admin: delivery';
const ListSchema = z.object({
  query: listQuery(['createdAt', 'decidedAt', 'status', 'kind'], {
    status: z.enum(releaseChangeStatuses, {
      error: `Status must be one of ${releaseChangeStatuses.join(', ')}`,
    }),
    kind: z.enum(releaseChangeKinds, { error: `Kind must be one of ${releaseChangeKinds.join(', ')}` }),
    releaseId: z.uuid({ error: 'Release id must be a UUID' }),
  }),
});
const IdSchema = z.object({ params: uuidParam });
const ReviewSchema = z.object({ params: uuidParam, body: ChangeReviewBody });

/** Changes with their release and their deliveries, for the console. */
async function present(db: Db | DbTransaction, changes: ReleaseChange[]) {
  const named = await releaseNames(db, [...new Set(changes.map((c) => c.releaseId))]);
  return (await withDeliveries(db, changes)).map(({ change, deliveries }) => ({
    ...presentReleaseChange(change, deliveries),
    ...named(change.releaseId),
  }));
}

/**
 * The changes to releases that went out (docs/delivery.md), ra-data-simple-rest: the corrections waiting for
 * review first of all, and the review itself.
 */
export const adminReleaseChangeRoutes = [
  defineRoute({
    method: 'get',
    path: '/admin/release-changes',
    summary:
      'Takedowns, purges and corrections of releases, newest first (ra-data-simple-rest: sort, range, filter status, kind, releaseId, id), each with its release and per-store deliveries',
    tag,
    audience: 'admin',
    list: true,
    request: ListSchema,
    response: z.array(AdminReleaseChangeResponse),
    handler: async (ctx, { db }) => {
      const { filter, sort, range, dates } = (ctx.state.input as z.infer<typeof ListSchema>).query;
      const query = ReleaseChange.query(db);
      if (filter.status) query.where('status', filter.status);
      if (filter.kind) query.where('kind', filter.kind);
      if (filter.releaseId) query.where('releaseId', filter.releaseId);
      const rows = await pageOf(
        ctx,
        'release-changes',
        query,
        { sort, range, filter, dates },
        {
          field: 'createdAt',
          order: 'desc',
        },
      );
      return present(db, rows);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/admin/release-changes/:id',
    summary: 'One change of a release, with its release and per-store deliveries',
    tag,
    audience: 'admin',
    request: IdSchema,
    response: AdminReleaseChangeResponse,
    handler: async (ctx, { db }) => {
      const { params } = ctx.state.input as z.infer<typeof IdSchema>;
      const change = await ReleaseChange.query(db).findById(params.id);
      if (!change) throw NotFoundError('Change not found');
      return (await present(db, [change]))[0]!;
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/admin/release-changes/:id',
    summary:
      'Review a correction: approved, the release takes its values and the stores that have it are sent the update; rejected (with a reason), nothing changes. 409 when it was reviewed already',
    tag,
    audience: 'admin',
    request: ReviewSchema,
    response: AdminReleaseChangeResponse,
    errors: [409],
    handler: async (ctx, { db }) => {
      const { params, body } = ctx.state.input as z.infer<typeof ReviewSchema>;
      const change = await reviewCorrection(db, ctx.state.user!, params.id, body);
      return (await present(db, [change]))[0]!;
    },
  }),
];
