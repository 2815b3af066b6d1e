import { expect } from 'vitest';
import { PaymentTransaction, User } from '@riffline/db';
import { dbTest, unique } from '#test/support/db.ts';
import { buildArtist } from '#test/support/factories.ts';
import { hit } from './rateLimiter.ts';
import { sessionStore, userReadWithSession } from './sessionStore.ts';
import { sweepExpired } from './sweep.ts';

dbTest(
  'purges expired sessions, provider payloads and rate-limit windows, and keeps live ones',
  async ({ db }) => {
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const store = sessionStore(db, () => now);
    const live = unique('sid');
    const expired = unique('sid');
    await store.set(live, { userId: 'x' }, 60_000);
    await db('sessions').insert({ sid: expired, sess: JSON.stringify({}), expire: ago(1000) });
    const payload = unique('payload');
    await db('oidc_payloads').insert({
      type: 'Session',
      id: payload,
      payload: JSON.stringify({}),
      expiresAt: ago(1000),
    });
    const ended = unique('limit');
    await hit(db, ended, 5, 1000, ago(60_000)); // a one-second window that ended 59 s before `now`
    const current = unique('limit');
    await hit(db, current, 5, 60_000, ago(1000));

    const swept = await sweepExpired(db, now);
    expect(swept.sessions).toBeGreaterThanOrEqual(1);
    expect(await db('sessions').where({ sid: expired })).toEqual([]);
    expect(await store.get(live)).toEqual({ userId: 'x', _user: null }); // no user 'x': none read with it
    expect(await db('oidc_payloads').where({ id: payload })).toEqual([]);
    expect(await db('rate_limits').where({ key: ended })).toEqual([]);
    expect(await db('rate_limits').where({ key: current })).toHaveLength(1);
  },
);

dbTest('treats an expired session as absent even before the sweep', async ({ db }) => {
  const sid = unique('sid');
  await db('sessions').insert({
    sid,
    sess: JSON.stringify({ userId: 'y' }),
    expire: new Date(Date.now() - 1),
  });
  expect(await sessionStore(db).get(sid)).toBeUndefined();
});

dbTest('counts hits in a window and starts a new window when it has passed', async ({ db }) => {
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

dbTest('expires coin top-ups left pending past their time, and only those', async ({ db }) => {
  const user = await buildArtist(db);
  // Real time: a sweep at a later moment would expire other test files' fresh orders in the shared database.
  const now = new Date();
  const order = (orderId: string, minutesAgo: number, status = 'pending') => ({
    userId: user.id,
    type: 'recharge' as const,
    orderId,
    amount: '10.00',
    status: status as 'pending',
    createdAt: new Date(now.getTime() - minutesAgo * 60_000),
  });
  const [stale, fresh, paid] = [unique('STALE'), unique('FRESH'), unique('PAID')];
  await PaymentTransaction.query(db).insert([
    order(stale, 31),
    order(fresh, 29),
    order(paid, 90, 'completed'),
  ]);
  const swept = await sweepExpired(db, now, 30 * 60_000);
  expect(swept.recharges).toBeGreaterThanOrEqual(1);
  const statuses = await PaymentTransaction.query(db).whereIn('orderId', [stale, fresh, paid]);
  expect(Object.fromEntries(statuses.map((t) => [t.orderId, t.status]))).toEqual({
    [stale]: 'expired',
    [fresh]: 'pending',
    [paid]: 'completed',
  });
});

dbTest(
  'reads the user a session names with it, and a session from a user since gone as nobody',
  async ({ db }) => {
    const artist = await buildArtist(db);
    const store = sessionStore(db);
    const sid = unique('sid');
    await store.set(sid, { userId: artist.id }, 60_000);
    const read = await store.get(sid);
    expect(userReadWithSession(read)).toMatchObject({ id: artist.id, email: artist.email, role: 'artist' });
    expect(userReadWithSession(read)).toBeInstanceOf(User);
    // what a session saves never includes the user read with it (koa-session leaves `_` keys out)
    expect(Object.keys((await db('sessions').where({ sid }).first()).sess)).toEqual(['userId']);
    // a session that names another user than the one read with it (changed since) reads that user afresh
    expect(userReadWithSession({ ...read, userId: 'someone-else' })).toBeUndefined();
    await db('users').where({ id: artist.id }).delete();
    expect(userReadWithSession(await store.get(sid))).toBeNull();
  },
);
