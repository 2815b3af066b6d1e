import { Event, FailedEvent } from '@riffline/db';
import { replayFailedEvent } from '../../../commands/events/failedEventReplayer.ts';
import { NotFoundError } from '../../../errors.ts';
import { presentFailedEvent } from '../../../presenters/failedEvent.ts';
import type { Handler } from '../../route.ts';
import { pageOf } from '../listQuery.ts';
import type { FailedEventIdInput, ListFailedEventsInput } from './schema.ts';

export const list: Handler<ListFailedEventsInput> = async (ctx, { db }) => {
  const { filter, sort, range, dates } = ctx.state.input.query;
  const query = FailedEvent.query(db).withGraphFetched('event');
  if (filter.status) query.where('failed_events.status', filter.status);
  if (filter.group) query.where('failed_events.groupName', filter.group);
  if (filter.type)
    query.whereIn('failed_events.eventId', Event.query(db).select('id').where('type', filter.type));
  const rows = await pageOf(
    ctx,
    'failed-events',
    query,
    { sort, range, filter, dates },
    { field: 'lastFailedAt', order: 'desc' },
  );
  return rows.map(presentFailedEvent);
};

export const show: Handler<FailedEventIdInput> = async (ctx, { db }) => {
  const row = await FailedEvent.query(db).findById(ctx.state.input.params.id).withGraphFetched('event');
  if (!row) throw NotFoundError('Failed event not found');
  return presentFailedEvent(row);
};

export const replay: Handler<FailedEventIdInput> = async (ctx, { db }) =>
  presentFailedEvent(await replayFailedEvent(db, ctx.state.user!, ctx.state.input.params.id));
