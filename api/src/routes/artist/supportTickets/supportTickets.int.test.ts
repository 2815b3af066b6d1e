import { describe, expect, it } from 'vitest';
import { Event, SupportTicket, type Db } from '@riffline/db';
import { actor, visitor } from '../../../../../test/support/actors.ts';
import { useTestApp, type TestServer } from '../../../../../test/support/api.ts';

let db: Db;
let app: TestServer;
useTestApp((t) => ({ db, app } = t));

describe('POST /api/support-tickets', () => {
  it('401 when signed out', async () => {
    const res = await visitor(app).send('POST', '/api/support-tickets', {
      subject: 'Help',
      message: 'Please',
    });
    expect(res.status).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthorized' });
  });

  it('400 with the reason: blank subject or message, a too-long message, an unknown priority or category', async () => {
    const artist = await actor(app, db, 'artist');
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
  });

  it('201: trimmed, medium by default, open; appends ticket.opened (an artist awaiting approval may write)', async () => {
    const artist = await actor(app, db, 'artist');
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
  });
});

describe('GET /api/support-tickets', () => {
  it('401 when signed out', async () => {
    expect((await visitor(app).get('/api/support-tickets')).status).toBe(401);
  });

  it("the user's own tickets, newest first, never anyone else's", async () => {
    const artist = await actor(app, db, 'approved');
    const other = await actor(app, db, 'approved');
    await other.send('POST', '/api/support-tickets', { subject: 'Other', message: 'Not yours' });
    await artist.send('POST', '/api/support-tickets', { subject: 'First', message: 'One', priority: 'low' });
    await new Promise((r) => setTimeout(r, 5));
    await artist.send('POST', '/api/support-tickets', {
      subject: 'Second',
      message: 'Two',
      priority: 'urgent',
    });
    const res = await artist.get('/api/support-tickets');
    expect(res.status).toBe(200);
    expect(
      res.json<Array<{ subject: string; priority: string }>>().map((t) => [t.subject, t.priority]),
    ).toEqual([
      ['Second', 'urgent'],
      ['First', 'low'],
    ]);
  });
});
