import type { Knex } from 'knex';

/**
 * A transaction that appends events says so on the `riffline_outbox` channel (NOTIFY), once per
 * statement. PostgreSQL delivers a notification only when the transaction commits (never for a rolled
 * back one, nor at a savepoint), so a relay in another process LISTENing there moves new events at once
 * instead of at its next poll.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create function riffline_outbox_notify() returns trigger language plpgsql as $$
    begin
      perform pg_notify('riffline_outbox', '');
      return null;
    end $$`);
  await knex.raw(`
    create trigger events_outbox_notify after insert on events
    for each statement execute function riffline_outbox_notify()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger events_outbox_notify on events');
  await knex.raw('drop function riffline_outbox_notify()');
}
