import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { describe, expect } from 'vitest';
import { dbTest, unique } from '#test/support/db.ts';
import { appendMarker } from '#test/support/eventLog.ts';
import type { Db } from '@riffline/db';
import { deliver, deliverBatch, retryPolicy } from './deliver.ts';
import type { ConsumerGroup, LoggedEvent } from './log.ts';

describe('deliver', () => {
  dbTest(
    'a handler that runs long keeps its Kafka member alive (heartbeats while it runs, and stops after)',
    async ({ db }) => {
      const marker = await appendMarker(db);
      let beats = 0;
      const outcome = await deliver(
        {
          db,
          logger: pino({ level: 'silent' }),
          retry: retryPolicy(1),
          signal: new AbortController().signal,
          heartbeat: async () => {
            beats += 1;
          },
          heartbeatEveryMs: 50,
        },
        // A store report's import, in miniature: longer than several heartbeat intervals.
        { group: unique('slow'), handlers: { 'setting.changed': () => sleep(500) } },
        { ...marker, position: '1' } as LoggedEvent,
      );
      expect(outcome).toBe('handled');
      expect(beats).toBeGreaterThanOrEqual(5);
      const after = beats;
      await sleep(200);
      expect(beats).toBe(after);
    },
  );
});

/** Five logged events, and a table of the file's own where handlers write what they did. */
async function batchOf(db: Db, n = 5) {
  const table = unique('batch_effects').replace(/-/g, '_');
  await db.schema.createTable(table, (t) => t.bigInteger('event_id').notNullable());
  const events: LoggedEvent[] = [];
  for (let i = 0; i < n; i++)
    events.push({ ...(await appendMarker(db)), position: String(i + 1) } as LoggedEvent);
  const effects = async () =>
    ((await db(table).select('eventId')) as { eventId: string }[]).map((r) => String(r.eventId)).sort();
  return { table, events, effects };
}

const quickly = (maxAttempts: number) => ({
  logger: pino({ level: 'silent' }),
  retry: { maxAttempts, delayMs: () => 0 },
  signal: new AbortController().signal,
});

describe('deliverBatch', () => {
  dbTest(
    'one transaction for the batch; a handler that throws rolls it back, and the batch goes on as one at a time would',
    async ({ db }) => {
      const { table, events, effects } = await batchOf(db);
      const calls = new Map<string, number>();
      const told: string[] = [];
      const failing = events[2]!.id;
      const group: ConsumerGroup = {
        group: unique('batch'),
        handlers: {
          'setting.changed': async (event, trx) => {
            calls.set(event.id, (calls.get(event.id) ?? 0) + 1);
            await trx(table).insert({ eventId: event.id });
            if (event.id === failing && calls.get(event.id) === 1) throw new TypeError('once');
          },
        },
        delivered: (event, outcome) => told.push(`${event.id} ${outcome}`),
      };
      const positions: string[] = [];
      const within = async (conn: Db, last: LoggedEvent) => void positions.push(last.id);
      await deliverBatch({ db, ...quickly(3) }, group, events, within);

      const ids = events.map((e) => e.id);
      // Each effect once; the events before the failing one ran twice (the first run rolled back).
      expect(await effects()).toEqual([...ids].sort());
      expect(ids.map((id) => calls.get(id))).toEqual([2, 2, 2, 1, 1]);
      expect(told).toEqual(ids.map((id) => `${id} handled`));
      expect(positions).toEqual([ids[1], ids[2], ids[4]]);
      // The failing event's retry succeeded: no dead letter is left.
      expect(await db('failed_events').where({ groupName: group.group })).toEqual([]);

      // Delivered again (a redelivery): nothing runs, nothing changes.
      told.length = 0;
      await deliverBatch({ db, ...quickly(3) }, group, events, within);
      expect(ids.map((id) => calls.get(id))).toEqual([2, 2, 2, 1, 1]);
      expect(told).toEqual(ids.map((id) => `${id} skipped`));
      expect(await effects()).toEqual([...ids].sort());
    },
  );

  dbTest(
    'an event twice in one batch (published again by a relay that crashed) is handled once',
    async ({ db }) => {
      const { table, events, effects } = await batchOf(db, 2);
      const [first, second] = events as [LoggedEvent, LoggedEvent];
      const copy = { ...first, position: '3' };
      const told: string[] = [];
      const group: ConsumerGroup = {
        group: unique('batch'),
        handlers: {
          'setting.changed': async (event, trx) => void (await trx(table).insert({ eventId: event.id })),
        },
        delivered: (event, outcome) => told.push(`${event.position} ${outcome}`),
      };
      await deliverBatch({ db, ...quickly(3) }, group, [first, second, copy]);
      expect(await effects()).toEqual([first.id, second.id].sort());
      expect(told).toEqual(['1 handled', '2 handled', '3 skipped']);
    },
  );

  dbTest(
    'a handler that keeps throwing is called maxAttempts times, parked, and the rest are handled',
    async ({ db }) => {
      const { table, events, effects } = await batchOf(db, 3);
      const poison = events[1]!.id;
      let poisonCalls = 0;
      const group: ConsumerGroup = {
        group: unique('batch'),
        handlers: {
          'setting.changed': async (event, trx) => {
            if (event.id === poison) {
              poisonCalls += 1;
              throw new TypeError("Cannot read properties of undefined (reading 'email')");
            }
            await trx(table).insert({ eventId: event.id });
          },
        },
      };
      await deliverBatch({ db, ...quickly(3) }, group, events);
      expect(poisonCalls).toBe(3);
      expect(await effects()).toEqual([events[0]!.id, events[2]!.id].sort());
      const [parked] = await db('failed_events').where({ groupName: group.group });
      expect(parked).toMatchObject({ status: 'parked', attempts: 3 });
      expect(String(parked.eventId)).toBe(poison);
    },
  );

  dbTest(
    "a group's bulk path gets the claimed events in one call, each once; when it throws, the one-event handlers take over",
    async ({ db }) => {
      const { table, events, effects } = await batchOf(db, 4);
      const ids = events.map((e) => e.id);
      const bulkCalls: string[][] = [];
      const singleCalls: string[] = [];
      let bulkFails = false;
      const told: string[] = [];
      const group: ConsumerGroup = {
        group: unique('bulk'),
        handlers: {
          'setting.changed': async (event, trx) => {
            singleCalls.push(event.id);
            await trx(table).insert({ eventId: event.id });
          },
        },
        handleBatch: async (batch, trx) => {
          bulkCalls.push(batch.map((e) => e.id));
          await trx(table).insert(batch.map((e) => ({ eventId: e.id })));
          if (bulkFails) throw new TypeError('the bulk write went wrong');
        },
        delivered: (event, outcome) => told.push(`${event.id} ${outcome}`),
      };
      const [a, b, c, d] = events as [LoggedEvent, LoggedEvent, LoggedEvent, LoggedEvent];
      // b was handled before (it is claimed already); a comes twice (a relay's resend).
      await deliverBatch({ db, ...quickly(3) }, group, [b]);
      bulkCalls.length = 0;
      told.length = 0;
      await deliverBatch({ db, ...quickly(3) }, group, [a, b, { ...a, position: '9' }]);
      expect(bulkCalls).toEqual([[a.id]]);
      expect(told).toEqual([`${a.id} handled`, `${b.id} skipped`, `${a.id} skipped`]);
      expect(singleCalls).toEqual([]);

      bulkFails = true;
      told.length = 0;
      await deliverBatch({ db, ...quickly(3) }, group, [c, d]);
      expect(bulkCalls.at(-1)).toEqual([c.id, d.id]);
      // Rolled back, then each through its own handler: every effect once, no dead letter.
      expect(singleCalls).toEqual([c.id, d.id]);
      expect(await effects()).toEqual([...ids].sort());
      expect(told).toEqual([`${c.id} handled`, `${d.id} handled`]);
      expect(await db('failed_events').where({ groupName: group.group })).toEqual([]);
    },
  );

  dbTest(
    "a group's pause for an event is waited out before the batch's transaction opens, holding no connection",
    async ({ db }) => {
      const { table, events, effects } = await batchOf(db, 3);
      const pool = db.client.pool as { numUsed(): number };
      const waited: Array<{ event: string; connectionsInUse: number }> = [];
      const group: ConsumerGroup = {
        group: unique('waiting'),
        handlers: {
          'setting.changed': async (event, trx) => void (await trx(table).insert({ eventId: event.id })),
        },
        waitBefore: async (event) => void waited.push({ event: event.id, connectionsInUse: pool.numUsed() }),
      };
      await deliverBatch({ db, ...quickly(3) }, group, events);
      expect(waited).toEqual(events.map((e) => ({ event: e.id, connectionsInUse: 0 })));
      expect(await effects()).toEqual(events.map((e) => e.id).sort());
    },
  );
});
