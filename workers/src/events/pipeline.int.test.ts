import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { appendEvent, isEmbedded, requestReplay, type Config, type Db } from '@riffline/db';
import { uniqueName } from '#test/support/database.ts';
import { unique, useFreshDb } from '#test/support/db.ts';
import { pollUntil, waitUntilGroupPassed } from '#test/support/eventLog.ts';
import type { RetryPolicy } from './deliver.ts';
import { kafkaLog } from './kafkaLog.ts';
import type { ConsumerGroup, EventLog, Subscription } from './log.ts';
import { postgresLog } from './postgresLog.ts';
import { RELAY_BATCH, relayOnce, startRelay } from './relay.ts';

const logger = pino({ level: process.env.DEBUG_PIPELINE ? 'debug' : 'silent' });
const brokers = inject('kafkaBrokers');
const topicPrefix = uniqueName('pipeline');

/** Three attempts, 20 ms then 40 ms apart: the suite's poison events park in well under a second. */
const quickRetry: RetryPolicy = { maxAttempts: 3, delayMs: (attempt) => 20 * 2 ** (attempt - 1) };

interface LogUnderTest {
  open(db: Db, retry?: RetryPolicy): Promise<EventLog>;
  /** A log that delivers everything again to the same groups, as a crash before the commit of a read
   * position or an offset would, and what `waitUntilGroupPassed` needs on it. */
  rewound(db: Db, log: EventLog, group: string): Promise<{ log: EventLog; kafka?: Config['kafka'] }>;
  /** What `waitUntilGroupPassed` needs to find a group's read position on this log. */
  kafka?: Config['kafka'];
}

const postgres: LogUnderTest = {
  open: async (db, retry = quickRetry) => postgresLog(db, logger, { retry }),
  rewound: async (db, log, group) => {
    await db('consumer_positions').where({ groupName: group }).update({ position: 0 });
    return { log };
  },
};

// Three partitions a topic (production's default is one): an aggregate's order must hold across them.
const kafkaConfig = (clientId: string) => ({
  kafka: { brokers: brokers ?? [], clientId, topicPrefix, partitions: 3 },
});
const kafka: LogUnderTest = {
  open: (db, retry = quickRetry) => kafkaLog(kafkaConfig('pipeline-test'), db, logger, { retry }),
  // Kafka consumer groups are named `<client id>.<group>`: another client id reads the topics afresh.
  rewound: async (db) => {
    const { kafka: config } = kafkaConfig(uniqueName('pipeline-rewound'));
    return { log: await kafkaLog({ kafka: config }, db, logger, { retry: quickRetry }), kafka: config };
  },
  kafka: kafkaConfig('pipeline-test').kafka,
};

/** What the running relay does, by hand: everything unpublished onto the log. */
async function drain(db: Db, log: EventLog) {
  while ((await relayOnce(db, log)) > 0);
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
    const subscription = await log.subscriber.subscribe(group);
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

  /**
   * A group that writes one effect row per event, like `recorder`, and fails on `poison` (the event of
   * that value on that aggregate) with whatever `failure` throws while it is set: a TypeError at first.
   * Each try at the poison event is timed in `tries`.
   */
  function poisoned(group: string, aggregate: string, poison = 'poison') {
    const state = {
      tries: [] as number[],
      failure: ((event: { payload: unknown }) =>
        // A real bug: reading a property of something that is not there.
        (event.payload as { missing: { value: string } }).missing.value) as
        ((event: { payload: unknown }) => unknown) | null,
    };
    const consumer: ConsumerGroup = {
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
          if (event.aggregateId === aggregate && event.payload.settingValue === poison) {
            state.tries.push(performance.now());
            state.failure?.(event);
          }
        },
      },
    };
    return { consumer, state };
  }

  const deadLetter = (group: string, eventId: string) =>
    db('failed_events').where({ groupName: group, eventId }).first();

  /** An admin's replay request, as the API's command commits it, and the log position it gets. */
  async function replay(group: string, eventId: string) {
    const row = await deadLetter(group, eventId);
    const request = await db.transaction((trx) => requestReplay(trx, row.id, null));
    if (request.outcome !== 'requested') throw new Error(`replay refused: ${JSON.stringify(request)}`);
    return request.event.id;
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

  it.skipIf(skip)(
    'a full relay step of large events (2 MB for one aggregate) reaches the group whole, in order, each once',
    async () => {
      const aggregate = unique('agg');
      const group = unique('g');
      await subscribe(recorder(group));
      // One step's worth, committed together: on Kafka all of them go to one partition, twice the
      // broker's limit for one batch (message.max.bytes, 1 MB).
      const values = Array.from(
        { length: RELAY_BATCH },
        (_, i) => `${String(i).padStart(4, '0')}${'x'.repeat(2_000)}`,
      );
      const ids = await db.transaction(async (trx) => {
        const appended: string[] = [];
        for (const value of values) {
          const event = await appendEvent(trx, {
            type: 'setting.changed',
            aggregateId: aggregate,
            payload: { settingKey: aggregate, settingValue: value, previousValue: null },
          });
          appended.push(event.id);
        }
        return appended;
      });
      expect(await relayOnce(db, log)).toBe(RELAY_BATCH);
      await waitUntilGroupPassed({ db, group, kafka: under.kafka }, ids.at(-1)!);
      const rows = await effects(group, aggregate);
      expect(rows.map((r) => r.value)).toEqual(values);
    },
  );

  it.skipIf(skip)(
    'the relay moves what another process commits when PostgreSQL tells it, not at its next poll',
    async () => {
      // On PGlite every writer is this process, and its commits wake the relay through the in-process signal.
      if (isEmbedded(db)) return;
      running.push(startRelay(db, log, logger, { idleMs: 600_000 }));
      await pollUntil(
        'the relay did not catch up',
        async () => ((await db('events').whereNull('position').first()) ? undefined : true),
        () => 'events left unpositioned',
      );
      // A plain insert, as another process would commit it: no in-process signal, only the NOTIFY.
      const [row] = await db('events')
        .insert({
          type: 'setting.changed',
          aggregateType: 'setting',
          aggregateId: unique('agg'),
          payload: JSON.stringify({ settingKey: 'k', settingValue: 'v', previousValue: null }),
        })
        .returning('id');
      await pollUntil(
        'the event committed elsewhere was not relayed (the idle poll is 10 minutes)',
        async () => (await db('events').where({ id: row.id }).first())?.position ?? undefined,
        () => 'not positioned',
        { timeoutMs: 10_000 },
      );
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

    const { log: again } = await under.rewound(db, log, group);
    if (again !== log) running.push({ stop: () => again.close() });
    running.push(await again.subscriber.subscribe(recorder(group)));
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
    const [, flaky, last] = await append(db, aggregate, ['steady', 'flaky', 'last']);
    await waitUntilGroupPassed({ db, group, kafka: under.kafka }, last!);
    const rows = await effects(group, aggregate);
    expect(rows.map((r) => r.value)).toEqual(['steady', 'flaky', 'last']);
    // The retry that succeeded took its attempt count away with it: no dead letter.
    expect(await db('failed_events').where({ groupName: group, eventId: flaky })).toEqual([]);
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

  it.skipIf(skip)(
    'a handler that throws a TypeError is retried after growing pauses, parked after N attempts, and the group moves on',
    async () => {
      const aggregate = unique('agg');
      const other = unique('agg');
      const group = unique('g');
      const { consumer, state } = poisoned(group, aggregate);
      await subscribe(consumer);
      running.push(startRelay(db, log, logger));
      const [, poison] = await append(db, aggregate, ['before', 'poison', 'after']);
      const [last] = await append(db, other, ['on another aggregate']);

      await waitUntilGroupPassed({ db, group, kafka: under.kafka }, last!);
      // Later events of the same aggregate and of others were handled; the poison event left no writes.
      expect((await effects(group, aggregate)).map((r) => r.value)).toEqual(['before', 'after']);
      expect((await effects(group, other)).map((r) => r.value)).toEqual(['on another aggregate']);
      expect(await db('processed_events').where({ groupName: group, eventId: poison })).toEqual([]);
      // Tried maxAttempts (3) times, after pauses of at least 20 and 40 ms: no spinning.
      expect(state.tries).toHaveLength(3);
      const gaps = state.tries.slice(1).map((t, i) => t - state.tries[i]!);
      expect(gaps[0]).toBeGreaterThanOrEqual(19);
      expect(gaps[1]).toBeGreaterThanOrEqual(39);
      expect(await log.subscriber.lags([group])).toEqual({ [group]: 0 });
      const parked = await deadLetter(group, poison!);
      expect(parked).toMatchObject({
        status: 'parked',
        attempts: 3,
        error: expect.stringMatching(/^TypeError: Cannot read properties of undefined/),
        stack: expect.stringContaining('TypeError'),
        parkedAt: expect.any(Date),
      });
    },
  );

  it.skipIf(skip)(
    'a replay that fails parks the event again with the new error; after the fix it is applied exactly once',
    async () => {
      const aggregate = unique('agg');
      const group = unique('g');
      const { consumer, state } = poisoned(group, aggregate);
      const first = await subscribe(consumer);
      running.push(startRelay(db, log, logger));
      const [, poison, last] = await append(db, aggregate, ['before', 'poison', 'after']);
      await waitUntilGroupPassed({ db, group, kafka: under.kafka }, last!);
      expect(await deadLetter(group, poison!)).toMatchObject({ status: 'parked', attempts: 3 });

      // Still broken, another way: one try, parked again with the new error.
      state.failure = () => {
        throw new RangeError('still out of range');
      };
      await waitUntilGroupPassed({ db, group, kafka: under.kafka }, await replay(group, poison!));
      expect(state.tries).toHaveLength(4);
      expect(await deadLetter(group, poison!)).toMatchObject({
        status: 'parked',
        attempts: 4,
        error: 'RangeError: still out of range',
      });
      expect((await effects(group, aggregate)).map((r) => r.value)).toEqual(['before', 'after']);

      // Fixed: the replay applies it, once, in its place in the log.
      state.failure = null;
      await waitUntilGroupPassed({ db, group, kafka: under.kafka }, await replay(group, poison!));
      expect((await effects(group, aggregate)).map((r) => r.value)).toEqual(['before', 'poison', 'after']);
      expect(await deadLetter(group, poison!)).toMatchObject({
        status: 'replayed',
        replayedAt: expect.any(Date),
      });
      const { id } = await deadLetter(group, poison!);
      const again = await db.transaction((trx) => requestReplay(trx, id, null));
      expect(again).toEqual({ outcome: 'not parked', state: 'replayed' });

      // Everything delivered again (the event and both replay requests) changes nothing.
      await first.stop();
      const rewound = await under.rewound(db, log, group);
      if (rewound.log !== log) running.push({ stop: () => rewound.log.close() });
      running.push(await rewound.log.subscriber.subscribe(consumer));
      const [marker] = await append(db, aggregate, ['after the rewind']);
      await waitUntilGroupPassed({ db, group, kafka: rewound.kafka }, marker!);
      expect((await effects(group, aggregate)).map((r) => r.value)).toEqual([
        'before',
        'poison',
        'after',
        'after the rewind',
      ]);
      expect(state.tries).toHaveLength(5);
      expect(await db('processed_events').where({ groupName: group, eventId: poison })).toHaveLength(1);
    },
  );

  it.skipIf(skip)(
    'a restart resumes from the stored position: attempts carry over, a parked event is not tried again',
    async () => {
      const aggregate = unique('agg');
      const group = unique('g');
      const { consumer, state } = poisoned(group, aggregate);
      // The first run pauses a minute after the second failure: it is stopped in that pause.
      const patient = await under.open(db, { maxAttempts: 3, delayMs: (n) => (n < 2 ? 10 : 60_000) });
      running.push({ stop: () => patient.close() });
      const firstRun = await patient.subscriber.subscribe(consumer);
      running.push(firstRun);
      const [before, poison] = await append(db, aggregate, ['before', 'poison', 'after']);
      await drain(db, patient);
      await pollUntil(
        'the second failure was not counted',
        async () => ((await deadLetter(group, poison!))?.attempts === 2 ? true : undefined),
        () => `tries: ${state.tries.length}`,
      );
      await firstRun.stop();
      await patient.close();
      expect((await effects(group, aggregate)).map((r) => r.value)).toEqual(['before']);
      // The poison event and the one after it wait for the group.
      expect((await log.subscriber.lags([group]))[group]).toBeGreaterThanOrEqual(2);

      // Restarted: the count goes on from the table, so one more try parks it, and the group moves on.
      const secondRun = await subscribe(consumer);
      const [later] = await append(db, unique('agg'), ['later']);
      await drain(db, log);
      await waitUntilGroupPassed({ db, group, kafka: under.kafka }, later!);
      expect(state.tries).toHaveLength(3);
      expect(await deadLetter(group, poison!)).toMatchObject({ status: 'parked', attempts: 3 });
      expect((await effects(group, aggregate)).map((r) => r.value)).toEqual(['before', 'after']);

      // Restarted again: it reads on after the parked event, which is not tried again.
      await secondRun.stop();
      await subscribe(consumer);
      const [latest] = await append(db, aggregate, ['latest']);
      await drain(db, log);
      await waitUntilGroupPassed({ db, group, kafka: under.kafka }, latest!);
      expect(state.tries).toHaveLength(3);
      expect((await effects(group, aggregate)).map((r) => r.value)).toEqual(['before', 'after', 'latest']);
      expect(await db('processed_events').where({ groupName: group, eventId: before })).toHaveLength(1);
    },
  );
});
