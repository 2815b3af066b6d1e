import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import type { SupportTicketMessageResponse } from '@riffline/contracts';
import { Event, SupportTicket, TicketMessage } from '@riffline/db';
import { apiTest } from '#test/support/api.ts';
import { buildSupportTicket } from '#test/support/factories.ts';

/** Tickets as conversations: the artist's side (/api/support-tickets/:id/messages) and the team's. */
describe('GET and POST /api/support-tickets/:id/messages, /api/admin/tickets/:id/messages', () => {
  apiTest(
    '401 signed out; 404 for another artist’s ticket or none; 403 for an artist on the admin side; nothing written',
    async ({ db, visitor, artist, approvedArtist }) => {
      const ticket = await buildSupportTicket(db, { userId: artist.user.id });
      const mine = `/api/support-tickets/${ticket.id}/messages`;
      expect((await visitor.get(mine)).status).toBe(401);
      expect((await visitor.send('POST', mine, { message: 'Hi' })).status).toBe(401);
      for (const path of [mine, `/api/support-tickets/${randomUUID()}/messages`]) {
        const read = await approvedArtist.get(path);
        expect([read.status, read.json()]).toEqual([404, { message: 'Ticket not found' }]);
        expect((await approvedArtist.send('POST', path, { message: 'Hi' })).status).toBe(404);
      }
      const admin = `/api/admin/tickets/${ticket.id}/messages`;
      expect((await artist.get(admin)).status).toBe(403);
      expect((await artist.send('POST', admin, { message: 'Hi' })).status).toBe(403);
      expect(await TicketMessage.query(db).where({ ticketId: ticket.id })).toEqual([]);
    },
  );

  apiTest('400 with the exact message for an empty or too long reply', async ({ db, artist, admin }) => {
    const ticket = await buildSupportTicket(db, { userId: artist.user.id });
    for (const [who, path] of [
      [artist, `/api/support-tickets/${ticket.id}/messages`],
      [admin, `/api/admin/tickets/${ticket.id}/messages`],
    ] as const) {
      const empty = await who.send('POST', path, { message: '  ' });
      expect([empty.status, empty.json<{ message: string }>().message]).toEqual([400, 'Message is required']);
      const long = await who.send('POST', path, { message: 'x'.repeat(5001) });
      expect(long.json<{ message: string }>().message).toBe('Message must be at most 5,000 characters');
    }
  });

  apiTest(
    'a conversation: the team answers (open → in progress), the artist replies, a resolved ticket reopens, a closed one takes none',
    async ({ db, artist, admin }) => {
      const ticket = await buildSupportTicket(db, {
        userId: artist.user.id,
        subject: 'Where are my streams?',
        message: 'March is missing.',
      });
      const artistPath = `/api/support-tickets/${ticket.id}/messages`;
      const adminPath = `/api/admin/tickets/${ticket.id}/messages`;

      const answer = await admin.send('POST', adminPath, { message: 'Stores report with a delay.' });
      expect(answer.status).toBe(201);
      expect(answer.json()).toMatchObject({ fromTeam: true, author: 'Riffline Support' });
      expect((await SupportTicket.query(db).findById(ticket.id))!.status).toBe('in_progress');

      const back = await artist.send('POST', artistPath, { message: 'Thanks!\nAnd April?' });
      expect(back.status).toBe(201);
      expect(back.json()).toMatchObject({ fromTeam: false, body: 'Thanks!\nAnd April?' });

      for (const [who, path] of [
        [artist, artistPath],
        [admin, adminPath],
      ] as const) {
        const thread = (await who.get(path)).json<SupportTicketMessageResponse[]>();
        expect(thread.map((m) => [m.fromTeam, m.body])).toEqual([
          [false, 'March is missing.'],
          [true, 'Stores report with a delay.'],
          [false, 'Thanks!\nAnd April?'],
        ]);
        expect(thread[0]!.id).toBe(ticket.id);
      }

      await SupportTicket.query(db).patchAndFetchById(ticket.id, { status: 'resolved' });
      await artist.send('POST', artistPath, { message: 'Still missing.' });
      expect((await SupportTicket.query(db).findById(ticket.id))!.status).toBe('open');

      await SupportTicket.query(db).patchAndFetchById(ticket.id, { status: 'closed' });
      for (const [who, path] of [
        [artist, artistPath],
        [admin, adminPath],
      ] as const) {
        const refused = await who.send('POST', path, { message: 'Hello?' });
        expect([refused.status, refused.json()]).toEqual([
          409,
          { message: 'This ticket is closed: open a new one from the Help Center' },
        ]);
      }

      const events = await Event.query(db).where({ aggregateId: ticket.id }).orderBy('id');
      expect(events.map((e) => [e.type, (e.payload as { fromTeam?: boolean }).fromTeam])).toEqual([
        ['ticket.messagePosted', true],
        ['ticket.updated', undefined],
        ['ticket.messagePosted', false],
        ['ticket.messagePosted', false],
        ['ticket.updated', undefined],
      ]);
    },
  );
});
