import type { Knex } from 'knex';

/**
 * Recoupment (docs/splits.md): the expenses a release owner records, each paid by a payee (the owner's own
 * payee row or a collaborator's), repaid from the release's earnings before they are split. A repaid part
 * is a ledger row naming the expense it repays (`royalties.expense_id`), so what is left to recoup is the
 * expense's amount less the rows that name it.
 *
 * The ledger's key to an expense is `no action`: an expense that something was repaid on cannot be deleted
 * on its own, yet a release deleted with its ledger rows takes its expenses with it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table release_expenses (
      id uuid primary key default gen_random_uuid(),
      release_id uuid not null references releases (id) on delete cascade,
      amount_usd numeric(14, 2) not null,
      paid_by uuid not null references payees (id),
      note text,
      created_by text not null references users (id),
      created_at timestamptz not null default current_timestamp,
      constraint release_expenses_amount_check check (amount_usd > 0),
      constraint release_expenses_note_check check (char_length(note) <= 200)
    )`);
  await knex.raw(
    'create index release_expenses_release_index on release_expenses (release_id, created_at, id)',
  );
  await knex.raw('create index release_expenses_paid_by_index on release_expenses (paid_by)');
  await knex.raw('alter table royalties add column expense_id uuid references release_expenses (id)');
  await knex.raw(
    'create index royalties_expense_index on royalties (expense_id) where expense_id is not null',
  );
  // A payee may be repaid an expense and get a share of the rest from the same report row: one row each.
  await knex.raw('drop index royalties_report_key');
  await knex.raw(`
    create unique index royalties_report_key
      on royalties (report_id, release_id, period, coalesce(payee_id::text, user_id), coalesce(expense_id::text, ''))
      where report_id is not null`);
}

export async function down(knex: Knex): Promise<void> {
  // A repaid part was cut from the owner's credit before its split: it goes back to the owner's whole row
  // for that report, release and month (made when the repayments took all of it).
  const repaid = `
    select r.report_id, r.release_id, r.period, sum(r.amount) as amount
      from royalties r where r.expense_id is not null group by r.report_id, r.release_id, r.period`;
  await knex.raw(`
    update royalties o set amount = o.amount + x.amount
      from (${repaid}) x
     where o.report_id = x.report_id and o.release_id = x.release_id and o.period = x.period
       and o.payee_id is null and o.split_id is null and o.expense_id is null`);
  await knex.raw(`
    insert into royalties (report_id, user_id, release_id, amount, currency, period, status, gross_usd,
                           commission_percent, lines, created_at)
    select r.report_id, rl.user_id, r.release_id, sum(r.amount), r.currency, r.period, min(r.status),
           min(r.gross_usd), min(r.commission_percent), min(r.lines), min(r.created_at)
      from royalties r join releases rl on rl.id = r.release_id
     where r.expense_id is not null
       and not exists (select 1 from royalties o
                        where o.report_id = r.report_id and o.release_id = r.release_id and o.period = r.period
                          and o.payee_id is null and o.split_id is null and o.expense_id is null)
     group by r.report_id, rl.user_id, r.release_id, r.currency, r.period`);
  await knex.raw('delete from royalties where expense_id is not null');
  await knex.raw('drop index royalties_report_key');
  await knex.raw(`
    create unique index royalties_report_key
      on royalties (report_id, release_id, period, coalesce(payee_id::text, user_id)) where report_id is not null`);
  await knex.raw('alter table royalties drop column expense_id');
  await knex.raw('drop table release_expenses');
}
