import { describe, expect } from 'vitest';
import { Event, notificationSettingsOf } from '@riffline/db';
import { apiTest } from '#test/support/api.ts';

const path = '/api/user/notifications';
const defaults = { emailNotifications: true, royaltyUpdates: true, marketing: false };
/** As stored: an admin's toggle too, which only admins are shown. */
const stored = { ...defaults, adminAlerts: true };

describe('GET /api/user/notifications', () => {
  apiTest('401 signed out, 403 awaiting approval', async ({ visitor, artist }) => {
    const signedOut = await visitor.get(path);
    expect(signedOut.status).toBe(401);
    expect(signedOut.json()).toEqual({ message: 'Unauthorized' });
    const pending = await artist.get(path);
    expect(pending.status).toBe(403);
    expect(pending.json()).toEqual({ message: 'Your account is awaiting approval' });
  });

  apiTest(
    'the defaults until the artist changes one: emails and royalty updates on, marketing off',
    async ({ approvedArtist }) => {
      const res = await approvedArtist.get(path);
      expect(res.status).toBe(200);
      expect(res.json()).toEqual(defaults);
    },
  );
});

describe('PATCH /api/user/notifications', () => {
  apiTest('401 signed out, 403 awaiting approval, and nothing stored', async ({ db, visitor, artist }) => {
    expect((await visitor.send('PATCH', path, { marketing: true })).status).toBe(401);
    const pending = await artist.send('PATCH', path, { marketing: true });
    expect(pending.status).toBe(403);
    expect(await notificationSettingsOf(db, artist.user.id)).toEqual(stored);
  });

  apiTest('400 with the reason, and nothing changes', async ({ db, approvedArtist }) => {
    const cases: Array<[unknown, string]> = [
      [{}, 'Choose at least one of emailNotifications, royaltyUpdates and marketing'],
      [{ marketing: 'yes' }, 'marketing must be true or false'],
      [{ emailNotifications: null }, 'emailNotifications must be true or false'],
      [{ royaltyUpdates: 1 }, 'royaltyUpdates must be true or false'],
      [{ sms: true }, 'Only emailNotifications, royaltyUpdates and marketing can be changed'],
      [[true], 'The settings must be a JSON object'],
    ];
    for (const [body, message] of cases) {
      const res = await approvedArtist.send('PATCH', path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(message);
    }
    expect(await notificationSettingsOf(db, approvedArtist.user.id)).toEqual(stored);
    expect(
      await Event.query(db).where({
        aggregateId: approvedArtist.user.id,
        type: 'user.notificationSettingsChanged',
      }),
    ).toEqual([]);
  });

  apiTest(
    'changes only the toggles sent, keeps them, and records what changed once',
    async ({ db, approvedArtist }) => {
      const first = await approvedArtist.send('PATCH', path, { emailNotifications: false, marketing: true });
      expect(first.status).toBe(200);
      expect(first.json()).toEqual({ emailNotifications: false, royaltyUpdates: true, marketing: true });
      const second = await approvedArtist.send('PATCH', path, { royaltyUpdates: false, marketing: true });
      expect(second.json()).toEqual({ emailNotifications: false, royaltyUpdates: false, marketing: true });
      // The same again changes nothing, and says nothing changed.
      expect((await approvedArtist.send('PATCH', path, { royaltyUpdates: false })).status).toBe(200);

      expect((await approvedArtist.get(path)).json()).toEqual({
        emailNotifications: false,
        royaltyUpdates: false,
        marketing: true,
      });
      const events = await Event.query(db)
        .where({ aggregateId: approvedArtist.user.id, type: 'user.notificationSettingsChanged' })
        .orderBy('id');
      expect(events.map((e) => e.payload)).toEqual([
        {
          emailNotifications: false,
          royaltyUpdates: true,
          marketing: true,
          changed: ['emailNotifications', 'marketing'],
        },
        { emailNotifications: false, royaltyUpdates: false, marketing: true, changed: ['royaltyUpdates'] },
      ]);
    },
  );

  apiTest(
    "an admin has toggles of their own; another artist's stay as they were",
    async ({ admin, approvedArtist }) => {
      expect((await admin.send('PATCH', path, { emailNotifications: false })).json()).toMatchObject({
        emailNotifications: false,
      });
      expect((await approvedArtist.get(path)).json()).toEqual(defaults);
    },
  );

  apiTest(
    'adminAlerts: an admin sees it (on by default) and turns it off; an artist gets a 403 and nothing changes',
    async ({ db, newActor, approvedArtist }) => {
      const admin = await newActor('admin');
      expect((await admin.get(path)).json()).toEqual({ ...defaults, adminAlerts: true });
      const off = await admin.send('PATCH', path, { adminAlerts: false });
      expect(off.status).toBe(200);
      expect(off.json()).toEqual({ ...defaults, adminAlerts: false });
      expect((await admin.get(path)).json()).toEqual({ ...defaults, adminAlerts: false });
      const [event] = await Event.query(db).where({
        aggregateId: admin.user.id,
        type: 'user.notificationSettingsChanged',
      });
      expect(event!.payload).toEqual({ ...defaults, adminAlerts: false, changed: ['adminAlerts'] });
      expect((await admin.send('PATCH', path, { adminAlerts: 'no' })).json()).toEqual({
        message: 'adminAlerts must be true or false',
        issues: [{ path: 'body.adminAlerts', message: 'adminAlerts must be true or false' }],
      });

      const refused = await approvedArtist.send('PATCH', path, { adminAlerts: false, marketing: true });
      expect(refused.status).toBe(403);
      expect(refused.json()).toEqual({ message: 'Only admins can change adminAlerts' });
      expect(await notificationSettingsOf(db, approvedArtist.user.id)).toEqual(stored);
    },
  );
});
