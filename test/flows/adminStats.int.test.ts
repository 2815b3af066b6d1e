/**
 * GET /api/admin/stats reads the workers' `stats` projection: here the API and the workers run together,
 * every change goes through its route (so through its command and event), and once the `stats` group has
 * read past the last event the four numbers equal what the tables count; `make replay`'s rebuild gives
 * the same tables again.
 */
import { describe, expect } from 'vitest';
import type { AdminStats } from '@riffline/contracts';
import { countPlatformStats, Event } from '@riffline/db';
import type { Actor } from '#test/support/actors.ts';
import { waitUntilGroupPassed } from '#test/support/eventLog.ts';
import { validApplication, validReleaseBody } from '#test/support/factories.ts';
import { apiWithWorkers } from '#test/support/flow.ts';
import { replayStats } from '@riffline/workers';

const flowTest = apiWithWorkers('admin-stats');

const single = (title: string) =>
  validReleaseBody({ title, tracks: [{ title, primaryArtists: ['Maya R'] }] });

async function ok<T>(
  what: string,
  call: Promise<{ status: number; body: string; json<J>(): J }>,
): Promise<T> {
  const res = await call;
  expect(res.status, `${what}: ${res.body}`).toBeLessThan(300);
  return res.json<T>();
}

describe('the admin stats, from the API through the log to the stats projection', () => {
  // Every actor here signs up and changes through the API: the fixtures' approved artist is approved
  // straight in the database, an approval no event tells the projection of.
  flowTest(
    'counts pending applications, approved artists, releases and open tickets from the log',
    async ({ app, db, admin, newActor }) => {
      const stats = async (): Promise<AdminStats> => {
        const [last] = await Event.query(db).orderBy('id', 'desc').limit(1);
        await waitUntilGroupPassed({ db, group: 'stats', kafka: app.deps.config.kafka }, String(last!.id));
        return ok('stats', admin.get('/api/admin/stats'));
      };
      const start = await stats();
      expect(start).toEqual(await countPlatformStats(db));

      const apply = async (artist: Actor) =>
        (await ok<{ id: string }>('apply', artist.send('POST', '/api/applications', validApplication()))).id;
      const [maya, kojo, nia] = [
        await newActor('artist'),
        await newActor('artist'),
        await newActor('artist'),
      ];
      const [mayaApp, kojoApp] = [await apply(maya), await apply(kojo)];
      await apply(nia);
      expect(await stats()).toEqual({ ...start, pendingApplications: start.pendingApplications + 3 });

      await ok('approve', admin.send('PATCH', `/api/admin/applications/${mayaApp}`, { status: 'approved' }));
      await ok('reject', admin.send('PATCH', `/api/admin/applications/${kojoApp}`, { status: 'rejected' }));
      // Opening Nia's area approves her pending application with it.
      await ok('open', admin.send('PATCH', `/api/admin/users/${nia.user.id}/approval`, { isApproved: true }));

      const [keep, gone] = [
        await ok<{ id: string }>('release', maya.send('POST', '/api/releases', single('Night Drive'))),
        await ok<{ id: string }>('release', maya.send('POST', '/api/releases', single('Day Trip'))),
      ];
      expect(keep.id).not.toBe(gone.id);
      expect((await maya.send('DELETE', `/api/releases/${gone.id}`)).status).toBe(204);

      const ticket = (subject: string) =>
        ok<{ id: string }>(
          'ticket',
          maya.send('POST', '/api/support-tickets', { subject, message: 'Where is it?', priority: 'high' }),
        );
      const [asked, answered, closed] = [await ticket('ISRC'), await ticket('UPC'), await ticket('Cover')];
      await ok('resolve', admin.send('PATCH', `/api/admin/tickets/${answered.id}`, { status: 'resolved' }));
      await ok('close', admin.send('PATCH', `/api/admin/tickets/${closed.id}`, { status: 'closed' }));
      expect(asked.id).toBeTruthy();
      expect(await stats()).toEqual({
        pendingApplications: start.pendingApplications,
        approvedArtists: start.approvedArtists + 2,
        totalReleases: start.totalReleases + 1,
        openTickets: start.openTickets + 1,
      });

      // The artist answers the resolved ticket: open again. Nia's area closes; Maya becomes an admin.
      await ok(
        'answer',
        maya.send('POST', `/api/support-tickets/${answered.id}/messages`, { message: 'Still missing' }),
      );
      await ok(
        'close area',
        admin.send('PATCH', `/api/admin/users/${nia.user.id}/approval`, { isApproved: false }),
      );
      await ok('promote', admin.send('PATCH', `/api/admin/users/${maya.user.id}/role`, { role: 'admin' }));
      const end = await stats();
      expect(end).toEqual({
        pendingApplications: start.pendingApplications,
        approvedArtists: start.approvedArtists,
        totalReleases: start.totalReleases + 1,
        openTickets: start.openTickets + 2,
      });
      expect(end).toEqual(await countPlatformStats(db));

      // `make replay` rebuilds the same tables from the log, whatever happened to them.
      const subjects = () => db('platform_stat_subjects').orderBy(['kind', 'id']);
      const live = await subjects();
      await db('platform_stats').update({ value: 99 });
      await db('platform_stat_subjects').where({ kind: 'ticket' }).delete();
      expect(await ok('damaged', admin.get('/api/admin/stats'))).not.toEqual(end);
      await replayStats(db);
      expect(await ok('rebuilt', admin.get('/api/admin/stats'))).toEqual(end);
      expect(await subjects()).toEqual(live);
    },
  );
});
