import { Application, Release, SupportTicket, User } from '@riffline/db';
import { AdminStats } from '@riffline/contracts';
import { defineRoute } from '../../route.ts';

const count = async (query: { resultSize(): Promise<number> }) => query.resultSize();

export const adminStatsRoutes = [
  defineRoute({
    method: 'get',
    path: '/admin/stats',
    summary:
      'The admin panel top stats: pending applications, approved artists, total releases, open tickets',
    tag: 'Admin: platform',
    audience: 'admin',
    response: AdminStats,
    handler: async (_ctx, { db }) => {
      const [pendingApplications, approvedArtists, totalReleases, openTickets] = await Promise.all([
        count(Application.query(db).where({ status: 'pending' })),
        count(User.query(db).where({ role: 'artist', isApproved: true })),
        count(Release.query(db)),
        count(SupportTicket.query(db).whereIn('status', ['open', 'in_progress'])),
      ]);
      return { pendingApplications, approvedArtists, totalReleases, openTickets };
    },
  }),
];
