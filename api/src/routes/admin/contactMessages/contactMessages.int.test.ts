import { randomUUID } from 'node:crypto';
import { ContactMessage, Event } from '@riffline/db';
import { describe, expect } from 'vitest';
import { apiTest } from '#test/support/api.ts';
import { unique } from '#test/support/db.ts';

describe('/api/admin/contact-messages', () => {
  apiTest('401 signed out, 403 for an artist', async ({ visitor, approvedArtist }) => {
    const path = '/api/admin/contact-messages';
    expect((await visitor.get(path)).status).toBe(401);
    expect((await approvedArtist.get(path)).status).toBe(403);
  });

  apiTest('400 with the exact message for a bad status filter', async ({ admin }) => {
    const status = await admin.get('/api/admin/contact-messages?status=archived');
    expect(status.status).toBe(400);
    expect(status.json()).toMatchObject({ message: 'status must be one of new, read, replied' });
  });

  apiTest('an admin searches messages and reads one', async ({ db, admin }) => {
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
  });
});

describe('PATCH /api/admin/contact-messages/:id and POST …/:id/reply', () => {
  const newMessage = (db: Parameters<typeof ContactMessage.query>[0]) =>
    ContactMessage.query(db)
      .insert({ name: 'Noor', email: 'noor@example.test', subject: 'Payout dates', message: 'When?' })
      .returning('*');
  const eventsOf = async (db: Parameters<typeof ContactMessage.query>[0], id: string) =>
    (await Event.query(db).where({ aggregateId: id }).orderBy('id')).map((e) => [e.type, e.payload]);

  apiTest(
    '401 signed out, 403 for an artist, 404 for no such message; nothing changes',
    async ({ db, visitor, approvedArtist, admin }) => {
      const message = await newMessage(db);
      const calls = [
        ['PATCH', `/api/admin/contact-messages/${message.id}`, { status: 'read' }],
        ['POST', `/api/admin/contact-messages/${message.id}/reply`, { message: 'Soon.' }],
      ] as const;
      for (const [method, path, body] of calls) {
        expect((await visitor.send(method, path, body)).status).toBe(401);
        expect((await approvedArtist.send(method, path, body)).status).toBe(403);
        const missing = await admin.send(method, path.replace(message.id, randomUUID()), body);
        expect([missing.status, missing.json()]).toEqual([404, { message: 'Contact message not found' }]);
      }
      expect(await ContactMessage.query(db).findById(message.id)).toMatchObject({
        status: 'new',
        reply: null,
      });
      expect(await eventsOf(db, message.id)).toEqual([]);
    },
  );

  apiTest('400 with the exact message for a bad status or an empty reply', async ({ db, admin }) => {
    const message = await newMessage(db);
    const status = await admin.send('PATCH', `/api/admin/contact-messages/${message.id}`, {
      status: 'replied',
    });
    expect([status.status, status.json<{ message: string }>().message]).toEqual([
      400,
      'Status must be new or read (a reply marks it replied)',
    ]);
    const empty = await admin.send('POST', `/api/admin/contact-messages/${message.id}/reply`, {
      message: '   ',
    });
    expect([empty.status, empty.json<{ message: string }>().message]).toEqual([400, 'Reply is required']);
  });

  apiTest(
    'marks a message handled and back; a reply is kept, makes it replied, is emailed once',
    async ({ db, admin }) => {
      const message = await newMessage(db);
      const path = `/api/admin/contact-messages/${message.id}`;
      const handled = await admin.send('PATCH', path, { status: 'read' });
      expect(handled.status).toBe(200);
      expect(handled.json()).toMatchObject({ status: 'read', handledBy: admin.user.id });
      // The same status again: answered as it is, no second event.
      expect((await admin.send('PATCH', path, { status: 'read' })).status).toBe(200);
      expect((await admin.send('PATCH', path, { status: 'new' })).json()).toMatchObject({ status: 'new' });

      const reply = await admin.send('POST', `${path}/reply`, { message: 'Payouts go out within 24 hours.' });
      expect(reply.status).toBe(200);
      expect(reply.json()).toMatchObject({
        status: 'replied',
        reply: 'Payouts go out within 24 hours.',
        repliedAt: expect.any(String),
      });
      const again = await admin.send('POST', `${path}/reply`, { message: 'Twice?' });
      expect([again.status, again.json<{ message: string }>().message]).toEqual([
        409,
        'This message was already answered: its status stays replied',
      ]);
      expect((await admin.send('PATCH', path, { status: 'read' })).status).toBe(409);

      expect(await eventsOf(db, message.id)).toEqual([
        ['contact.statusChanged', { status: 'read', previous: 'new' }],
        ['contact.statusChanged', { status: 'new', previous: 'read' }],
        [
          'contact.replied',
          {
            name: 'Noor',
            email: 'noor@example.test',
            subject: 'Payout dates',
            message: 'Payouts go out within 24 hours.',
          },
        ],
      ]);
    },
  );
});
