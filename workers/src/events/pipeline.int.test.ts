import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { appendEvent, type Config, type Db } from '@riffline/db';
import { uniqueName } from '#test/support/database.ts';
import { unique, useFreshDb } from '#test/support/db.ts';
import { waitUntilGroupPassed } from '#test/support/eventLog.ts';
import { kafkaLog } from './kafkaLog.ts';
import type { ConsumerGroup, EventLog, Subscription } from './log.ts';
import { postgresLog } from './postgresLog.ts';
import { relayOnce, startRelay } from './relay.ts';

const logger = pino({ level: process.env.DEBUG_PIPELINE ? 'debug' : 'silent' });
const brokers = inject('kafkaBrokers');
const topicPrefix = uniqueName('pipeline');

interface LogUnderTest {
  open(db: Db): Promise<EventLog>;
  /** A log that delivers everything again to the same groups, as a crash before the commit of a read
   * position or an offset would. */
  rewound(db: Db, log: EventLog, group: string): Promise<EventLog>;
  /** What `waitUntilGroupPassed` needs to find a group's read position on this log. */
  kafka?: Config['kafka'];
}

const postgres: LogUnderTest = {
  open: async (db) => postgresLog(db, logger),
  rewound: async (db, log, group) => {
    await db('consumer_positions').where({ groupName: group }).update({ position: 0 });
    return log;
  },
};

const kafkaConfig = (clientId: string) => ({ kafka: { brokers: brokers ?? [], clientId, topicPrefix } });
const kafka: LogUnderTest = {
  open: (db) => kafkaLog(kafkaConfig('pipeline-test'), db, logger),
  // Kafka consumer groups are named `<client id>.<group>`: another client id reads the topics afresh.
  rewound: (db) => kafkaLog(kafkaConfig(uniqueName('pipeline-rewound')), db, logger),
  kafka: kafkaConfig('pipeline-test').kafka,
};

/** What the running relay does, by hand: everything unpublished onto the log. */
async function drain(db: Db, log: EventLog) {
  while ((await relayOnce(db, log)) > 0) log.published();
}

/** Appends `setting.changed` events for one aggregate, each in its own committed transaction. */
async function append(db: Db, aggregateId: string, values: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const value of values) {
    await db.transaction(async (trx) => {
      const event = await appendEvent(trx, {
        type: 'setting.changed',
        aggregateId,
        payload: { settingKey: aggregateId, settingValue: value, previousValue: null },
      });
      ids.push(event.id);
    });
  }
  return ids;
}

describe.each([
  { name: 'the Postgres log', log: postgres, skip: false },
  { name: 'Kafka', log: kafka, skip: !brokers },
])('the event pipeline on $name', ({ log: under, skip }) => {
  let db: Db;
  useFreshDb((fresh) => (db = fresh));
  let log: EventLog;
  const running: { stop(): Promise<void> }[] = [];

  beforeAll(async () => {
    if (skip) return;
    await db.schema.createTable('pipeline_effects', (t) => {
      t.text('group_name');
      t.bigInteger('event_id');
      t.text('aggregate_id');
      t.text('value');
      t.bigInteger('position');
    });
    log = await under.open(db);
    running.push({ stop: () => log.close() });
  });
  afterEach(async () => {
    while (running.length > 1) await running.pop()!.stop();
  });
  afterAll(async () => {
    await running.pop()?.stop();
  });

  /** A group that writes one effect row per event, failing the first try of any value in `failOnce`. */
  function recorder(group: string, failOnce: string[] = []): ConsumerGroup {
    const failed = new Set<string>();
    return {
      group,
      handlers: {
        'setting.changed': async (event, trx) => {
          await trx('pipeline_effects').insert({
            groupName: group,
            eventId: event.id,
            aggregateId: event.aggregateId,
            value: event.payload.settingValue,
            position: event.position,
          });
          if (failOnce.includes(event.payload.settingValue) && !failed.has(event.payload.settingValue)) {
            failed.add(event.payload.settingValue);
            throw new Error('the handler failed once');
          }
        },
      },
    };
  }

  async function subscribe(group: ConsumerGroup): Promise<Subscription> {
    const subscription = await log.subscribe(group);
    running.push(subscription);
    return subscription;
  }

  const effects = (group: string, aggregateId: string) =>
    db('pipeline_effects').where({ groupName: group, aggregateId }).orderBy('position');

  async function waitForEffects(group: string, aggregateId: string, count: number) {
    await expect
      .poll(async () => (await effects(group, aggregateId)).length, { timeout: 20_000, interval: 50 })
      .toBeGreaterThanOrEqual(count);
    return effects(group, aggregateId);
  }

  it.skipIf(skip)(
    'relays committed events in order, never a rolled-back one, each handled once',
    async () => {
      const aggregate = unique('agg');
      const group = unique('g');
      await subscribe(recorder(group));
      running.push(startRelay(db, log, logger));

      await append(db, aggregate, ['one', 'two']);
      await expect(
        db.transaction(async (trx) => {
          await appendEvent(trx, {
            type: 'setting.changed',
            aggregateId: aggregate,
            payload: { settingKey: aggregate, settingValue: 'rolled back', previousValue: null },
          });
          throw new Error('the command failed');
        }),
      ).rejects.toThrow('the command failed');
      const [last] = await append(db, aggregate, ['three']);

      // Once the group has read past the last event, everything it will ever do with these is done.
      await waitUntilGroupPassed({ db, group, kafka: under.kafka }, last!);
      const rows = await effects(group, aggregate);
      expect(rows.map((r) => r.value)).toEqual(['one', 'two', 'three']);
      const positions = rows.map((r) => Number(r.position));
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      expect(await db('events').where({ aggregateId: aggregate }).whereNull('position')).toEqual([]);
    },
  );

  it.skipIf(skip)('a redelivered event changes nothing', async () => {
    const aggregate = unique('agg');
    const group = unique('g');
    await append(db, aggregate, ['a', 'b', 'c']);
    await drain(db, log);
    const first = await subscribe(recorder(group));
    await waitForEffects(group, aggregate, 3);
    await first.stop();

    const again = await under.rewound(db, log, group);
    if (again !== log) running.push({ stop: () => again.close() });
    running.push(await again.subscribe(recorder(group)));
    await append(db, aggregate, ['after the rewind']);
    await drain(db, log);
    const rows = await waitForEffects(group, aggregate, 4);
    expect(rows.map((r) => r.value)).toEqual(['a', 'b', 'c', 'after the rewind']);
    const processed = await db('processed_events')
      .join('events', 'events.id', 'processed_events.event_id')
      .where({ groupName: group, aggregateId: aggregate })
      .count({ n: '*' })
      .first();
    expect(processed).toMatchObject({ n: 4 });
  });

  it.skipIf(skip)('a handler that throws is retried, and its first try leaves no trace', async () => {
    const aggregate = unique('agg');
    const group = unique('g');
    await subscribe(recorder(group, ['flaky']));
    running.push(startRelay(db, log, logger));
    await append(db, aggregate, ['steady', 'flaky', 'last']);
    const rows = await waitForEffects(group, aggregate, 3);
    expect(rows.map((r) => r.value)).toEqual(['steady', 'flaky', 'last']);
  });

  // Two open transactions need a server (PGlite has one connection).
  it.skipIf(skip || !inject('databaseServerUrl'))(
    'positions follow commit order: an event that commits late is still delivered, after',
    async () => {
      const aggregate = unique('agg');
      const group = unique('g');
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let appended!: () => void;
      const inserted = new Promise<void>((r) => (appended = r));
      // The first event takes the smaller id but commits last.
      const late = db.transaction(async (trx) => {
        await appendEvent(trx, {
          type: 'setting.changed',
          aggregateId: aggregate,
          payload: { settingKey: aggregate, settingValue: 'smaller id, committed late', previousValue: null },
        });
        appended();
        await held;
      });
      await inserted;
      const [early] = await append(db, aggregate, ['larger id, committed first']);
      await drain(db, log);
      await subscribe(recorder(group));
      await waitForEffects(group, aggregate, 1);
      release();
      await late;
      await drain(db, log);
      const rows = await waitForEffects(group, aggregate, 2);
      expect(rows.map((r) => r.value)).toEqual(['larger id, committed first', 'smaller id, committed late']);
      expect(Number(rows[0]!.eventId)).toBe(Number(early));
      expect(Number(rows[1]!.eventId)).toBeLessThan(Number(early));
    },
  );
});
