import type { Knex } from 'knex';

/**
 * A store report's lines in blocks of a thousand (db/src/storeReports/lineBlocks.ts holds the format).
 *
 * An import wrote a row per line of the file into `store_report_lines`: PostgreSQL's own work for a row
 * (its tuple, its key, its WAL) set the import's floor (`make bench-pipeline`), most of it for the lines
 * that matched. Now every line is in a block (`store_report_line_blocks`: a thousand lines per row, in
 * file order; matched lines whole, naming what they matched by a number in `store_report_line_matches`: a
 * few rows per track and sale month), and `store_report_lines` keeps only the lines that were not matched
 * (unmatched or invalid), with their reason and cells, for the admin's list of them. Existing matched rows
 * move into blocks here; nothing is lost either way.
 */
const BLOCK = 1000;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table store_report_line_blocks (
      report_id uuid not null,
      block integer not null,
      first_line integer not null,
      last_line integer not null,
      records_before integer not null,
      records integer not null check (records > 0),
      matched_before integer not null,
      matched integer not null check (matched >= 0 and matched <= records),
      entries text not null,
      primary key (report_id, block)
    )`);
  // A block's text as it comes: pglz, the default, is slow on texts this large; lz4 (where the server has
  // it) or none is much cheaper to write (docs/benchmarks.md).
  const { rows } = (await knex.raw(
    "select 'lz4' = any(enumvals) as lz4 from pg_settings where name = 'default_toast_compression'",
  )) as { rows: Array<{ lz4: boolean }> };
  await knex.raw(
    rows[0]?.lz4
      ? 'alter table store_report_line_blocks alter column entries set compression lz4'
      : 'alter table store_report_line_blocks alter column entries set storage external',
  );
  await knex.raw(`
    create table store_report_line_matches (
      report_id uuid not null,
      match integer not null,
      track_id uuid,
      release_id uuid not null,
      user_id text not null,
      royalty_id uuid not null,
      primary key (report_id, match)
    )`);
  await knex.raw(`
    with numbered as (
      select l.*, ((row_number() over (partition by report_id order by line_number) - 1) / ${BLOCK})::int as block
        from store_report_lines l
    ), ranked as (
      select n.*, case when status = 'matched' then
               (dense_rank() over (partition by report_id, status = 'matched'
                                   order by track_id, release_id, user_id, royalty_id) - 1)::int end as match
        from numbered n
    ), matches as (
      insert into store_report_line_matches
      select distinct report_id, match, track_id, release_id, user_id, royalty_id
        from ranked where status = 'matched'
    ), blocks as (
      select report_id, block, min(line_number) as first_line, max(line_number) as last_line,
             count(*)::int as records, (count(*) filter (where status = 'matched'))::int as matched,
             json_agg(case when status = 'matched'
                        then json_build_array(line_number, match, period, sale_date::text, store, country, isrc,
                               upc, sale_type, units, net_revenue::text, currency, rate_per_usd::text,
                               revenue_usd::text, listeners)
                        else json_build_array(line_number, status) end
                      order by line_number)::text as entries
        from ranked
       group by report_id, block
    )
    insert into store_report_line_blocks
    select b.report_id, b.block, b.first_line, b.last_line,
           (sum(b.records) over w - b.records)::int, b.records,
           (sum(b.matched) over w - b.matched)::int, b.matched, b.entries
      from blocks b
    window w as (partition by b.report_id order by b.block)`);
  await knex.raw(`delete from store_report_lines where status = 'matched'`);
  await knex.raw('alter table store_report_lines drop constraint store_report_lines_status_check');
  await knex.raw(
    "alter table store_report_lines add constraint store_report_lines_status_check check (status in ('unmatched', 'invalid'))",
  );
  await knex.raw(
    'alter table store_report_lines drop column revenue_usd, drop column track_id, drop column release_id, drop column user_id, drop column royalty_id',
  );
  await knex.raw(`
    create or replace function riffline_store_report_rows_delete() returns trigger language plpgsql as $$
    begin
      delete from store_report_lines where report_id = old.id;
      delete from store_report_line_blocks where report_id = old.id;
      delete from store_report_line_matches where report_id = old.id;
      delete from analytics where report_id = old.id;
      return old;
    end
    $$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    create or replace function riffline_store_report_rows_delete() returns trigger language plpgsql as $$
    begin
      delete from store_report_lines where report_id = old.id;
      delete from analytics where report_id = old.id;
      return old;
    end
    $$`);
  await knex.raw(`
    alter table store_report_lines add column revenue_usd numeric(24, 8), add column track_id uuid,
      add column release_id uuid, add column user_id text, add column royalty_id uuid`);
  await knex.raw('alter table store_report_lines drop constraint store_report_lines_status_check');
  await knex.raw(
    "alter table store_report_lines add constraint store_report_lines_status_check check (status in ('matched', 'unmatched', 'invalid'))",
  );
  await knex.raw(`
    insert into store_report_lines (report_id, line_number, status, period, sale_date, store, country, isrc, upc,
                                    sale_type, units, net_revenue, currency, rate_per_usd, revenue_usd, listeners,
                                    track_id, release_id, user_id, royalty_id)
    select b.report_id, (e->>0)::int, 'matched', e->>2, (e->>3)::date, e->>4, e->>5, e->>6, e->>7, e->>8,
           (e->>9)::bigint, (e->>10)::numeric, e->>11, (e->>12)::numeric, (e->>13)::numeric, (e->>14)::bigint,
           m.track_id, m.release_id, m.user_id, m.royalty_id
      from store_report_line_blocks b
     cross join lateral jsonb_array_elements(b.entries::jsonb) e
      join store_report_line_matches m on m.report_id = b.report_id and m.match = (e->>1)::int
     where jsonb_array_length(e) > 2`);
  await knex.raw('drop table store_report_line_matches');
  await knex.raw('drop table store_report_line_blocks');
}
