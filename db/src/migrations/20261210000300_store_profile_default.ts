import type { Knex } from 'knex';

/**
 * A new drop box takes the batch profile (a manifest written last) unless the store asks for the
 * release-by-release one (a folder per release, its message written last): the batch profile is what most
 * stores read (docs/delivery.md).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw("alter table store_targets alter column profile set default 'batch'");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("alter table store_targets alter column profile set default 'release'");
}
