import type { Knex } from 'knex';

/**
 * Changes to a release after it went out to the stores (docs/delivery.md): a takedown the artist asked for
 * (from some stores or all, in some countries or everywhere, at once or from a date) and an admin's purge.
 * Each delivery that carries one names it, so that its state is shown per store until the store confirms.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table release_changes (
      id uuid primary key default gen_random_uuid(),
      release_id uuid not null references releases (id) on delete cascade,
      kind text not null,
      stores text[],
      territories text[],
      effective_on date,
      requested_by text references users (id) on delete set null,
      created_at timestamptz not null default current_timestamp,
      constraint release_changes_kind_check check (kind in ('takedown', 'purge')),
      constraint release_changes_purge_check
        check (kind = 'takedown' or (stores is null and territories is null and effective_on is null))
    )`);
  await knex.raw('create index release_changes_release_index on release_changes (release_id, created_at)');
  await knex.raw(
    "create unique index release_changes_one_purge on release_changes (release_id) where kind = 'purge'",
  );
  await knex.raw(
    'alter table deliveries add column change_id uuid references release_changes (id) on delete cascade',
  );
  await knex.raw('create index deliveries_change_index on deliveries (change_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table deliveries drop column change_id');
  await knex.raw('drop table release_changes');
}
