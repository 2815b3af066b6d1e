import { NewsletterSubscription } from '@riffline/db';
import { describe, expect } from 'vitest';
import { apiTest } from '#test/support/api.ts';
import { unique } from '#test/support/db.ts';

describe('/api/admin/newsletter-subscriptions', () => {
  apiTest('401 signed out, 403 for an artist', async ({ visitor, approvedArtist }) => {
    const path = '/api/admin/newsletter-subscriptions';
    expect((await visitor.get(path)).status).toBe(401);
    expect((await approvedArtist.get(path)).status).toBe(403);
  });

  apiTest('400 with the exact message for a bad activity filter', async ({ admin }) => {
    const active = await admin.get(
      `/api/admin/newsletter-subscriptions?filter=${encodeURIComponent('{"isActive":"maybe"}')}`,
    );
    expect(active.status).toBe(400);
    expect(active.json()).toMatchObject({ message: 'isActive must be true or false' });
  });

  apiTest('an admin searches subscribers', async ({ db, admin }) => {
    const tag = unique('hello').replace(/-/g, '');
    await NewsletterSubscription.query(db).insert({ email: `${tag}-on@example.test` });
    await NewsletterSubscription.query(db).insert({ email: `${tag}-off@example.test`, isActive: false });
    const active = await admin.get(`/api/admin/newsletter-subscriptions?q=${tag}&isActive=true`);
    expect(active.json()).toEqual([
      expect.objectContaining({ email: `${tag}-on@example.test`, isActive: true }),
    ]);
    expect(active.headers.get('content-range')).toBe('newsletter-subscriptions 0-0/1');
  });
});
