import { secondFactorMessages } from '@riffline/contracts';
import { Event, PlatformSetting } from '@riffline/db';
import { describe, expect } from 'vitest';
import { apiTest } from '#test/support/api.ts';
import { enrolAuthenticator } from '#test/support/secondFactor.ts';
import { LOCKOUT_MESSAGE } from './index.ts';

// The setting is global: this file turns it on, so it keeps a database (and server) of its own.
const test = apiTest.extend({ freshDb: true });

const KEY = 'require_admin_second_factor';

describe('require_admin_second_factor (docs/security.md#requiring-it-for-admins)', () => {
  test('stored off; 400 with the exact message for anything but true or false', async ({ db, admin }) => {
    const stored = await PlatformSetting.query(db).findOne({ settingKey: KEY });
    expect(stored!.settingValue).toBe('false');
    for (const settingValue of ['yes', '1', 'TRUE ', 'on', 0]) {
      const answer = await admin.send('POST', '/api/admin/settings', { settingKey: KEY, settingValue });
      expect(answer.status, String(settingValue)).toBe(400);
      expect(answer.json(), String(settingValue)).toMatchObject({
        message: 'require_admin_second_factor must be true or false',
      });
    }
    const put = await admin.send('PUT', `/api/admin/settings/${stored!.id}`, {
      ...stored,
      settingValue: 'maybe',
    });
    expect(put.status).toBe(400);
    expect(put.json()).toMatchObject({ message: 'require_admin_second_factor must be true or false' });
    // Writing 'false' again is fine (and changes nothing).
    expect(
      (await admin.send('POST', '/api/admin/settings', { settingKey: KEY, settingValue: 'false' })).status,
    ).toBe(200);
  });

  test('409 to an admin without an authenticator app who turns it on', async ({ db, admin }) => {
    const stored = await PlatformSetting.query(db).findOne({ settingKey: KEY });
    const post = await admin.send('POST', '/api/admin/settings', { settingKey: KEY, settingValue: 'true' });
    expect(post.status).toBe(409);
    expect(post.json()).toMatchObject({ message: LOCKOUT_MESSAGE });
    const put = await admin.send('PUT', `/api/admin/settings/${stored!.id}`, {
      ...stored,
      settingValue: true,
    });
    expect(put.status).toBe(409);
    expect((await PlatformSetting.query(db).findById(stored!.id))!.settingValue).toBe('false');
    // The console is still open to them.
    expect((await admin.get('/api/admin/settings')).status).toBe(200);
  });

  test('on: an admin without an app gets 403 with the reason on admin routes, not on /api/auth; one with an app passes', async ({
    db,
    admin,
    newActor,
  }) => {
    const guarded = await newActor('admin', {}, { secondFactor: true });
    const bare = await newActor('admin');
    const stored = await PlatformSetting.query(db).findOne({ settingKey: KEY });
    try {
      const on = await guarded.send('PUT', `/api/admin/settings/${stored!.id}`, {
        ...stored,
        settingValue: 'true',
      });
      expect(on.status).toBe(200);
      expect(on.json()).toMatchObject({
        settingKey: KEY,
        settingValue: 'true',
        updatedBy: guarded.user.id,
      });
      const event = await Event.query(db)
        .where({ type: 'setting.changed', aggregateId: stored!.id })
        .orderBy('id', 'desc')
        .first();
      expect(event).toMatchObject({
        actorId: guarded.user.id,
        payload: { settingKey: KEY, settingValue: 'true', previousValue: 'false' },
      });

      const refusal = {
        reason: 'second_factor_enrolment_required',
        message: secondFactorMessages.second_factor_enrolment_required,
      };
      for (const path of ['/api/admin/settings', '/api/admin/stats', '/api/admin/users']) {
        const answer = await bare.get(path);
        expect(answer.status, path).toBe(403);
        expect(answer.json(), path).toEqual(refusal);
      }
      const write = await bare.send('POST', '/api/admin/settings', {
        settingKey: KEY,
        settingValue: 'false',
      });
      expect(write.status).toBe(403);
      expect(write.json()).toEqual(refusal);
      // What an admin needs to set one up stays open (audience 'user').
      const status = await bare.get('/api/auth/second-factor');
      expect(status.status).toBe(200);
      expect(status.json()).toMatchObject({ available: true, enabled: false });
      expect((await bare.get('/api/auth/user')).status).toBe(200);

      // An admin with an app passes, whether or not they signed in with it this time.
      expect((await guarded.get('/api/admin/stats')).status).toBe(200);
      // Once the app is on, the console opens: no new sign-in needed.
      await enrolAuthenticator(bare);
      expect((await bare.get('/api/admin/settings')).status).toBe(200);

      // Artists are not concerned: their routes answer as before.
      const artist = await newActor('approved');
      expect((await artist.get('/api/auth/second-factor')).status).toBe(200);
      expect((await artist.get('/api/admin/settings')).status).toBe(403);
      expect((await artist.get('/api/admin/settings')).json()).toMatchObject({
        message: "You don't have permission to access this page.",
      });
    } finally {
      await PlatformSetting.query(db).patch({ settingValue: 'false' }).where({ settingKey: KEY });
    }
    expect((await admin.get('/api/admin/settings')).status).toBe(200);
  });
});
