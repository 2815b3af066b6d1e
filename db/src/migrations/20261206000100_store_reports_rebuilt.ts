import type { Knex } from 'knex';
import { keys, keysFunction } from './20261127000200_analytics_statement_keys.ts';
import { up as analyticsKeysOneRead } from './20261127000400_analytics_keys_one_pass.ts';
import { down as blocksToLines, up as linesToBlocks } from './20261128000100_report_line_blocks.ts';
import { down as keptOutOfBlocks, up as keptIntoBlocks } from './20261130000100_kept_lines_in_blocks.ts';

/**
 * The store-report import rebuilt (docs/reports.md): a report's lines and analytics cells each in a
 * partition of their own, with declared foreign keys, and the trigger stand-ins for those keys gone.
 *
 * A report's rows are written into a table of their own and attached as a partition once filled: the
 * foreign keys are then checked in one pass over the partition, not row by row (docs/benchmarks.md), and
 * a new import of the report drops its partitions. Lines are rows again (status, cells, what they matched,
 * the summary they share); DSR summaries get a table; a report records its format, what its file says of
 * itself, its totals per currency and its warnings.
 */
const lineColumns = `
  report_id uuid not null references store_reports (id) on delete cascade,
  file_number integer not null default 1,
  line_number integer not null,
  status text not null check (status in ('matched', 'unmatched', 'invalid')),
  reason text,
  period text,
  start_date date,
  end_date date,
  store text,
  country text,
  isrc text,
  upc text,
  sale_type text,
  units bigint,
  summary_id text,
  net_revenue numeric(24, 8),
  currency text,
  rate_per_usd numeric(12, 6),
  revenue_usd numeric(24, 8),
  listeners bigint,
  track text,
  release text,
  artist text,
  track_id uuid references tracks (id) on delete set null,
  release_id uuid references releases (id) on delete set null,
  user_id text references users (id) on delete set null,
  fields jsonb,
  primary key (report_id, file_number, line_number),
  foreign key (report_id, summary_id) references store_report_summaries (report_id, summary_id) on delete cascade`;

const analyticsColumns = `
  id uuid not null default gen_random_uuid(),
  report_id uuid not null references store_reports (id) on delete cascade,
  user_id text references users (id) on delete cascade,
  release_id uuid not null references releases (id) on delete cascade,
  track_id uuid references tracks (id) on delete set null,
  track text,
  platform text not null,
  country varchar(2),
  date date not null,
  end_date date not null,
  streams bigint not null default 0,
  downloads bigint not null default 0,
  revenue_usd numeric(24, 8) not null default 0,
  listeners bigint,
  created_at timestamptz not null default current_timestamp,
  constraint analytics_counts_check check (streams >= 0 and downloads >= 0),
  constraint analytics_listeners_check check (listeners is null or listeners >= 0),
  constraint analytics_period_check check (end_date >= date)`;

/** The partition of `table` for a report: `<table>_<report id without dashes>`. */
const partitionOf = (table: string, reportId: string) => `${table}_${reportId.replace(/-/g, '')}`;

export async function up(knex: Knex): Promise<void> {
  // Every line back in one plain table first (the older migrations' own way back), then into partitions.
  await keptOutOfBlocks(knex);
  await blocksToLines(knex);
  await knex.raw('drop trigger store_reports_rows_delete on store_reports');
  await knex.raw('drop function riffline_store_report_rows_delete()');
  for (const event of ['insert', 'update']) {
    await knex.raw(`drop trigger analytics_keys_${event} on analytics`);
    await knex.raw(`drop function riffline_analytics_keys_${event}()`);
  }
  for (const { table } of keys) {
    await knex.raw(`drop trigger ${table}_analytics_delete on ${table}`);
    await knex.raw(`drop function riffline_analytics_${table}_delete()`);
  }

  await knex.raw(`
    alter table store_reports
      drop column analytics_ids,
      add column format text check (format in ('dsr', 'csv', 'distrokid')),
      add column message_id text,
      add column sender text,
      add column service text,
      add column usage_start date,
      add column usage_end date,
      add column file_number integer,
      add column number_of_files integer,
      add column totals jsonb not null default '[]',
      add column warnings jsonb not null default '[]',
      add column imported_with uuid references store_reports (id) on delete set null,
      add column holds jsonb not null default '[]'`);
  // A part of a report in several files waits, nothing counted, until the last part imports them all.
  await knex.raw('alter table store_reports drop constraint store_reports_status_check');
  await knex.raw(
    "alter table store_reports add constraint store_reports_status_check check (status in ('pending', 'running', 'waiting', 'held', 'completed', 'failed'))",
  );
  await knex.raw('create index store_reports_message_index on store_reports (message_id, sender)');

  await knex.raw(`
    create table store_report_summaries (
      report_id uuid not null references store_reports (id) on delete cascade,
      summary_id text not null,
      line_number integer not null,
      country text,
      commercial_model text,
      use_type text,
      total_usages bigint,
      currency text not null,
      net_revenue numeric(24, 8) not null,
      currency_of_transaction text,
      exchange_rate numeric(24, 12),
      primary key (report_id, summary_id)
    )`);

  await knex.raw('alter table store_report_lines rename to store_report_lines_before');
  await knex.raw('alter index store_report_lines_pkey rename to store_report_lines_before_pkey');
  await knex.raw('drop index store_report_lines_kept_index');
  await knex.raw(`create table store_report_lines (${lineColumns}) partition by list (report_id)`);
  await knex.raw(
    "create index store_report_lines_kept_index on store_report_lines (report_id, status, file_number, line_number) where status <> 'matched'",
  );
  await knex.raw('alter table analytics rename to analytics_before');
  await knex.raw('alter index analytics_pkey rename to analytics_before_pkey');
  await knex.raw(
    'drop index analytics_date_index, analytics_release_id_date_index, analytics_user_date_index',
  );
  await knex.raw(
    'alter table analytics_before rename constraint analytics_counts_check to analytics_before_counts_check',
  );
  await knex.raw(
    'alter table analytics_before rename constraint analytics_listeners_check to analytics_before_listeners_check',
  );
  await knex.raw(
    `create table analytics (${analyticsColumns}, primary key (report_id, id)) partition by list (report_id)`,
  );
  // Rows of reports without a partition of their own (written by hand, never by an import).
  await knex.raw('create table analytics_default partition of analytics default');
  await knex.raw('create index analytics_user_date_index on analytics (user_id, date)');
  await knex.raw('create index analytics_release_date_index on analytics (release_id, date)');
  await knex.raw('create index analytics_date_index on analytics (date desc, id)');

  await knex.raw('create index analytics_id_index on analytics (id)');
  // Cells older than the reports that would have made them get a report that says so, as every cell now has one.
  if (await knex('analytics_before').whereNull('report_id').first()) {
    const [report] = (await knex('store_reports')
      .insert({
        filename: 'Analytics recorded before store reports',
        fileKey: '',
        contentHash: '',
        size: 0,
        status: 'completed',
      })
      .returning('id')) as Array<{ id: string }>;
    await knex('analytics_before').whereNull('report_id').update({ reportId: report!.id });
  }
  const reports = (await knex('store_reports').pluck('id')) as string[];
  for (const reportId of reports) {
    const lines = partitionOf('store_report_lines', reportId);
    await knex.raw(`create table ?? (like store_report_lines including defaults including constraints)`, [
      lines,
    ]);
    await knex.raw(
      `insert into ?? (report_id, line_number, status, reason, period, start_date, end_date, store, country, isrc,
                       upc, sale_type, units, net_revenue, currency, rate_per_usd, revenue_usd, listeners,
                       track_id, release_id, user_id, fields)
       select l.report_id, l.line_number, l.status, l.reason, l.period, l.sale_date, l.sale_date, l.store, l.country,
              l.isrc, l.upc, l.sale_type, l.units, l.net_revenue, l.currency, l.rate_per_usd, l.revenue_usd,
              l.listeners, t.id, r.id, u.id, l.fields
         from store_report_lines_before l
         left join tracks t on t.id = l.track_id
         left join releases r on r.id = l.release_id
         left join users u on u.id = l.user_id
        where l.report_id = ?`,
      [lines, reportId],
    );
    await knex.raw(`alter table store_report_lines attach partition ?? for values in ('${reportId}')`, [
      lines,
    ]);
    const cells = partitionOf('analytics', reportId);
    await knex.raw(`create table ?? (like analytics including defaults including constraints)`, [cells]);
    await knex.raw(
      `insert into ?? (id, report_id, user_id, release_id, track_id, track, platform, country, date, end_date,
                       streams, downloads, revenue_usd, listeners, created_at)
       select id, report_id, user_id, release_id, track_id, track, platform, country, date, date,
              streams, downloads, revenue_usd, listeners, created_at
         from analytics_before where report_id = ?`,
      [cells, reportId],
    );
    await knex.raw(`alter table analytics attach partition ?? for values in ('${reportId}')`, [cells]);
  }
  await knex.raw('drop table analytics_before');
  await knex.raw('drop table store_report_lines_before');
  await knex.raw(
    'create unique index royalties_report_key on royalties (report_id, user_id, release_id, period) where report_id is not null',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index royalties_report_key');
  await knex.raw(`
    create table store_report_lines_before as
    select report_id, line_number, status, reason, period, start_date as sale_date, store, country, isrc, upc,
           sale_type, units, net_revenue, currency, rate_per_usd, revenue_usd, listeners, track_id, release_id,
           user_id, (select r.id from royalties r where r.report_id = l.report_id and r.user_id = l.user_id
                       and r.release_id = l.release_id and r.period = l.period) as royalty_id,
           case when jsonb_typeof(fields) = 'object' then fields end as fields
      from store_report_lines l`);
  await knex.raw('drop table store_report_lines');
  await knex.raw('drop table store_report_summaries');
  await knex.raw('alter table store_report_lines_before rename to store_report_lines');
  await knex.raw(`
    alter table store_report_lines add primary key (report_id, line_number),
      add constraint store_report_lines_status_check check (status in ('matched', 'unmatched', 'invalid'))`);

  await knex.raw('create table analytics_before as select * from analytics');
  await knex.raw('drop table analytics');
  await knex.raw(`
    create table analytics (
      id uuid primary key default gen_random_uuid(),
      release_id uuid not null,
      platform text not null,
      track text,
      country varchar(2),
      streams bigint not null default 0,
      downloads bigint not null default 0,
      date date not null,
      created_at timestamptz not null default current_timestamp,
      user_id text,
      track_id uuid,
      revenue_usd numeric(24, 8) not null default 0,
      listeners bigint,
      report_id uuid,
      constraint analytics_counts_check check (streams >= 0 and downloads >= 0),
      constraint analytics_listeners_check check (listeners is null or listeners >= 0)
    )`);
  await knex.raw(`
    insert into analytics (id, release_id, platform, track, country, streams, downloads, date, created_at, user_id,
                           track_id, revenue_usd, listeners, report_id)
    select id, release_id, platform, track, country, streams, downloads, date, created_at, user_id, track_id,
           revenue_usd, listeners, report_id from analytics_before`);
  await knex.raw('drop table analytics_before');
  await knex.raw('create index analytics_release_id_date_index on analytics (release_id, date)');
  await knex.raw('create index analytics_user_date_index on analytics (user_id, date)');
  await knex.raw('create index analytics_date_index on analytics (date desc, id)');
  for (const event of ['insert', 'update'] as const) {
    await knex.raw(keysFunction(event));
    await knex.raw(`
      create trigger analytics_keys_${event} after ${event} on analytics
        referencing ${event === 'update' ? 'old table as before ' : ''}new table as added
        for each statement execute function riffline_analytics_keys_${event}()`);
  }
  await analyticsKeysOneRead(knex);
  for (const { column, table, onDelete } of keys) {
    const action =
      onDelete === 'cascade'
        ? `delete from analytics a using removed r where a.${column} = r.id`
        : `update analytics a set ${column} = null from removed r where a.${column} = r.id`;
    await knex.raw(`
      create function riffline_analytics_${table}_delete() returns trigger language plpgsql as $$
      begin
        ${action};
        return null;
      end
      $$`);
    await knex.raw(`
      create trigger ${table}_analytics_delete after delete on ${table}
        referencing old table as removed for each statement execute function riffline_analytics_${table}_delete()`);
  }

  await knex.raw('drop index store_reports_message_index');
  await knex.raw(
    "update store_reports set status = 'failed', error = 'Waiting for its other parts or held' where status in ('waiting', 'held')",
  );
  await knex.raw('alter table store_reports drop constraint store_reports_status_check');
  await knex.raw(
    "alter table store_reports add constraint store_reports_status_check check (status in ('pending', 'running', 'completed', 'failed'))",
  );
  await knex.raw(`
    alter table store_reports
      drop column format, drop column message_id, drop column sender, drop column service,
      drop column usage_start, drop column usage_end, drop column file_number, drop column number_of_files,
      drop column totals, drop column warnings, drop column imported_with, drop column holds,
      add column analytics_ids text default null`);
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
  // The lines into blocks again (the older migrations' own way there), the kept ones whole.
  await linesToBlocks(knex);
  await keptIntoBlocks(knex);
}
