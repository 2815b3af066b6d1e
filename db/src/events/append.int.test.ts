import { describe, expect } from 'vitest';
import { dbTest, unique } from '#test/support/db.ts';
import { Event } from '../models/index.ts';
import { appendEvent, onOutboxCommit } from './append.ts';

const settingChanged = (aggregateId: string) =>
  ({
    type: 'setting.changed',
    aggregateId,
    actorId: null,
    payload: { settingKey: 'streams_growth_percentage', settingValue: '14', previousValue: '12.5' },
  }) as const;

describe('appendEvent', () => {
  dbTest('stores an event appended in a committed transaction', async ({ db }) => {
    const aggregateId = unique('setting');
    const appended = await db.transaction((trx) => appendEvent(trx, settingChanged(aggregateId)));
    const rows = await Event.query(db).where({ aggregateId });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: 'setting.changed',
      aggregateType: 'setting',
      payload: { settingKey: 'streams_growth_percentage', settingValue: '14', previousValue: '12.5' },
      position: null,
    });
    expect(String(rows[0]!.id)).toBe(appended.id);
  });

  dbTest('leaves nothing behind when the transaction rolls back', async ({ db }) => {
    const aggregateId = unique('setting');
    await expect(
      db.transaction(async (trx) => {
        await appendEvent(trx, settingChanged(aggregateId));
        expect(await Event.query(trx).where({ aggregateId })).toHaveLength(1);
        throw new Error('the command failed after appending');
      }),
    ).rejects.toThrow('the command failed after appending');
    expect(await Event.query(db).where({ aggregateId })).toEqual([]);
  });

  dbTest('refuses to run outside a transaction', async ({ db }) => {
    await expect(appendEvent(db as never, settingChanged(unique('setting')))).rejects.toThrow(
      'appendEvent must be called with a transaction',
    );
  });

  dbTest('refuses a payload that does not match its schema', async ({ db }) => {
    const aggregateId = unique('setting');
    await expect(
      db.transaction((trx) =>
        appendEvent(trx, { ...settingChanged(aggregateId), payload: { settingKey: '' } as never }),
      ),
    ).rejects.toThrow();
    expect(await Event.query(db).where({ aggregateId })).toEqual([]);
  });
});

describe('the commit signal', () => {
  dbTest(
    'says committed once, when the outermost transaction commits, not when a savepoint in it ends',
    async ({ db }) => {
      let signals = 0;
      const count = () => void (signals += 1);
      const stop = onOutboxCommit(db, count);
      const settle = () => new Promise((resolve) => setImmediate(resolve));
      try {
        await db.transaction(async (trx) => {
          await trx.transaction(async (savepoint) => {
            await appendEvent(savepoint, settingChanged(unique('setting')));
            await appendEvent(savepoint, settingChanged(unique('setting')));
          });
          await settle();
          expect(signals).toBe(0);
          await appendEvent(trx, settingChanged(unique('setting')));
        });
        await settle();
        expect(signals).toBe(1);
        await db
          .transaction(async (trx) => {
            await appendEvent(trx, settingChanged(unique('setting')));
            throw new Error('rolled back');
          })
          .catch(() => undefined);
        await settle();
        expect(signals).toBe(1);
      } finally {
        stop();
      }
    },
  );
});
