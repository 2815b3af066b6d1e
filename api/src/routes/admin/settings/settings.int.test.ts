import { Event, PlatformSetting } from '@riffline/db';
import { describe, expect } from 'vitest';
import { apiTest } from '#test/support/api.ts';

type Setting = { id: string; settingKey: string; settingValue: string; updatedBy: string | null };

describe('/api/admin/settings', () => {
  apiTest(
    '401 signed out, 403 for an artist, and nothing written',
    async ({ db, visitor, approvedArtist }) => {
      const body = { settingKey: 'streams_growth_percentage', settingValue: '99' };
      expect((await visitor.get('/api/admin/settings')).status).toBe(401);
      expect((await visitor.send('POST', '/api/admin/settings', body)).status).toBe(401);
      const refused = await approvedArtist.send('POST', '/api/admin/settings', body);
      expect(refused.status).toBe(403);
      expect(refused.json()).toMatchObject({ message: "You don't have permission to access this page." });
      const stored = await PlatformSetting.query(db).findOne({ settingKey: 'streams_growth_percentage' });
      expect(stored!.settingValue).not.toBe('99');
    },
  );

  apiTest(
    '400 with the exact message for an unknown key, an empty, non-numeric or out-of-range value',
    async ({ admin }) => {
      const cases: Array<[unknown, string]> = [
        [
          { settingKey: 'admin_password', settingValue: '1' },
          'settingKey must be one of streams_growth_percentage, earnings_growth_percentage, distribution_fee_coins, require_admin_second_factor',
        ],
        [{ settingKey: 'streams_growth_percentage', settingValue: '  ' }, 'settingValue must not be empty'],
        [
          { settingKey: 'streams_growth_percentage', settingValue: 'twelve' },
          'settingValue must be a number with at most 2 decimals',
        ],
        [
          { settingKey: 'streams_growth_percentage', settingValue: '1.234' },
          'settingValue must be a number with at most 2 decimals',
        ],
        [
          { settingKey: 'earnings_growth_percentage', settingValue: '-150' },
          'earnings_growth_percentage must be between -100 and 1000',
        ],
        [
          { settingKey: 'distribution_fee_coins', settingValue: -1 },
          'distribution_fee_coins must be between 0 and 100000',
        ],
        [{ settingKey: 'streams_growth_percentage', settingValue: true }, 'settingValue must be a number'],
      ];
      for (const [body, message] of cases) {
        const answer = await admin.send('POST', '/api/admin/settings', body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(answer.json(), JSON.stringify(body)).toMatchObject({ message });
      }
    },
  );

  apiTest(
    'an admin lists the settings, writes one (recorded with who and the value before) and updates another',
    async ({ db, admin }) => {
      const list = await admin.get('/api/admin/settings');
      expect(list.status).toBe(200);
      expect(list.headers.get('content-range')).toMatch(/^settings 0-\d+\/\d+$/);
      const keys = list.json<Setting[]>().map((s) => s.settingKey);
      expect(keys).toEqual(
        expect.arrayContaining(['streams_growth_percentage', 'earnings_growth_percentage']),
      );

      const before = await PlatformSetting.query(db).findOne({ settingKey: 'streams_growth_percentage' });
      const written = await admin.send('POST', '/api/admin/settings', {
        settingKey: 'streams_growth_percentage',
        settingValue: 14.25,
      });
      expect(written.status).toBe(200);
      expect(written.json()).toMatchObject({
        id: before!.id,
        settingKey: 'streams_growth_percentage',
        settingValue: '14.25',
        updatedBy: admin.user.id,
      });
      const event = await Event.query(db)
        .where({ type: 'setting.changed', aggregateId: before!.id })
        .orderBy('id', 'desc')
        .first();
      expect(event).toMatchObject({
        actorId: admin.user.id,
        payload: {
          settingKey: 'streams_growth_percentage',
          settingValue: '14.25',
          previousValue: before!.settingValue,
        },
      });

      // The same value again changes nothing and says nothing.
      const events = await Event.query(db).where({ type: 'setting.changed' }).resultSize();
      await admin.send('POST', '/api/admin/settings', {
        settingKey: 'streams_growth_percentage',
        settingValue: '14.25',
      });
      expect(await Event.query(db).where({ type: 'setting.changed' }).resultSize()).toBe(events);

      // react-admin's update: PUT with the whole record, only the value read; its range checked by the row's key.
      const earnings = await PlatformSetting.query(db).findOne({ settingKey: 'earnings_growth_percentage' });
      const tooBig = await admin.send('PUT', `/api/admin/settings/${earnings!.id}`, {
        ...earnings,
        settingValue: '5000',
      });
      expect(tooBig.status).toBe(400);
      expect(tooBig.json()).toMatchObject({
        message: 'earnings_growth_percentage must be between -100 and 1000',
      });
      const updated = await admin.send('PUT', `/api/admin/settings/${earnings!.id}`, {
        settingKey: 'ignored',
        settingValue: '9.5',
      });
      expect(updated.status).toBe(200);
      expect(updated.json()).toMatchObject({ settingKey: 'earnings_growth_percentage', settingValue: '9.5' });
      expect((await admin.get(`/api/admin/settings/${earnings!.id}`)).json()).toMatchObject({
        settingValue: '9.5',
      });
      expect((await admin.get('/api/admin/settings/00000000-0000-4000-8000-000000000000')).status).toBe(404);

      // A setting not stored yet is created.
      const fee = await admin.send('POST', '/api/admin/settings', {
        settingKey: 'distribution_fee_coins',
        settingValue: '25',
      });
      expect(fee.json()).toMatchObject({ settingKey: 'distribution_fee_coins', settingValue: '25' });
    },
  );
});
