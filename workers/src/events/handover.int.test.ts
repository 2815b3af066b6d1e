/**
 * Switching the event log (issue 12): from the Postgres log to Kafka and back, with events relayed and not
 * yet read at the moment of the switch. Nothing is lost and nothing is handled twice, even once the
 * processed-event marks of what was handled long ago are gone. Each case has a database of its own (a
 * group reads everything logged there).
 */
import pino from 'pino';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { appendEvent, eventsAfterPosition, saveConsumerPosition, type Db } from '@riffline/db';
import { uniqueName } from '#test/support/database.ts';
import { unique, useFreshDb } from '#test/support/db.ts';
import { pollUntil, waitUntilGroupPassed } from '#test/support/eventLog.ts';
import { handleOnce } from './handleOnce.ts';
import { handOver } from './handover.ts';
import { kafkaLog } from './kafkaLog.ts';
import type { ConsumerGroup, EventLog } from './log.ts';
import { postgresLog } from './postgresLog.ts';
import { relayOnce } from './relay.ts';

const logger = pino({ level: 'silent' });
const brokers = inject('kafkaBrokers');
const retention = { processedDays: 7 };

/** A group that writes one row per event it handles: a repeat shows as a second row. */
const counter = (group: string): ConsumerGroup => ({
  group,
  handlers: {
    'setting.changed': async (event, trx) => {
      await trx('handover_effects').insert({ groupName: group, eventId: event.id });
    },
  },
});

/** Per event id, how often `group` handled it. */
async function handled(db: Db, group: string): Promise<Map<string, number>> {
  const rows: { eventId: string }[] = await db('handover_effects').where({ groupName: group });
  const counts = new Map<string, number>();
  for (const { eventId } of rows) counts.set(String(eventId), (counts.get(String(eventId)) ?? 0) + 1);
  return counts;
}

async function append(db: Db, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const key = unique('handover');
    const event = await db.transaction((trx) =>
      appendEvent(trx, {
        type: 'setting.changed',
        aggregateId: key,
        payload: { settingKey: key, settingValue: String(i), previousValue: null },
      }),
    );
    ids.push(event.id);
  }
  return ids;
}

/** What the running relay does, by hand: everything unpublished onto the log. */
async function drain(db: Db, log: EventLog) {
  while ((await relayOnce(db, log)) > 0);
}

const openKafka = (db: Db) =>
  kafkaLog(
    { kafka: { brokers: brokers!, clientId: uniqueName('handover'), topicPrefix: uniqueName('handover') } },
    db,
    logger,
  );

const exactlyOnce = (ids: string[]) => new Map(ids.map((id) => [id, 1]));

async function untilHandled(db: Db, group: string, ids: string[]) {
  let seen = 0;
  await pollUntil(
    'the group did not handle every event',
    async () => ((seen = (await handled(db, group)).size) === ids.length ? true : undefined),
    () => `handled ${seen} of ${ids.length}`,
    { timeoutMs: 60_000 },
  );
}

function switching(name: string, body: (db: Db) => Promise<void>) {
  describe.skipIf(!brokers)('switching the event log', () => {
    let db: Db;
    useFreshDb((fresh) => (db = fresh));
    beforeAll(async () => {
      await db.schema.createTable('handover_effects', (t) => {
        t.text('group_name').notNullable();
        t.bigInteger('event_id').notNullable();
      });
    });
    it(name, () => body(db), 90_000);
  });
}

switching(
  'Postgres log → Kafka: what a group had not read yet is published to Kafka, and handled once',
  async (db) => {
    const group = counter(unique('to-kafka'));
    const postgres = postgresLog(db, logger);
    await handOver(db, postgres, [group], logger, retention);
    expect(await db('event_log_state').first()).toMatchObject({ kind: 'postgres' });

    // 30 events relayed on the Postgres log; the group reads the first 10, then the workers stop.
    const before = await append(db, 30);
    await drain(db, postgres);
    const read = await eventsAfterPosition(db, '0', 10);
    for (const event of read) await handleOnce(db, group, event);
    await saveConsumerPosition(db, group.group, read.at(-1)!.position);
    await postgres.close();

    // They start again on Kafka: the hand-over, the relay, the group.
    const kafka = await openKafka(db);
    try {
      await handOver(db, kafka, [group], logger, retention);
      expect(await db('event_log_state').first()).toMatchObject({ kind: 'kafka' });
      const after = await append(db, 5);
      await drain(db, kafka);
      const subscription = await kafka.subscriber.subscribe(group);
      const all = [...before, ...after];
      await untilHandled(db, group.group, all);
      await subscription.stop();
      expect(await handled(db, group.group)).toEqual(exactlyOnce(all));

      // A second start on Kafka hands nothing over again.
      await handOver(db, kafka, [group], logger, retention);
      expect(await db('event_log_state').first()).toMatchObject({ kind: 'kafka' });
    } finally {
      await kafka.close();
    }
  },
);

switching(
  'Kafka → Postgres log: what was handled on Kafka is not handled again, even without its mark; the rest is handled once',
  async (db) => {
    const group = counter(unique('to-postgres'));
    const kafka = await openKafka(db);
    let early: string[];
    let late: string[];
    try {
      await handOver(db, kafka, [group], logger, retention);
      // 20 events handled on Kafka…
      early = await append(db, 20);
      await drain(db, kafka);
      const subscription = await kafka.subscriber.subscribe(group);
      await untilHandled(db, group.group, early);
      await subscription.stop();
      // …the first ten long ago: retention has taken their processed-event marks.
      const old = early.slice(0, 10);
      await db('events')
        .whereIn('id', old)
        .update({ occurredAt: db.raw("now() - interval '8 days'") });
      await db('processed_events').where({ groupName: group.group }).whereIn('eventId', old).delete();
      // 10 more relayed to Kafka that the group has not read when the workers stop.
      late = await append(db, 10);
      await drain(db, kafka);
    } finally {
      await kafka.close();
    }

    // They start again on the Postgres log.
    const postgres = postgresLog(db, logger);
    try {
      await handOver(db, postgres, [group], logger, retention);
      expect(await db('event_log_state').first()).toMatchObject({ kind: 'postgres' });
      const subscription = await postgres.subscriber.subscribe(group);
      postgres.wakeConsumers?.();
      await waitUntilGroupPassed({ db, group: group.group }, late.at(-1)!, { timeoutMs: 30_000 });
      await subscription.stop();
      expect(await handled(db, group.group)).toEqual(exactlyOnce([...early, ...late]));
    } finally {
      await postgres.close();
    }
  },
);
