import type { Knex } from 'knex';

/**
 * An artist may withdraw their correction while it waits for review (docs/delivery.md): it is kept, as
 * `withdrawn`, and the release can be corrected again at once.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table release_changes
      drop constraint release_changes_status_check,
      add constraint release_changes_status_check check (status in ('pending', 'approved', 'rejected', 'withdrawn'))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("delete from release_changes where status = 'withdrawn'");
  await knex.raw(`
    alter table release_changes
      drop constraint release_changes_status_check,
      add constraint release_changes_status_check check (status in ('pending', 'approved', 'rejected'))`);
}
