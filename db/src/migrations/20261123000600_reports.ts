import type { Knex } from 'knex';

/**
 * Store-report import and its two projections.
 * - `store_reports`: one import job per uploaded file (`pending → running → completed | failed`), its
 *   progress, what its lines became and the totals it added; the file's SHA-256 finds a second upload.
 * - `store_report_lines`: every line of the file by its line number: matched (with what it matched, its
 *   revenue in USD at the rate frozen beside it, and the royalty row it went into) or kept as unmatched or
 *   invalid with the reason.
 *   It records history: no foreign keys to the catalogue, which may change after the import.
 * - `analytics` gains the artist, the track, revenue in USD, listeners and the report it came from.
 * - `royalties` gains the report, the gross revenue and the commission each ledger amount came from.
 * A report's rows all go with it (delete cascades), so an import is redone by deleting its rows first.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('store_reports', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('filename').notNullable();
    t.text('file_key').notNullable();
    t.text('content_hash').notNullable();
    t.bigInteger('size').notNullable();
    t.boolean('forced').notNullable().defaultTo(false);
    t.text('status').notNullable().defaultTo('pending');
    t.text('uploaded_by').references('users.id').onDelete('SET NULL');
    t.bigInteger('bytes_read').notNullable().defaultTo(0);
    t.integer('lines_read').notNullable().defaultTo(0);
    t.integer('lines_total').notNullable().defaultTo(0);
    t.integer('lines_matched').notNullable().defaultTo(0);
    t.integer('lines_unmatched').notNullable().defaultTo(0);
    t.integer('lines_invalid').notNullable().defaultTo(0);
    t.bigInteger('streams').notNullable().defaultTo(0);
    t.bigInteger('downloads').notNullable().defaultTo(0);
    t.decimal('revenue_usd', 24, 8).notNullable().defaultTo(0);
    t.decimal('royalties_usd', 14, 2).notNullable().defaultTo(0);
    t.text('error');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('started_at', { useTz: true });
    t.timestamp('completed_at', { useTz: true });
    t.index(['content_hash']);
  });
  await knex.raw(
    "alter table store_reports add constraint store_reports_status_check check (status in ('pending', 'running', 'completed', 'failed'))",
  );
  await knex.raw('create index store_reports_created_index on store_reports (created_at desc, id)');

  await knex.schema.createTable('store_report_lines', (t) => {
    t.uuid('report_id').notNullable().references('store_reports.id').onDelete('CASCADE');
    t.integer('line_number').notNullable();
    t.text('status').notNullable();
    t.text('reason');
    t.text('period');
    t.date('sale_date');
    t.text('store');
    t.text('country');
    t.text('isrc');
    t.text('upc');
    t.text('sale_type');
    t.bigInteger('units');
    t.decimal('net_revenue', 24, 8);
    t.text('currency');
    t.decimal('rate_per_usd', 12, 6);
    t.decimal('revenue_usd', 24, 8);
    t.bigInteger('listeners');
    t.uuid('track_id');
    t.uuid('release_id');
    t.text('user_id');
    t.uuid('royalty_id');
    t.jsonb('fields');
    t.primary(['report_id', 'line_number']);
  });
  await knex.raw(
    "alter table store_report_lines add constraint store_report_lines_status_check check (status in ('matched', 'unmatched', 'invalid'))",
  );
  // The admin's list of what was not matched. Matched lines (most of a file) get no index beyond the key,
  // which every bulk write pays for: a royalty's lines are read within their report (report_id first).
  await knex.raw(
    "create index store_report_lines_kept_index on store_report_lines (report_id, status, line_number) where status <> 'matched'",
  );

  await knex.schema.alterTable('analytics', (t) => {
    t.text('user_id').references('users.id').onDelete('CASCADE');
    t.uuid('track_id').references('tracks.id').onDelete('SET NULL');
    t.decimal('revenue_usd', 24, 8).notNullable().defaultTo(0);
    t.bigInteger('listeners');
    t.uuid('report_id').references('store_reports.id').onDelete('CASCADE');
  });
  await knex.raw('create index analytics_user_date_index on analytics (user_id, date)');
  await knex.raw('create index analytics_report_index on analytics (report_id)');
  await knex.raw(
    'alter table analytics add constraint analytics_listeners_check check (listeners is null or listeners >= 0)',
  );

  await knex.schema.alterTable('royalties', (t) => {
    t.uuid('report_id').references('store_reports.id').onDelete('CASCADE');
    t.decimal('gross_usd', 24, 8);
    t.decimal('commission_percent', 5, 2);
    t.integer('lines');
  });
  await knex.raw('create index royalties_report_index on royalties (report_id)');
  await knex.raw('create index royalties_user_period_index on royalties (user_id, period)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists royalties_user_period_index');
  await knex.raw('drop index if exists royalties_report_index');
  await knex.schema.alterTable('royalties', (t) => {
    t.dropColumns('report_id', 'gross_usd', 'commission_percent', 'lines');
  });
  await knex.raw('drop index if exists analytics_report_index');
  await knex.raw('drop index if exists analytics_user_date_index');
  await knex.schema.alterTable('analytics', (t) => {
    t.dropChecks(['analytics_listeners_check']);
    t.dropColumns('user_id', 'track_id', 'revenue_usd', 'listeners', 'report_id');
  });
  await knex.schema.dropTableIfExists('store_report_lines');
  await knex.schema.dropTableIfExists('store_reports');
}
