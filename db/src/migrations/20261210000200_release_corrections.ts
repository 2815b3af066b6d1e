import type { Knex } from 'knex';

/**
 * Corrections to a live release (docs/delivery.md): the artist proposes new values (title, release artists,
 * genre, track titles), an admin approves or rejects them, and an approved one is delivered to the stores
 * as an update. A release has at most one correction waiting for review.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table release_changes drop constraint release_changes_kind_check');
  await knex.raw(`
    alter table release_changes
      add constraint release_changes_kind_check check (kind in ('takedown', 'purge', 'correction')),
      add column status text not null default 'approved',
      add column proposed jsonb,
      add column previous jsonb,
      add column reason text,
      add column decided_by text references users (id) on delete set null,
      add column decided_at timestamptz,
      add constraint release_changes_status_check check (status in ('pending', 'approved', 'rejected')),
      add constraint release_changes_correction_check check ((kind = 'correction') = (proposed is not null))`);
  await knex.raw(
    `create unique index release_changes_one_pending on release_changes (release_id)
       where kind = 'correction' and status = 'pending'`,
  );
  await knex.raw(
    "create index release_changes_pending_index on release_changes (created_at) where status = 'pending'",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("delete from release_changes where kind = 'correction'");
  await knex.raw(`
    alter table release_changes
      drop column status, drop column proposed, drop column previous, drop column reason,
      drop column decided_by, drop column decided_at,
      drop constraint release_changes_kind_check,
      add constraint release_changes_kind_check check (kind in ('takedown', 'purge'))`);
}
