import { describe, expect } from 'vitest';
import { User } from '@riffline/db';
import { apiTest } from '#test/support/api.ts';

describe('GET /api/user/coins', () => {
  apiTest(
    '401 signed out, 403 awaiting approval, 200 with the balance for an approved artist',
    async ({ db, visitor, artist: pending, approvedArtist: artist }) => {
      expect((await visitor.get('/api/user/coins')).status).toBe(401);
      const refused = await pending.get('/api/user/coins');
      expect(refused.status).toBe(403);
      expect(refused.json()).toEqual({ message: 'Your account is awaiting approval' });
      // With the fee a submission takes, shown before it is taken (its value follows the setting:
      // releases.int.test.ts changes it and checks this answer follows).
      expect((await artist.get('/api/user/coins')).json()).toEqual({
        coins: '0.00',
        distributionFeeCoins: expect.stringMatching(/^\d+\.\d{2}$/),
      });
      await User.query(db).patch({ coins: '125.50' }).where({ id: artist.user.id });
      expect((await artist.get('/api/user/coins')).json()).toMatchObject({ coins: '125.50' });
    },
  );
});
