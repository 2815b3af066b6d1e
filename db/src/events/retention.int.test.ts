/**
 * The pipeline's retention (retention.ts): processed-event marks go after their days, events only when
 * the policy says so and nothing still needs them. Purging runs over the whole table, so this file has a
 * database of its own.
 */
import { describe, expect } from 'vitest';
import { dbTest, unique } from '#test/support/db.ts';
import { failEvent } from '#test/support/eventLog.ts';
import type { Db } from '../connection.ts';
import { appendEvent } from './append.ts';
import { purgeEvents, purgeProcessedEvents } from './retention.ts';

const test = dbTest.extend({ freshDb: true });

const day = 86_400_000;
const now = new Date('2026-11-23T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * day);

/** An event as the relay leaves it (published at `position`, or not yet), that occurred `age` days ago. */
async function event(db: Db, age: number, position: number | null) {
  const appended = await db.transaction((trx) =>
    appendEvent(trx, {
      type: 'setting.changed',
      aggregateId: unique('setting'),
      actorId: null,
      payload: { settingKey: 'streams_growth_percentage', settingValue: '1', previousValue: null },
    }),
  );
  await db('events')
    .where({ id: appended.id })
    .update({
      occurred_at: daysAgo(age),
      position,
      published_at: position === null ? null : daysAgo(age),
    });
  return appended.id;
}

const exists = async (db: Db, id: string) => (await db('events').where({ id }).first()) !== undefined;

describe('retention of the pipeline’s rows', () => {
  test('processed-event marks go after their days, newer ones stay', async ({ db }) => {
    const old = await event(db, 30, 1);
    const recent = await event(db, 1, 2);
    await db('processed_events').insert([
      { group_name: 'g', event_id: old, processed_at: daysAgo(8) },
      { group_name: 'g', event_id: recent, processed_at: daysAgo(6) },
    ]);
    expect(await purgeProcessedEvents(db, now, { processedDays: 7, eventDays: 0 })).toBe(1);
    expect((await db('processed_events').select('event_id')).map((r) => String(r.eventId))).toEqual([recent]);
  });

  test('events are kept when eventDays is 0, whatever their age', async ({ db }) => {
    const ancient = await event(db, 3650, 10);
    expect(await purgeEvents(db, now, { processedDays: 7, eventDays: 0 })).toBe(0);
    expect(await exists(db, ancient)).toBe(true);
  });

  test('with eventDays, an event goes only when published, old enough, behind every group and not a waiting dead letter', async ({
    db,
  }) => {
    await db('consumer_positions').delete();
    await db('consumer_positions').insert([
      { group_name: 'fast', position: 200 },
      { group_name: 'slow', position: 150 },
    ]);
    const gone = await event(db, 40, 100);
    const young = await event(db, 10, 101);
    const unpublished = await event(db, 40, null);
    const aheadOfSlowGroup = await event(db, 40, 160);
    const parked = await failEvent(db, { attempts: 5 });
    await db('events')
      .where({ id: parked.event.id })
      .update({ occurred_at: daysAgo(40), position: 102 });
    const replayed = await failEvent(db, { attempts: 5 });
    await db('events')
      .where({ id: replayed.event.id })
      .update({ occurred_at: daysAgo(40), position: 103 });
    await db('failed_events').where({ id: replayed.id }).update({ status: 'replayed' });
    await db('processed_events').insert({ group_name: 'fast', event_id: gone, processed_at: daysAgo(40) });

    // (with the earlier tests' ancient event, which this file's database still holds)
    expect(await purgeEvents(db, now, { processedDays: 7, eventDays: 30 })).toBe(3);
    expect(await exists(db, gone)).toBe(false);
    expect(await exists(db, replayed.event.id)).toBe(false);
    for (const kept of [young, unpublished, aheadOfSlowGroup, parked.event.id]) {
      expect(await exists(db, kept)).toBe(true);
    }
    // Its marks went with it (ON DELETE CASCADE), and so did the finished dead letter.
    expect(await db('processed_events').where({ event_id: gone })).toEqual([]);
    expect(await db('failed_events').where({ id: replayed.id })).toEqual([]);
    expect(await db('failed_events').where({ id: parked.id })).toHaveLength(1);
  });
});
