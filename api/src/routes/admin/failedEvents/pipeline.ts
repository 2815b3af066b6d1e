import { consumerGroups, type AdminPipelineResponse } from '@riffline/contracts';
import { consumerLag, failedEventCounts, mailBacklog, outboxBacklog } from '@riffline/db';
import type { Handler } from '../../route.ts';

/**
 * The pipeline at a glance, from the database: the outbox the relay has still to publish, each consumer
 * group's lag on the Postgres log (on Kafka the broker knows it: /metrics), its retrying and parked events,
 * and the mail waiting to go.
 */
export const pipeline: Handler<unknown> = async (_ctx, { db, config }): Promise<AdminPipelineResponse> => {
  const kafka = config.kafka.brokers.length > 0;
  const [outbox, counts, mail, lags] = await Promise.all([
    outboxBacklog(db),
    failedEventCounts(db),
    mailBacklog(db),
    Promise.all(consumerGroups.map((group) => (kafka ? null : consumerLag(db, group)))),
  ]);
  return {
    eventLog: kafka ? 'kafka' : 'postgres',
    outbox: { events: outbox.events, oldestSeconds: Math.round(outbox.oldestSeconds) },
    groups: consumerGroups.map((group, i) => ({
      group,
      lag: lags[i] ?? null,
      retrying: counts[group]?.retrying ?? 0,
      parked: counts[group]?.parked ?? 0,
    })),
    mail: { pending: mail.pending, failed: mail.failed, oldestSeconds: Math.round(mail.oldestSeconds) },
  };
};
