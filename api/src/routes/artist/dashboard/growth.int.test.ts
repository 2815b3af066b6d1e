import type { DashboardGrowthResponse } from '@riffline/contracts';
import { PlatformSetting } from '@riffline/db';
import { describe, expect } from 'vitest';
import { apiTest } from '#test/support/api.ts';

// Its own database: the platform settings are global, and other files' admins change them.
apiTest.override({ freshDb: true });

describe('GET /api/dashboard/growth', () => {
  apiTest('401 signed out, 403 awaiting approval', async ({ visitor, artist }) => {
    expect((await visitor.get('/api/dashboard/growth')).status).toBe(401);
    const pending = await artist.get('/api/dashboard/growth');
    expect([pending.status, pending.json()]).toEqual([403, { message: 'Your account is awaiting approval' }]);
  });

  apiTest(
    'the seeded settings show as 12.50 and 8.20, and so do the defaults once the rows are gone',
    async ({ db, approvedArtist }) => {
      const seeded = await approvedArtist.get('/api/dashboard/growth');
      expect([seeded.status, seeded.json()]).toEqual([
        200,
        { streamsGrowthPercentage: '12.50', earningsGrowthPercentage: '8.20' },
      ]);
      await PlatformSetting.query(db)
        .whereIn('settingKey', ['streams_growth_percentage', 'earnings_growth_percentage'])
        .delete();
      const unset = await approvedArtist.get('/api/dashboard/growth');
      expect(unset.json<DashboardGrowthResponse>()).toEqual({
        streamsGrowthPercentage: '12.50',
        earningsGrowthPercentage: '8.20',
      });
    },
  );

  apiTest(
    'what an admin saves shows to artists, a decline as a negative value',
    async ({ admin, approvedArtist }) => {
      const save = (settingKey: string, settingValue: string) =>
        admin.send('POST', '/api/admin/settings', { settingKey, settingValue });
      expect((await save('streams_growth_percentage', '-3.5')).status).toBe(200);
      expect((await save('earnings_growth_percentage', '21')).status).toBe(200);
      const res = await approvedArtist.get('/api/dashboard/growth');
      expect([res.status, res.json()]).toEqual([
        200,
        { streamsGrowthPercentage: '-3.50', earningsGrowthPercentage: '21.00' },
      ]);
      // Admins read it too (the audience 'approved' lets them through).
      expect((await admin.get('/api/dashboard/growth')).json<DashboardGrowthResponse>()).toMatchObject({
        streamsGrowthPercentage: '-3.50',
      });
    },
  );
});
