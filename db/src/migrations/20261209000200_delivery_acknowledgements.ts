import type { Knex } from 'knex';

/**
 * The stores' acknowledgements (docs/delivery.md): every file read from a drop box's acknowledgements
 * folder is kept as it came (an unreadable one with the reason, never dropped), once per store and file
 * name; a delivery records when the acknowledgement that set its state was made, so that an earlier one
 * read later does not undo a later one.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table delivery_acknowledgements (
      id uuid primary key default gen_random_uuid(),
      target_id uuid not null references store_targets (id) on delete restrict,
      file_name text not null,
      message_id text,
      made_at timestamptz,
      body text not null,
      problem text,
      received_at timestamptz not null default current_timestamp,
      constraint delivery_acknowledgements_file_key unique (target_id, file_name)
    )`);
  await knex.raw('alter table deliveries add column acknowledged_at timestamptz');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table deliveries drop column acknowledged_at');
  await knex.raw('drop table delivery_acknowledgements');
}
