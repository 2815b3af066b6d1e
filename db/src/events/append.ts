import { EventEmitter } from 'node:events';
import type { Knex } from 'knex';
import { aggregateOf, eventSchemas, type EventPayload, type EventType } from '@riffline/contracts';

/**
 * Says 'committed' when a transaction that appended events commits in this process, so a relay running
 * here (`make start` runs API and workers together) moves them at once instead of at its next poll.
 */
export const outboxSignal = new EventEmitter().setMaxListeners(50);

export interface NewEvent<T extends EventType> {
  type: T;
  aggregateId: string;
  actorId?: string | null;
  payload: EventPayload<T>;
}

export interface StoredEvent {
  id: string;
  type: string;
  aggregateType: string;
  aggregateId: string;
  actorId: string | null;
  payload: Record<string, unknown>;
  occurredAt: Date;
  position: string | null;
}

/**
 * Appends an event to the outbox inside the caller's transaction, so the event exists exactly when the
 * state change it describes commits. Refuses to run outside a transaction.
 */
export async function appendEvent<T extends EventType>(
  trx: Knex.Transaction,
  event: NewEvent<T>,
): Promise<StoredEvent> {
  if (!trx || !(trx as { isTransaction?: boolean }).isTransaction) {
    throw new Error('appendEvent must be called with a transaction (db.transaction(async (trx) => ...))');
  }
  const schema = eventSchemas[event.type];
  if (!schema) throw new Error(`unknown event type: ${String(event.type)}`);
  const payload = schema.parse(event.payload);
  signalOnCommit(trx);
  const [row] = await trx('events')
    .insert({
      type: event.type,
      aggregateType: aggregateOf(event.type),
      aggregateId: event.aggregateId,
      actorId: event.actorId ?? null,
      payload: JSON.stringify(payload),
    })
    .returning('*');
  return toStoredEvent(row);
}

type Transactor = Knex.Transaction & {
  executionPromise?: Promise<unknown>;
  parentTransaction?: Transactor;
};
const signalling = new WeakSet<object>();

/**
 * Says 'committed' on `outboxSignal` once the transaction commits: the outermost one, since a nested
 * transaction (a savepoint) ending is no commit, and once per transaction however many events it appends.
 */
function signalOnCommit(trx: Knex.Transaction): void {
  let top = trx as Transactor;
  while (top.parentTransaction) top = top.parentTransaction;
  if (signalling.has(top) || !top.executionPromise) return;
  signalling.add(top);
  top.executionPromise.then(
    () => outboxSignal.emit('committed'),
    () => undefined,
  );
}

export function toStoredEvent(row: Record<string, unknown>): StoredEvent {
  return {
    id: String(row.id),
    type: String(row.type),
    aggregateType: String(row.aggregateType),
    aggregateId: String(row.aggregateId),
    actorId: (row.actorId as string | null) ?? null,
    payload: row.payload as Record<string, unknown>, // jsonb arrives parsed (pg and PGlite)
    occurredAt: new Date(row.occurredAt as string),
    position: row.position === null || row.position === undefined ? null : String(row.position),
  };
}
