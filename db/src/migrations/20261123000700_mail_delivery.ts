import type { Knex } from 'knex';

/**
 * Mail sent after commit, and what a user wants to be emailed about.
 *
 * `mail_deliveries`: a consumer records each message it means to send in its own transaction (with the
 * event's `processed_events` row); the workers' mail delivery sends it once that has committed, outside
 * any transaction, under its fixed `message_id` (built from the event id), and marks it `sent`. A send that
 * fails is tried again at `next_attempt_at`, up to a limit, then the row is `failed` with its error.
 * `claimed_until` is the lease of the delivery that is sending it: another delivery (or this one after a
 * restart) takes the row again only once the lease is over, so a crash resends a message at most once.
 *
 * `notification_settings`: the Settings page's toggles (SPEC §2), one row per user once they change one;
 * no row means the defaults (emails and royalty updates on, marketing off).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('mail_deliveries', (t) => {
    t.bigIncrements('id').primary();
    t.text('message_id').notNullable().unique();
    t.bigInteger('event_id').references('events.id').onDelete('SET NULL');
    t.text('user_id').references('users.id').onDelete('CASCADE');
    t.text('to_address').notNullable();
    t.text('subject').notNullable();
    t.text('text_body').notNullable();
    t.text('html_body');
    t.text('status').notNullable().defaultTo('pending');
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('next_attempt_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('claimed_until', { useTz: true });
    t.text('last_error');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('sent_at', { useTz: true });
    t.timestamp('failed_at', { useTz: true });
  });
  await knex.raw(
    "alter table mail_deliveries add constraint mail_deliveries_status_check check (status in ('pending', 'sent', 'failed'))",
  );
  await knex.raw(
    'alter table mail_deliveries add constraint mail_deliveries_attempts_check check (attempts >= 0)',
  );
  // What the delivery looks for: the pending rows, by when they are due.
  await knex.raw(
    "create index mail_deliveries_pending_index on mail_deliveries (next_attempt_at, id) where status = 'pending'",
  );
  // What the purge of old sent rows looks for.
  await knex.raw(
    "create index mail_deliveries_sent_index on mail_deliveries (sent_at) where status = 'sent'",
  );

  await knex.schema.createTable('notification_settings', (t) => {
    t.text('user_id').primary().references('users.id').onDelete('CASCADE');
    t.boolean('email_notifications').notNullable().defaultTo(true);
    t.boolean('royalty_updates').notNullable().defaultTo(true);
    t.boolean('marketing').notNullable().defaultTo(false);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('notification_settings');
  await knex.schema.dropTableIfExists('mail_deliveries');
}
