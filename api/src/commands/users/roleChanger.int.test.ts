import { expect } from 'vitest';
import { Event, User } from '@riffline/db';
import { dbTest } from '#test/support/db.ts';
import { buildAdmin } from '#test/support/factories.ts';
import { changeRole, LAST_ADMIN } from './roleChanger.ts';

// A database of its own: here the admins built by the test are the only admins there are.
const test = dbTest.extend({ freshDb: true });

test('the platform keeps its last admin, even when two admins demote each other', async ({ db }) => {
  const [a, b] = [await buildAdmin(db), await buildAdmin(db)];
  // Two admins demote each other at once: the admins' rows are locked before they are counted.
  const results = await Promise.allSettled([
    changeRole(db, a, b.id, 'artist'),
    changeRole(db, b, a.id, 'artist'),
  ]);
  expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
  const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
  expect(refused.reason).toMatchObject({ status: 409, message: LAST_ADMIN });
  const admins = await User.query(db).where('role', 'admin');
  expect(admins).toHaveLength(1);
  const demoted = [a, b].find((u) => u.id !== admins[0]!.id)!;
  const events = await Event.query(db).where({ type: 'user.roleChanged' });
  expect(events.map((e) => [e.aggregateId, e.payload])).toEqual([
    [demoted.id, { from: 'admin', to: 'artist', reason: 'admin', isApproved: true }],
  ]);

  // The one left cannot be demoted by the other's stale session either.
  await expect(changeRole(db, demoted, admins[0]!.id, 'artist')).rejects.toMatchObject({ status: 409 });
  expect((await User.query(db).findById(admins[0]!.id))?.role).toBe('admin');
});
