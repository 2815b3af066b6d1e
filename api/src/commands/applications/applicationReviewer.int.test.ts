import { expect } from 'vitest';
import { Application, Event, User } from '@riffline/db';
import { dbTest } from '#test/support/db.ts';
import { buildAdmin, buildApplication, buildArtist } from '#test/support/factories.ts';
import { reviewApplication } from './applicationReviewer.ts';

dbTest(
  'approves the application, the artist and appends the event together, or none of them',
  async ({ db }) => {
    const admin = await buildAdmin(db);
    const application = await buildApplication(db, { userId: (await buildArtist(db)).id });
    // Make appending this application's event fail (a trigger on this one aggregate id only).
    const fn = `refuse_event_${application.id.replace(/-/g, '')}`;
    await db.raw(`create function ${fn}() returns trigger language plpgsql as $$
    begin raise exception 'event store unavailable'; end $$`);
    await db.raw(`create trigger ${fn} before insert on events for each row
    when (new.aggregate_id = '${application.id}') execute function ${fn}()`);
    try {
      await expect(
        reviewApplication(db, admin, application.id, { status: 'approved', reason: null }),
      ).rejects.toThrow('event store unavailable');
    } finally {
      await db.raw(`drop trigger ${fn} on events`);
      await db.raw(`drop function ${fn}()`);
    }
    expect((await Application.query(db).findById(application.id))?.status).toBe('pending');
    expect((await User.query(db).findById(application.userId))?.isApproved).toBe(false);

    const reviewed = await reviewApplication(db, admin, application.id, { status: 'approved', reason: null });
    expect(reviewed.status).toBe('approved');
    expect((await User.query(db).findById(application.userId))?.isApproved).toBe(true);
    expect((await Event.query(db).where({ aggregateId: application.id })).map((e) => e.type)).toEqual([
      'application.approved',
    ]);
  },
);
