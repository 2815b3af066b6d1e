import { expect, vi } from 'vitest';
import { isEmbedded } from '../connection.ts';
import { dbTest, unique } from '#test/support/db.ts';
import { listenForOutbox } from './notify.ts';

dbTest(
  'hears every commit that appends events, from any connection, and none that rolls back',
  async ({ db }) => {
    let heard = 0;
    const listener = listenForOutbox(db, () => void (heard += 1));
    try {
      if (isEmbedded(db)) return; // one process: the in-process signal is all there is to hear
      await vi.waitFor(() => expect(heard).toBe(1), { timeout: 10_000 }); // the first call, once listening
      const insert = (trx: typeof db) =>
        trx('events').insert({
          type: 'setting.changed',
          aggregateType: 'setting',
          aggregateId: unique('setting'),
          payload: JSON.stringify({ settingKey: 'k', settingValue: '1', previousValue: null }),
        });
      // a rolled back insert, then a committed one: only the second is heard
      await db
        .transaction(async (trx) => {
          await insert(trx);
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      await db.transaction(async (trx) => {
        await insert(trx);
        await insert(trx);
      });
      await vi.waitFor(() => expect(heard).toBe(2), { timeout: 10_000 });
    } finally {
      await listener.close();
    }
  },
);
