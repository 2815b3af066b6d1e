import type { Knex } from 'knex';

/**
 * Which event log the relay publishes to (`postgres` or `kafka`), one row, so that the workers see a
 * switch (KAFKA_BROKERS set or unset) when they start and hand the events over (db/src/events/handover.ts).
 * A database whose consumer groups have tailed the Postgres log starts as `postgres`; one that never
 * recorded anything records the log of its first start.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('event_log_state', (t) => {
    t.boolean('id').primary().defaultTo(true);
    t.text('kind').notNullable();
    t.timestamp('changed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('alter table event_log_state add constraint event_log_state_one_row check (id)');
  await knex.raw(
    "alter table event_log_state add constraint event_log_state_kind_check check (kind in ('postgres', 'kafka'))",
  );
  await knex.raw(
    "insert into event_log_state (kind) select 'postgres' where exists (select 1 from consumer_positions)",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('event_log_state');
}
