import { platformStats } from '@riffline/db';
import { AdminStats } from '@riffline/contracts';
import { defineRoute } from '../../route.ts';

export const adminStatsRoutes = [
  defineRoute({
    method: 'get',
    path: '/admin/stats',
    summary:
      'The admin panel top stats: pending applications, approved artists, total releases, open tickets. ' +
      "Read from the workers' stats projection, a moment behind the last change.",
    tag: 'Admin: platform',
    audience: 'admin',
    response: AdminStats,
    handler: async (_ctx, { db }) => platformStats(db),
  }),
];
