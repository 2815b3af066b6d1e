import { describe, expect } from 'vitest';
import { Event, NewsletterSubscription } from '@riffline/db';
import { apiTest } from '#test/support/api.ts';
import { unique } from '#test/support/db.ts';

describe('POST /api/newsletter', () => {
  apiTest("400 'Invalid email address'", async ({ visitor }) => {
    for (const email of ['', '   ', 'nope', 'a@b', 42]) {
      const res = await visitor.send('POST', '/api/newsletter', { email });
      expect(res.status).toBe(400);
      expect(res.json<{ message: string }>().message).toBe('Invalid email address');
    }
  });

  apiTest(
    '201 trimmed and lower-cased; 200 again for the same address, reactivating it',
    async ({ db, visitor }) => {
      const email = `${unique('fan')}@example.test`;
      const first = await visitor.send('POST', '/api/newsletter', { email: `  ${email.toUpperCase()} ` });
      expect(first.status).toBe(201);
      expect(first.json()).toMatchObject({ email, isActive: true });

      await NewsletterSubscription.query(db).where({ email }).patch({ isActive: false });
      const again = await visitor.send('POST', '/api/newsletter', { email });
      expect(again.status).toBe(200);
      expect(again.json()).toMatchObject({ email, isActive: true });
      expect(await NewsletterSubscription.query(db).where({ email })).toHaveLength(1);
      const row = await NewsletterSubscription.query(db).findOne({ email });
      expect(
        (await Event.query(db).where({ aggregateId: row!.id }).orderBy('id')).map(
          (e) => e.payload.reactivated,
        ),
      ).toEqual([false, true]);
    },
  );
});
