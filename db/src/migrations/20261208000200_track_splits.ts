import type { Knex } from 'knex';

/**
 * Per-track splits (docs/splits.md): a track of a release may have split versions of its own
 * (`splits.track_id`, there since the splits migration). The import credits such a track's earnings in a
 * ledger row of their own, naming the track (`royalties.track_id`), so that its row is cut by the track's
 * version while the rest of the release's earnings stay in the release's row.
 */
const KEY = `report_id, release_id, period, coalesce(payee_id::text, user_id), coalesce(expense_id::text, '')`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table royalties add column track_id uuid references tracks (id) on delete set null');
  await knex.raw('create index royalties_track_index on royalties (track_id) where track_id is not null');
  await knex.raw('drop index royalties_report_key');
  await knex.raw(`
    create unique index royalties_report_key
      on royalties (${KEY}, coalesce(track_id::text, '')) where report_id is not null`);
}

export async function down(knex: Knex): Promise<void> {
  // A track's rows are summed into the release's row of the same report, month and receiver (made when
  // there is none), as the ledger was written before per-track splits.
  await knex.raw(
    'create temp table track_rows on commit drop as select * from royalties where track_id is not null',
  );
  await knex.raw('delete from royalties where track_id is not null');
  const sums = `
    select report_id, release_id, period, user_id, payee_id, split_id, expense_id, currency,
           sum(amount) as amount, sum(gross_usd) as gross_usd, sum(lines)::int as lines,
           min(status) as status, min(commission_percent) as commission_percent, min(created_at) as created_at
      from track_rows
     group by report_id, release_id, period, user_id, payee_id, split_id, expense_id, currency`;
  const same = (a: string, b: string) =>
    ['report_id', 'release_id', 'period', 'user_id', 'payee_id', 'split_id', 'expense_id']
      .map((c) => `${a}.${c} is not distinct from ${b}.${c}`)
      .join(' and ');
  await knex.raw(`
    update royalties o set amount = o.amount + x.amount, gross_usd = o.gross_usd + x.gross_usd,
                           lines = o.lines + x.lines
      from (${sums}) x where ${same('o', 'x')}`);
  await knex.raw(`
    insert into royalties (report_id, user_id, release_id, amount, currency, period, status, gross_usd,
                           commission_percent, lines, created_at, split_id, payee_id, expense_id)
    select x.report_id, x.user_id, x.release_id, x.amount, x.currency, x.period, x.status, x.gross_usd,
           x.commission_percent, x.lines, x.created_at, x.split_id, x.payee_id, x.expense_id
      from (${sums}) x
     where not exists (select 1 from royalties o where ${same('o', 'x')})`);
  await knex.raw('drop index royalties_report_key');
  await knex.raw(
    `create unique index royalties_report_key on royalties (${KEY}) where report_id is not null`,
  );
  await knex.raw('alter table royalties drop column track_id');
}
