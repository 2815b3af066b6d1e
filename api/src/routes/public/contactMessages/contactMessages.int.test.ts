import { describe, expect } from 'vitest';
import { ContactMessage, Event } from '@riffline/db';
import { visitor as visitorOf } from '#test/support/actors.ts';
import { apiTest, startTestServer } from '#test/support/api.ts';
import { unique } from '#test/support/db.ts';

const valid = () => ({
  name: 'Jo Lane',
  email: `${unique('jo')}@example.test`,
  subject: 'Label partnership',
  message: 'We would like to talk about a partnership.',
});

describe('POST /api/contact', () => {
  apiTest("400 with SPEC §5's messages", async ({ visitor }) => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...valid(), name: ' ' }, 'Name is required'],
      [{ ...valid(), email: '' }, 'Email is required'],
      [{ ...valid(), email: '   ' }, 'Email is required'],
      [{ ...valid(), email: undefined }, 'Email is required'],
      [{ ...valid(), email: 'not-an-email' }, 'Invalid email address'],
      [{ ...valid(), email: null }, 'Email is required'],
      [{ ...valid(), email: 42 }, 'Invalid email address'],
      [{ ...valid(), subject: '' }, 'Subject is required'],
      [{ ...valid(), message: 'Too short' }, 'Message must be at least 10 characters'],
    ];
    for (const [body, message] of cases) {
      const res = await visitor.send('POST', '/api/contact', body);
      expect(res.status, message).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(message);
    }
  });

  apiTest('201 for anyone: stored with status new, contact.received appended', async ({ db, visitor }) => {
    const body = valid();
    const res = await visitor.send('POST', '/api/contact', { ...body, email: body.email.toUpperCase() });
    expect(res.status).toBe(201);
    const { id } = res.json<{ id: string }>();
    expect(await ContactMessage.query(db).findById(id)).toMatchObject({ ...body, status: 'new' });
    expect((await Event.query(db).where({ aggregateId: id })).map((e) => e.type)).toEqual([
      'contact.received',
    ]);
  });

  apiTest('429 after five messages in ten minutes', async ({ db }) => {
    // A server of its own: its rate limits start empty.
    const limited = await startTestServer({ db, keepDb: true });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await visitorOf(limited).send('POST', '/api/contact', valid())).status);
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    } finally {
      await limited.close();
    }
  });

  apiTest('invalid messages spend none of the allowance, and still get their 400 past it', async ({ db }) => {
    const limited = await startTestServer({ db, keepDb: true });
    try {
      const visitor = visitorOf(limited);
      const invalid: unknown[] = [
        { ...valid(), email: 'not-an-email' },
        { ...valid(), message: 'Too short' },
        { ...valid(), name: 'Jo\u0000Lane' },
        {},
        [],
      ];
      const refused = async () => {
        const statuses: number[] = [];
        for (let i = 0; i < 20; i++)
          statuses.push((await visitor.send('POST', '/api/contact', invalid[i % invalid.length])).status);
        return statuses;
      };
      expect(await refused()).toEqual(Array(20).fill(400));
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await visitor.send('POST', '/api/contact', valid())).status);
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
      expect(await refused()).toEqual(Array(20).fill(400));
    } finally {
      await limited.close();
    }
  });
});
