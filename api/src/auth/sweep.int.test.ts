import { expect, it } from 'vitest';
import type { Db } from '@riffline/db';
import { useTestDb, unique } from '../../../test/support/db.ts';
import { hit } from './rateLimiter.ts';
import { sessionStore } from './sessionStore.ts';
import { sweepExpired } from './sweep.ts';

let db: Db;
useTestDb((d) => (db = d));

it('purges expired sessions, provider payloads and rate-limit windows, and keeps live ones', async () => {
  const store = sessionStore(db);
  const live = unique('sid');
  const expired = unique('sid');
  await store.set(live, { userId: 'x' }, 60_000);
  await db('sessions').insert({
    sid: expired,
    sess: JSON.stringify({}),
    expire: new Date(Date.now() - 1000),
  });
  const payload = unique('payload');
  await db('oidc_payloads').insert({
    type: 'Session',
    id: payload,
    payload: JSON.stringify({}),
    expiresAt: new Date(Date.now() - 1000),
  });
  const limit = unique('limit');
  await hit(db, limit, 5, 1);
  await new Promise((r) => setTimeout(r, 20));

  const swept = await sweepExpired(db);
  expect(swept.sessions).toBeGreaterThanOrEqual(1);
  expect(await db('sessions').where({ sid: expired })).toEqual([]);
  expect(await store.get(live)).toEqual({ userId: 'x' });
  expect(await db('oidc_payloads').where({ id: payload })).toEqual([]);
  expect(await db('rate_limits').where({ key: limit })).toEqual([]);
});

it('treats an expired session as absent even before the sweep', async () => {
  const sid = unique('sid');
  await db('sessions').insert({
    sid,
    sess: JSON.stringify({ userId: 'y' }),
    expire: new Date(Date.now() - 1),
  });
  expect(await sessionStore(db).get(sid)).toBeUndefined();
});

it('counts hits in a window and starts a new window when it has passed', async () => {
  const key = unique('window');
  expect((await hit(db, key, 2, 60_000)).allowed).toBe(true);
  expect((await hit(db, key, 2, 60_000)).allowed).toBe(true);
  const third = await hit(db, key, 2, 60_000);
  expect(third).toMatchObject({ allowed: false, hits: 3 });
  expect(third.retryAfterSeconds).toBeGreaterThan(0);
  await db('rate_limits')
    .where({ key })
    .update({ resetAt: new Date(Date.now() - 1) });
  expect(await hit(db, key, 2, 60_000)).toMatchObject({ allowed: true, hits: 1 });
});
