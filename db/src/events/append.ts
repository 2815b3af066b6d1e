import type { Knex } from 'knex';
import { aggregateOf, eventSchemas, type EventPayload, type EventType } from '@riffline/contracts';

type Conn = Pick<Knex, 'client'>;
/** Per database (its knex config, which its transactions share): who hears its outbox commits. */
const commitListeners = new WeakMap<object, Set<() => void>>();
const keyOf = (conn: Conn): object => (conn.client as { config: object }).config;

/**
 * Calls `listener` each time a transaction on `db` that appended events commits (the outermost one, once
 * however many events it appended), so a relay on the same database in this process (`make start` runs
 * the API and the workers together) moves them at once instead of at its next poll. Injected by whoever
 * listens, per database: no process-wide emitter. Answers the function that stops the listening.
 */
export function onOutboxCommit(db: Conn, listener: () => void): () => void {
  const key = keyOf(db);
  let listeners = commitListeners.get(key);
  if (!listeners) commitListeners.set(key, (listeners = new Set()));
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

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
 * Tells the database's commit listeners (onOutboxCommit) once the transaction commits: the outermost one,
 * since a nested transaction (a savepoint) ending is no commit, and once per transaction however many
 * events it appends. A rollback tells nobody.
 */
function signalOnCommit(trx: Knex.Transaction): void {
  let top = trx as Transactor;
  while (top.parentTransaction) top = top.parentTransaction;
  if (signalling.has(top) || !top.executionPromise) return;
  signalling.add(top);
  top.executionPromise.then(
    () => {
      for (const listener of commitListeners.get(keyOf(top)) ?? []) listener();
    },
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
