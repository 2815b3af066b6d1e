import { z } from 'zod';
import { defineRoute } from '../../route.ts';
import { healthReport } from './health.ts';

const Status = z.enum(['ok', 'error']).describe('`ok`, or `error` (the reason is logged, never shown)');

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
      const failing = Object.entries(report).filter(([, status]) => status !== 'ok');
      // Anyone may ask: driver errors, hosts and paths go to the log, not to the caller.
      if (failing.length) deps.logger.warn({ health: Object.fromEntries(failing) }, 'health check failing');
      ctx.status = failing.length ? 503 : 200;
      return {
        db: report.db === 'ok' ? 'ok' : 'error',
        events: report.events === 'ok' ? 'ok' : 'error',
        storage: report.storage === 'ok' ? 'ok' : 'error',
      } as const;
    },
  }),
];
