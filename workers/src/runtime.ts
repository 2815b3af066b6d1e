import { check, type Config, type Db } from '@riffline/db';
import type { Logger } from 'pino';
import { eventLogCheck } from './health.ts';

export interface WorkerDeps {
  config: Config;
  db: Db;
  logger: Logger;
}

export interface Workers {
  health(): Promise<{ db: string; events: string }>;
  stop(): Promise<void>;
}

/**
 * Starts the event relay and the consumer groups (projections, notifications, exports, delivery).
 * The relay and consumers arrive with the event-pipeline issue; until then this runs none and reports
 * the health of what they will need.
 */
export async function startWorkers(deps: WorkerDeps): Promise<Workers> {
  const events = eventLogCheck(deps.config, deps.db);
  deps.logger.info(
    { eventLog: deps.config.kafka.brokers.length ? 'kafka' : 'postgres', consumers: [] },
    'workers started',
  );
  return {
    async health() {
      const [db, ev] = await Promise.all([check(() => deps.db.raw('select 1')), check(events)]);
      return { db, events: ev };
    },
    async stop() {
      deps.logger.info('workers stopped');
    },
  };
}
