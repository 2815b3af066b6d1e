import { z } from 'zod';
import { defineRoute } from '../../route.ts';
import { healthReport } from './health.ts';

const Status = z.string().describe('`ok`, or what is wrong');

export const healthRoutes = [
  defineRoute({
    method: 'get',
    path: '/health',
    summary: 'Health of the database, the event log and storage (503 when one is not ok)',
    tag: 'Platform',
    audience: 'public',
    response: z.object({ db: Status, events: Status, storage: Status }),
    errors: [503],
    handler: async (ctx, deps) => {
      const report = await healthReport(deps);
      ctx.status = Object.values(report).every((v) => v === 'ok') ? 200 : 503;
      ctx.set('Cache-Control', 'no-store');
      return report;
    },
  }),
];
