import type { Knex } from 'knex';

/**
 * A store report's lines and analytics rows belong to it without a per-row foreign key check.
 *
 * An import writes a row per line of the file (a million for a large report) and one per analytics cell,
 * every one naming the same report: the foreign keys on `report_id` looked that report up and locked it
 * again for each row, a million times for one answer (docs/benchmarks.md). What they guaranteed is kept
 * another way:
 * - a row cannot name a report that is not there: the import locks its report `for key share` (the lock a
 *   foreign key check takes) once, before writing, so the report cannot go while its rows are written;
 * - deleting a report deletes its rows (the cascade): a trigger on `store_reports` does it, once per report.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table store_report_lines drop constraint store_report_lines_report_id_foreign');
  await knex.raw('alter table analytics drop constraint analytics_report_id_foreign');
  await knex.raw(`
    create function riffline_store_report_rows_delete() returns trigger language plpgsql as $$
    begin
      delete from store_report_lines where report_id = old.id;
      delete from analytics where report_id = old.id;
      return old;
    end
    $$`);
  await knex.raw(`
    create trigger store_reports_rows_delete after delete on store_reports
      for each row execute function riffline_store_report_rows_delete()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger store_reports_rows_delete on store_reports');
  await knex.raw('drop function riffline_store_report_rows_delete()');
  await knex.raw(
    'delete from store_report_lines l where not exists (select 1 from store_reports r where r.id = l.report_id)',
  );
  await knex.raw(
    'delete from analytics a where a.report_id is not null and not exists (select 1 from store_reports r where r.id = a.report_id)',
  );
  await knex.raw(
    'alter table store_report_lines add constraint store_report_lines_report_id_foreign foreign key (report_id) references store_reports (id) on delete cascade',
  );
  await knex.raw(
    'alter table analytics add constraint analytics_report_id_foreign foreign key (report_id) references store_reports (id) on delete cascade',
  );
}
