import { setTimeout as pause } from 'node:timers/promises';
import { Kafka, logLevel } from 'kafkajs';
import { aggregates, type EventPayload, type EventType } from '../../contracts/src/index.ts';
import {
  appendEvent,
  failureReport,
  recordFailedAttempt,
  type Config,
  type Db,
  type PositionedEvent,
  type StoredEvent,
} from '../../db/src/index.ts';
import { unique } from './db.ts';

export interface Deadline {
  /** How long to wait in all; 20 s by default. */
  timeoutMs?: number;
  /** The pause between two looks; 25 ms by default. */
  intervalMs?: number;
}

/**
 * Looks at `probe` until it answers something other than `undefined`, and resolves with that; after the
 * deadline it fails with `what` and the last thing `state` reported. A condition with a deadline, never a
 * fixed sleep.
 */
export async function pollUntil<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  state: () => string,
  { timeoutMs = 20_000, intervalMs = 25 }: Deadline = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() >= deadline) throw new Error(`${what}: not after ${timeoutMs} ms (${state()})`);
    await pause(intervalMs);
  }
}

export interface GroupOnLog {
  db: Db;
  /** The consumer group's name (`ConsumerGroup.group`, e.g. 'notifications'). */
  group: string;
  /** The workers' Kafka settings when the log is Kafka (the group is `<clientId>.<group>` there); none or
   * no brokers: the Postgres log. */
  kafka?: Config['kafka'];
}

/**
 * Resolves once `group` has read the log past event `eventId`: the event and everything logged before
 * it are handled and committed. The relay must run (or be drained) so the event gets its position.
 * - Postgres log: the group's read position in `consumer_positions` is at or after the event's position.
 * - Kafka: once the event is positioned (published with acks from all replicas), the end offsets of every
 *   topic of the log are taken; the group's committed offsets must reach them.
 * Use it instead of sleeping before asserting that nothing more arrived: wait past the event (or past a
 * marker appended after it), then assert.
 */
export async function waitUntilGroupPassed(
  { db, group, kafka }: GroupOnLog,
  eventId: string,
  deadline: Deadline = {},
): Promise<void> {
  let seen = 'the event has no position yet: is the relay running?';
  const position = await pollUntil(
    `event ${eventId} was never relayed onto the log`,
    async () => {
      const row = await db('events').where({ id: eventId }).first('position');
      if (!row) throw new Error(`event ${eventId} is not in the outbox`);
      return row.position === null ? undefined : BigInt(row.position);
    },
    () => seen,
    deadline,
  );
  if (kafka?.brokers.length) return waitOnKafka(kafka, group, eventId, deadline);

  await pollUntil(
    `consumer group '${group}' did not read past event ${eventId} (position ${position})`,
    async () => {
      const row = await db('consumer_positions').where({ groupName: group, stream: 'events' }).first();
      seen = row ? `it is at position ${row.position}` : 'it has no read position';
      return row && BigInt(row.position) >= position ? true : undefined;
    },
    () => seen,
    deadline,
  );
}

async function waitOnKafka(
  { brokers, clientId, topicPrefix }: Config['kafka'],
  group: string,
  eventId: string,
  deadline: Deadline,
): Promise<void> {
  const groupId = `${clientId}.${group}`;
  const topics = [...new Set(Object.values(aggregates))].map((family) => `${topicPrefix}.${family}`);
  const admin = new Kafka({ clientId: unique('wait'), brokers, logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const ends = new Map<string, bigint>();
    for (const topic of topics) {
      for (const p of await admin.fetchTopicOffsets(topic))
        ends.set(`${topic}/${p.partition}`, BigInt(p.high));
    }
    let behind: string[] = [];
    await pollUntil(
      `Kafka consumer group '${groupId}' did not read past event ${eventId}`,
      async () => {
        const committed = new Map<string, bigint>();
        for (const { topic, partitions } of await admin.fetchOffsets({ groupId, topics })) {
          for (const p of partitions) committed.set(`${topic}/${p.partition}`, BigInt(p.offset));
        }
        behind = [...ends]
          .filter(([key, end]) => end > 0n && (committed.get(key) ?? -1n) < end)
          .map(([key, end]) => `${key} committed ${committed.get(key) ?? -1n} of ${end}`);
        return behind.length === 0 ? true : undefined;
      },
      () => `behind on ${behind.join(', ')}`,
      deadline,
    );
  } finally {
    await admin.disconnect();
  }
}

/**
 * Appends, in its own transaction, an event no consumer group handles (`setting.changed` on a fresh
 * key): a point on the log to wait past when a test must show that nothing more arrived.
 */
export function appendMarker(db: Db): Promise<StoredEvent> {
  const settingKey = unique('marker');
  return db.transaction((trx) =>
    appendEvent(trx, {
      type: 'setting.changed',
      aggregateId: settingKey,
      payload: { settingKey, settingValue: 'marker', previousValue: null },
    }),
  );
}

/**
 * What a consumer group that gave up on an event leaves behind: a marker event (appendMarker) that `group`
 * failed `attempts` times with `error`, parked once the attempts reach `maxAttempts`. The group is a fresh
 * one unless named, so no running worker replays it. Answers the dead letter's id and its event.
 */
export async function failEvent(
  db: Db,
  {
    group = unique('group'),
    error = new TypeError("Cannot read properties of undefined (reading 'email')"),
    attempts = 1,
    maxAttempts = attempts,
  }: { group?: string; error?: Error; attempts?: number; maxAttempts?: number } = {},
): Promise<{ id: string; group: string; event: StoredEvent }> {
  const event = await appendMarker(db);
  for (let i = 0; i < attempts; i++) {
    await recordFailedAttempt(db, { group, eventId: event.id, maxAttempts, failure: failureReport(error) });
  }
  const row = await db('failed_events').where({ groupName: group, eventId: event.id }).first('id');
  return { id: String(row.id), group, event };
}

/** An event as a consumer receives it, at log position `position` (its id too), made in memory. */
export function loggedEvent<T extends EventType>(
  type: T,
  aggregateId: string,
  position: number,
  payload: EventPayload<T>,
): PositionedEvent {
  return {
    id: String(position),
    type,
    aggregateType: type.split('.')[0]!,
    aggregateId,
    actorId: null,
    payload: payload as Record<string, unknown>,
    occurredAt: new Date(),
    position: String(position),
  };
}
