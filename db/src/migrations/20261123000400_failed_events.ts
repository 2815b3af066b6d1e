import type { Knex } from 'knex';

/**
 * Dead letters: one row per (consumer group, event) whose handler failed. It counts the attempts while the
 * group retries the event (`retrying`), keeps it with its last error once the group gave up and moved on
 * (`parked`, after EVENT_MAX_ATTEMPTS), and follows an admin's replay (`replay_requested` → `replayed`, or
 * back to `parked` with the new error). A retried event that succeeds takes its row away with it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('failed_events', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('group_name').notNullable();
    t.bigInteger('event_id').notNullable().references('events.id').onDelete('CASCADE');
    t.text('status').notNullable().defaultTo('retrying');
    t.integer('attempts').notNullable().defaultTo(0);
    t.text('error').notNullable();
    t.text('stack');
    t.timestamp('first_failed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_failed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('parked_at', { useTz: true });
    t.timestamp('replay_requested_at', { useTz: true });
    t.text('replay_requested_by').references('users.id').onDelete('SET NULL');
    t.timestamp('replayed_at', { useTz: true });
    t.unique(['group_name', 'event_id']);
    t.index(['status', 'group_name']);
    t.index(['last_failed_at']);
  });
  await knex.raw(
    "alter table failed_events add constraint failed_events_status_check check (status in ('retrying', 'parked', 'replay_requested', 'replayed'))",
  );
  await knex.raw(
    'alter table failed_events add constraint failed_events_attempts_check check (attempts >= 0)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('failed_events');
}
