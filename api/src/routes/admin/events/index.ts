import { AdminEventResponse } from '@riffline/contracts';
import { Event } from '@riffline/db';
import { z } from 'zod';
import { NotFoundError } from '../../../errors.ts';
import { presentEvent } from '../../../presenters/platform.ts';
import { defineRoute } from '../../route.ts';
import { listQuery, pageOf } from '../listQuery.ts';

const tag = 'Admin: events';
const eventId = z.string().regex(/^[1-9]\d{0,17}$/, 'Invalid id');
const name = (label: string) =>
  z.string().trim().min(1, `${label} must not be empty`).max(255, `${label} must be at most 255 characters`);

const ListSchema = z.object({
  query: listQuery(
    ['occurredAt', 'type', 'aggregateType'],
    {
      type: name('type'),
      aggregateType: name('aggregateType'),
      aggregateId: name('aggregateId'),
      actorId: name('actorId'),
    },
    { id: eventId, dateField: 'occurredAt' },
  ),
});
const IdSchema = z.object({ params: z.object({ id: eventId }) });

export const adminEventRoutes = [
  defineRoute({
    method: 'get',
    path: '/admin/events',
    summary:
      'The audit trail: every domain event, who caused it (actorId) and when, newest first (ra-data-simple-rest list; read-only)',
    tag,
    audience: 'admin',
    list: true,
    request: ListSchema,
    response: z.array(AdminEventResponse),
    handler: async (ctx, { db }) => {
      const { filter, sort, range, dates } = (ctx.state.input as z.infer<typeof ListSchema>).query;
      const query = Event.query(db);
      if (filter.type) query.where('type', filter.type);
      if (filter.aggregateType) query.where('aggregateType', filter.aggregateType);
      if (filter.aggregateId) query.where('aggregateId', filter.aggregateId);
      if (filter.actorId) query.where('actorId', filter.actorId);
      const rows = await pageOf(
        ctx,
        'events',
        query,
        { sort, range, filter, dates },
        { field: 'id', order: 'desc' },
      );
      return rows.map(presentEvent);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/admin/events/:id',
    summary: 'One event of the audit trail',
    tag,
    audience: 'admin',
    request: IdSchema,
    response: AdminEventResponse,
    handler: async (ctx, { db }) => {
      const row = await Event.query(db).findById((ctx.state.input as z.infer<typeof IdSchema>).params.id);
      if (!row) throw NotFoundError('Event not found');
      return presentEvent(row);
    },
  }),
];
