import { describe, expect } from 'vitest';
import { Event, SupportTicket } from '@riffline/db';
import { apiTest } from '#test/support/api.ts';
import { buildArtist, buildSupportTicket } from '#test/support/factories.ts';

describe('POST /api/support-tickets', () => {
  apiTest('401 when signed out', async ({ visitor }) => {
    const res = await visitor.send('POST', '/api/support-tickets', {
      subject: 'Help',
      message: 'Please',
    });
    expect(res.status).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthorized' });
  });

  apiTest(
    '400 with the reason: blank subject or message, a too-long message, an unknown priority or category',
    async ({ db, artist }) => {
      const cases: Array<[unknown, string]> = [
        [{ subject: '   ', message: 'Where is my release?' }, 'Subject is required'],
        [{ subject: 'Release', message: '' }, 'Message is required'],
        [{ subject: 'Release', message: 'x'.repeat(5001) }, 'Message must be at most 5,000 characters'],
        [
          { subject: 'Release', message: 'Hi', priority: 'critical' },
          'Priority must be low, medium, high or urgent',
        ],
        [
          { subject: 'Release', message: 'Hi', category: 'billing' },
          'Category must be one of uploading-music, royalties-payments, getting-started, video-channel-claim, store-verification',
        ],
      ];
      for (const [body, message] of cases) {
        const res = await artist.send('POST', '/api/support-tickets', body);
        expect(res.status, message).toBe(400);
        expect(res.json<{ message: string }>().message).toBe(message);
      }
      expect(await SupportTicket.query(db).where({ userId: artist.user.id })).toEqual([]);
    },
  );

  apiTest(
    '201: trimmed, medium by default, open; appends ticket.opened (an artist awaiting approval may write)',
    async ({ db, artist }) => {
      const res = await artist.send('POST', '/api/support-tickets', {
        subject: '  Claim my video channel  ',
        message: '  Please connect my official artist channel.  ',
        category: 'video-channel-claim',
      });
      expect(res.status).toBe(201);
      const ticket = res.json<Record<string, unknown>>();
      expect(ticket).toMatchObject({
        subject: 'Claim my video channel',
        message: 'Please connect my official artist channel.',
        priority: 'medium',
        status: 'open',
        category: 'video-channel-claim',
        assignedTo: null,
      });
      const events = await Event.query(db).where({ aggregateId: ticket.id as string });
      expect(events.map((e) => e.type)).toEqual(['ticket.opened']);
    },
  );
});

describe('GET /api/support-tickets', () => {
  apiTest('401 when signed out', async ({ visitor }) => {
    expect((await visitor.get('/api/support-tickets')).status).toBe(401);
  });

  apiTest(
    "the user's own tickets, newest first, never anyone else's",
    async ({ db, approvedArtist: artist }) => {
      const other = await buildArtist(db, { isApproved: true });
      const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
      // Written in the order they were opened; the other artist's is the newest of all.
      await buildSupportTicket(db, {
        userId: artist.user.id,
        subject: 'First',
        priority: 'low',
        createdAt: minutesAgo(2),
      });
      await buildSupportTicket(db, {
        userId: artist.user.id,
        subject: 'Second',
        priority: 'urgent',
        createdAt: minutesAgo(1),
      });
      await buildSupportTicket(db, { userId: other.id, subject: 'Other', createdAt: minutesAgo(0) });
      const res = await artist.get('/api/support-tickets');
      expect(res.status).toBe(200);
      expect(
        res.json<Array<{ subject: string; priority: string }>>().map((t) => [t.subject, t.priority]),
      ).toEqual([
        ['Second', 'urgent'],
        ['First', 'low'],
      ]);
    },
  );
});
