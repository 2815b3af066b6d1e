import type { Knex } from 'knex';

/**
 * A report's analytics cells found by their ids, not by an index on `report_id`.
 *
 * An import writes its cells in one statement with ids made in order (storeReports/ids.ts: the same first 24
 * characters, then the row's number), so a report's cells are one range of the primary key. Kept on the
 * report (`analytics_ids`: those 24 characters; '' while it has no cells), that range finds them to delete
 * them (a new import of the report, the report deleted), and `analytics_report_index`, which every cell
 * of every import wrote into, goes. A report whose cells do not share one prefix (none written since ids
 * were made in order) keeps null: its cells are found by `report_id` as before, reading the table.
 */
/** The trigger function deleting a report's rows with it, its cells deleted by `analytics`. */
const rowsDelete = (analytics: string) => `
  create or replace function riffline_store_report_rows_delete() returns trigger language plpgsql as $$
  begin
    delete from store_report_lines where report_id = old.id;
    delete from store_report_line_blocks where report_id = old.id;
    delete from store_report_line_matches where report_id = old.id;
    ${analytics}
    return old;
  end
  $$`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw("alter table store_reports add column analytics_ids text default ''");
  await knex.raw(`
    update store_reports r set analytics_ids = case when p.prefixes = 1 then p.prefix end
      from (select report_id, min(left(id::text, 24)) as prefix, count(distinct left(id::text, 24)) as prefixes
              from analytics where report_id is not null group by report_id) p
     where p.report_id = r.id`);
  await knex.raw(
    rowsDelete(`
    if old.analytics_ids is null then
      delete from analytics where report_id = old.id;
    elsif old.analytics_ids <> '' then
      delete from analytics
       where id between (old.analytics_ids || '000000000000')::uuid and (old.analytics_ids || 'ffffffffffff')::uuid
         and report_id = old.id;
    end if;`),
  );
  await knex.raw('drop index analytics_report_index');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('create index analytics_report_index on analytics (report_id)');
  await knex.raw(rowsDelete('delete from analytics where report_id = old.id;'));
  await knex.raw('alter table store_reports drop column analytics_ids');
}
