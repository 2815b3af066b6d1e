import type { Knex } from 'knex';

/**
 * A report's unmatched and invalid lines whole in their blocks, and `store_report_lines` gone.
 *
 * Since 20261128000100 a kept line was in its block as its number and status only, its reason and cells a
 * row of `store_report_lines`. Writing those rows, their key and their partial index was the larger part
 * of what PostgreSQL did for an import's lines (`make bench-pipeline`'s floor), more than all the blocks
 * together (docs/benchmarks.md). A kept line's entry is now the line whole (lineBlocks.ts), and each block
 * counts its unmatched and invalid lines, with those of the report's earlier blocks (`unmatched_before`,
 * `invalid_before`), as it counts its matched ones: the admin's `?status=unmatched` page is found by
 * position, as every other page is.
 *
 * Existing rows move into their blocks' entries here, and back on the way down; nothing is lost either way.
 */

/** The trigger function deleting a report's rows with it (`lines`: what it deletes of its kept lines). */
const rowsDelete = (lines: string) => `
  create or replace function riffline_store_report_rows_delete() returns trigger language plpgsql as $$
  begin
    ${lines}
    delete from store_report_line_blocks where report_id = old.id;
    delete from store_report_line_matches where report_id = old.id;
    if old.analytics_ids is null then
      delete from analytics where report_id = old.id;
    elsif old.analytics_ids <> '' then
      delete from analytics
       where id between (old.analytics_ids || '000000000000')::uuid and (old.analytics_ids || 'ffffffffffff')::uuid
         and report_id = old.id;
    end if;
    return old;
  end
  $$`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table store_report_line_blocks
      add column unmatched_before integer not null default 0,
      add column unmatched integer not null default 0 check (unmatched >= 0),
      add column invalid_before integer not null default 0,
      add column invalid integer not null default 0 check (invalid >= 0)`);
  // Each kept line's number-and-status entry replaced by the line whole (json, not jsonb: every other
  // entry stays as it was written), and the blocks of each report with kept lines counted again.
  await knex.raw(`
    with filled as (
      select b.report_id, b.block,
             json_agg(case when k.line_number is null then x.e
                           else json_build_array(k.line_number, k.status, k.reason, k.period, k.sale_date::text,
                                  k.store, k.country, k.isrc, k.upc, k.sale_type, k.units, k.net_revenue::text,
                                  k.currency, k.rate_per_usd::text, k.listeners, k.fields::json) end
                      order by x.n)::text as entries,
             (count(*) filter (where k.status = 'unmatched'))::int as unmatched,
             (count(*) filter (where k.status = 'invalid'))::int as invalid
        from store_report_line_blocks b
       cross join lateral json_array_elements(b.entries::json) with ordinality as x(e, n)
        left join store_report_lines k
          on json_typeof(x.e->1) = 'string' and k.report_id = b.report_id and k.line_number = (x.e->>0)::int
       where b.report_id in (select distinct report_id from store_report_lines)
       group by b.report_id, b.block
    ), counted as (
      select f.*, (sum(f.unmatched) over w - f.unmatched)::int as unmatched_before,
             (sum(f.invalid) over w - f.invalid)::int as invalid_before
        from filled f
      window w as (partition by f.report_id order by f.block)
    )
    update store_report_line_blocks b
       set entries = c.entries, unmatched = c.unmatched, invalid = c.invalid,
           unmatched_before = c.unmatched_before, invalid_before = c.invalid_before
      from counted c
     where b.report_id = c.report_id and b.block = c.block`);
  await knex.raw(rowsDelete(''));
  await knex.raw('drop table store_report_lines');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    create table store_report_lines (
      report_id uuid not null,
      line_number integer not null,
      status text not null,
      reason text,
      period text,
      sale_date date,
      store text,
      country text,
      isrc text,
      upc text,
      sale_type text,
      units bigint,
      net_revenue numeric(24, 8),
      currency text,
      rate_per_usd numeric(12, 6),
      listeners bigint,
      fields jsonb,
      primary key (report_id, line_number),
      constraint store_report_lines_status_check check (status in ('unmatched', 'invalid'))
    )`);
  await knex.raw(
    "create index store_report_lines_kept_index on store_report_lines (report_id, status, line_number) where status <> 'matched'",
  );
  await knex.raw(`
    insert into store_report_lines
    select b.report_id, (e->>0)::int, e->>1, e->>2, e->>3, (e->>4)::date, e->>5, e->>6, e->>7, e->>8, e->>9,
           (e->>10)::bigint, (e->>11)::numeric, e->>12, (e->>13)::numeric, (e->>14)::bigint, (e->>15)::jsonb
      from store_report_line_blocks b
     cross join lateral json_array_elements(b.entries::json) e
     where b.unmatched + b.invalid > 0 and json_typeof(e->1) = 'string' and json_array_length(e) > 2`);
  await knex.raw(`
    update store_report_line_blocks b
       set entries = (select json_agg(case when json_typeof(x.e->1) = 'string' then json_build_array(x.e->0, x.e->1)
                                           else x.e end order by x.n)::text
                        from json_array_elements(b.entries::json) with ordinality as x(e, n))
     where b.unmatched + b.invalid > 0`);
  await knex.raw(rowsDelete('delete from store_report_lines where report_id = old.id;'));
  await knex.raw(`
    alter table store_report_line_blocks
      drop column unmatched_before, drop column unmatched, drop column invalid_before, drop column invalid`);
}
