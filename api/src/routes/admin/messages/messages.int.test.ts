import { ContactMessage, NewsletterSubscription } from '@riffline/db';
import { describe, expect } from 'vitest';
import { apiTest } from '#test/support/api.ts';
import { unique } from '#test/support/db.ts';

describe('/api/admin/contact-messages and /api/admin/newsletter-subscriptions', () => {
  apiTest('401 signed out, 403 for an artist', async ({ visitor, approvedArtist }) => {
    for (const path of ['/api/admin/contact-messages', '/api/admin/newsletter-subscriptions']) {
      expect((await visitor.get(path)).status).toBe(401);
      expect((await approvedArtist.get(path)).status).toBe(403);
    }
  });

  apiTest('400 with the exact message for a bad status or activity filter', async ({ admin }) => {
    const status = await admin.get('/api/admin/contact-messages?status=archived');
    expect(status.status).toBe(400);
    expect(status.json()).toMatchObject({ message: 'status must be one of new, read, replied' });
    const active = await admin.get(
      `/api/admin/newsletter-subscriptions?filter=${encodeURIComponent('{"isActive":"maybe"}')}`,
    );
    expect(active.status).toBe(400);
    expect(active.json()).toMatchObject({ message: 'isActive must be true or false' });
  });

  apiTest('an admin searches messages and subscribers, and reads one message', async ({ db, admin }) => {
    const tag = unique('hello').replace(/-/g, '');
    const message = await ContactMessage.query(db)
      .insert({ name: 'Visitor', email: `${tag}@example.test`, subject: `About ${tag}`, message: 'Hi' })
      .returning('*');
    await ContactMessage.query(db).insert({
      name: 'Other',
      email: 'other@example.test',
      subject: 'Else',
      message: 'Hi',
    });
    const found = await admin.get(`/api/admin/contact-messages?q=${tag}`);
    expect(found.headers.get('content-range')).toBe('contact-messages 0-0/1');
    expect(found.json()).toEqual([
      expect.objectContaining({ id: message.id, status: 'new', subject: `About ${tag}` }),
    ]);
    expect((await admin.get(`/api/admin/contact-messages/${message.id}`)).json()).toMatchObject({
      message: 'Hi',
    });

    await NewsletterSubscription.query(db).insert({ email: `${tag}-on@example.test` });
    await NewsletterSubscription.query(db).insert({ email: `${tag}-off@example.test`, isActive: false });
    const active = await admin.get(`/api/admin/newsletter-subscriptions?q=${tag}&isActive=true`);
    expect(active.json()).toEqual([
      expect.objectContaining({ email: `${tag}-on@example.test`, isActive: true }),
    ]);
    expect(active.headers.get('content-range')).toBe('newsletter-subscriptions 0-0/1');
  });
});
