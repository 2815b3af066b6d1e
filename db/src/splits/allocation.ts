import type { DbTransaction } from '../connection.ts';

/** A payee's part is kept in units of 10^-8 (royalties.amount holds up to 8 decimals). */
const SCALE = '1e8';

/**
 * Cuts a store report's ledger rows by the split of their release (docs/splits.md), in one statement, in
 * the report's transaction right after the rows are written (db/src/storeReports/imports.ts): a row whose
 * release has a version for the row's sale month (the one with the latest `effective_from` not after it;
 * for a track's own row, the track's such version, else the release's) is replaced by one row per share
 * of that version:
 * - the row's amount × percent ÷ 100 in units of 10^-8, rounded towards zero, then the units left over
 *   given one at a time to the largest remainders (then by payee id), so the parts add up exactly to it;
 * - to the payee's user when they are the owner or accepted, to the owner when the invite was withdrawn,
 *   else held (no user: in no one's balance);
 * - naming the version and the payee, and keeping the report, release, period, gross, commission and
 *   line count of the row they were cut from (so each still names the report lines it came from).
 * A row whose release has no version for its month stays the owner's, whole. Expenses are repaid first
 * (`repayReleaseExpenses`): what is split is what is left of each row.
 */
export async function allocateStoreReportRoyalties(trx: DbTransaction, reportId: string): Promise<void> {
  await repayReleaseExpenses(trx, reportId);
  await trx.raw(
    `
    with versions as (
      select r.id, v.split_id
        from royalties r
        cross join lateral (
          select s.id as split_id from splits s
           where s.release_id = r.release_id and (s.track_id is null or s.track_id = r.track_id)
             and s.effective_from <= r.period
           order by s.track_id is null, s.effective_from desc limit 1
        ) v
       where r.report_id = :report and r.split_id is null and r.expense_id is null
    ),
    taken as (
      delete from royalties r using versions v where r.id = v.id
      returning r.id, r.report_id, r.release_id, r.track_id, r.amount, r.currency, r.period, r.status, r.gross_usd,
                r.commission_percent, r.lines, r.created_at, v.split_id
    ),
    parts as (
      select t.*, sh.payee_id, p.status as payee_status, p.user_id as payee_user, p.owner_id as payee_owner,
             round(t.amount * ${SCALE}) as total,
             -- percent has 2 decimals: × 100 makes it hundredths of a percent, out of 10,000.
             sign(t.amount) * floor(abs(round(t.amount * ${SCALE})) * sh.percent * 100 / 10000) as base,
             mod(abs(round(t.amount * ${SCALE})) * sh.percent * 100, 10000) as rest
        from taken t
        join split_shares sh on sh.split_id = t.split_id
        join payees p on p.id = sh.payee_id
    )
    insert into royalties (report_id, user_id, release_id, track_id, amount, currency, period, status, gross_usd,
                           commission_percent, lines, created_at, split_id, payee_id)
    select p.report_id,
           case when p.payee_status in ('owner', 'accepted') then p.payee_user
                when p.payee_status = 'withdrawn' then p.payee_owner end,
           p.release_id, p.track_id,
           ((p.base + case when row_number() over w <= abs(p.total) - sum(abs(p.base)) over (partition by p.id)
                           then sign(p.total) else 0 end) / ${SCALE})::numeric(20, 8),
           p.currency, p.period, p.status, p.gross_usd, p.commission_percent, p.lines, p.created_at,
           p.split_id, p.payee_id
      from parts p
    window w as (partition by p.id order by p.rest desc, p.payee_id)`,
    { report: reportId },
  );
}

/**
 * Recoupment (docs/splits.md), run on a report's whole ledger rows before they are split: a release's
 * positive rows, in sale month order, repay its expenses in the order they were recorded (`created_at`,
 * `id`), each to the payee who paid it. An expense's repaid amount is the sum of the rows naming it, so
 * reports repay in the order they are allocated, and a replay (which allocates them again in their
 * original order, each after deleting its own rows) gives the same parts. Only expenses recorded by the
 * time the report was uploaded count, for the same reason. Negative rows (refunds) repay nothing and take
 * nothing back: they are split like any row.
 *
 * On a running total of the rows and one of what is left of the expenses, a row repays each expense the
 * overlap of their two intervals. Each overlap becomes a row naming the expense and its payer (to their
 * account when owner or accepted, to the owner when withdrawn, else held), at the row's own 2 decimals;
 * the row keeps the rest, or goes when nothing is left of it.
 */
async function repayReleaseExpenses(trx: DbTransaction, reportId: string): Promise<void> {
  await trx.raw(
    `
    with credits as (
      select r.*, sum(r.amount) over (partition by r.release_id order by r.period, r.id) as upto
        from royalties r
       where r.report_id = :report and r.split_id is null and r.expense_id is null and r.payee_id is null
         and r.amount > 0
         and exists (select 1 from release_expenses e where e.release_id = r.release_id)
    ),
    expenses as (
      select e.id, e.release_id, e.paid_by, e.left_usd,
             sum(e.left_usd) over (partition by e.release_id order by e.created_at, e.id) as upto
        from (select e.*, e.amount_usd - coalesce((select sum(x.amount) from royalties x where x.expense_id = e.id), 0)
                            as left_usd
                from release_expenses e
                join store_reports s on s.id = :report
               where e.created_at <= s.created_at
                 and e.release_id in (select c.release_id from credits c)) e
       where e.left_usd > 0
    ),
    pieces as (
      select c.id as royalty_id, x.id as expense_id, x.paid_by,
             least(c.upto, x.upto) - greatest(c.upto - c.amount, x.upto - x.left_usd) as amount
        from credits c join expenses x on x.release_id = c.release_id
       where least(c.upto, x.upto) > greatest(c.upto - c.amount, x.upto - x.left_usd)
    ),
    repaid as (select royalty_id, sum(amount) as amount from pieces group by royalty_id),
    kept as (
      update royalties r set amount = r.amount - p.amount
        from repaid p where r.id = p.royalty_id and r.amount > p.amount
      returning r.id
    ),
    spent as (
      delete from royalties r using repaid p where r.id = p.royalty_id and r.amount = p.amount returning r.id
    )
    insert into royalties (report_id, user_id, release_id, track_id, amount, currency, period, status, gross_usd,
                           commission_percent, lines, created_at, payee_id, expense_id)
    select c.report_id,
           case when py.status in ('owner', 'accepted') then py.user_id
                when py.status = 'withdrawn' then py.owner_id end,
           c.release_id, c.track_id, p.amount, c.currency, c.period, c.status, c.gross_usd, c.commission_percent, c.lines,
           c.created_at, p.paid_by, p.expense_id
      from pieces p
      join credits c on c.id = p.royalty_id
      join payees py on py.id = p.paid_by`,
    { report: reportId },
  );
}
