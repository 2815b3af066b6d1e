import type { Knex } from 'knex';

/**
 * The admin console's Royalties and Analytics lists read newest first a page at a time, everything or one
 * status (api/src/routes/admin/royalties, …/analytics): as the ledger and the usage rows grow with every
 * imported report, a page must not sort the whole table. The tie-break on id matches the lists' second
 * sort key (api/src/routes/admin/listQuery.ts). A release's royalties are found by release too (the filter,
 * and the `set null` when a release is deleted).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create index royalties_created_index on royalties (created_at desc, id)');
  await knex.raw('create index royalties_status_created_index on royalties (status, created_at desc, id)');
  await knex.raw('create index royalties_release_index on royalties (release_id)');
  await knex.raw('create index analytics_date_index on analytics (date desc, id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists analytics_date_index');
  await knex.raw('drop index if exists royalties_release_index');
  await knex.raw('drop index if exists royalties_status_created_index');
  await knex.raw('drop index if exists royalties_created_index');
}
