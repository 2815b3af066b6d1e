import { expect } from 'vitest';
import { Application, Event, User } from '@riffline/db';
import { dbTest } from '#test/support/db.ts';
import { buildAdmin, buildApplication, buildArtist } from '#test/support/factories.ts';
import { changeApproval } from './approvalChanger.ts';

dbTest(
  'approves the user, their pending application and appends both events together, or none of them',
  async ({ db }) => {
    const admin = await buildAdmin(db);
    const user = await buildArtist(db);
    const application = await buildApplication(db, { userId: user.id });
    // Make appending this user's event fail (a trigger on this one aggregate id only): it comes last.
    const fn = `refuse_event_${user.id.replace(/-/g, '_')}`;
    await db.raw(`create function ${fn}() returns trigger language plpgsql as $$
    begin raise exception 'event store unavailable'; end $$`);
    await db.raw(`create trigger ${fn} before insert on events for each row
    when (new.aggregate_id = '${user.id}') execute function ${fn}()`);
    try {
      await expect(changeApproval(db, admin, user.id, true)).rejects.toThrow('event store unavailable');
    } finally {
      await db.raw(`drop trigger ${fn} on events`);
      await db.raw(`drop function ${fn}()`);
    }
    expect((await User.query(db).findById(user.id))?.isApproved).toBe(false);
    expect((await Application.query(db).findById(application.id))?.status).toBe('pending');
    expect(await Event.query(db).whereIn('aggregateId', [user.id, application.id])).toEqual([]);

    await changeApproval(db, admin, user.id, true);
    expect((await User.query(db).findById(user.id))?.isApproved).toBe(true);
    expect((await Application.query(db).findById(application.id))?.status).toBe('approved');
    const types = await Event.query(db).whereIn('aggregateId', [user.id, application.id]).orderBy('id');
    expect(types.map((e) => e.type)).toEqual(['application.approved', 'user.approvalChanged']);
  },
);
