import type { Currency, StatementSource } from '@riffline/contracts';
import type { Knex } from 'knex';
import type { Db, DbTransaction } from '../connection.ts';
import { CREDITED_AT, HELD_WITHDRAWAL_REQUEST_STATUSES } from '../wallet/ledger.ts';

/**
 * What a payee's monthly statement is made of, read from the ledger (docs/statements.md): a month is one of
 * crediting (CREDITED_AT, the day a row's store report came in), the same rule as the Royalties page's
 * "This Month". The statement itself is worked out from this by contracts' buildStatement, whose
 * StatementSource is the shape read here.
 */
export type StatementLedger = StatementSource;
export type StatementLedgerRow = StatementSource['rows'][number];

const text = (value: unknown): string => (value === null || value === undefined ? '0' : String(value));

/** The months (`YYYY-MM`, UTC, newest first) in which a payee was credited or asked for a withdrawal. */
export async function statementMonths(db: Db | DbTransaction, userId: string): Promise<string[]> {
  const { rows } = (await db.raw(
    `select to_char(${CREDITED_AT} at time zone 'UTC', 'YYYY-MM') as month
       from royalties left join store_reports on store_reports.id = royalties.report_id
      where royalties.user_id = ?
     union
     select to_char(created_at at time zone 'UTC', 'YYYY-MM') from withdrawal_requests
      where user_id = ? and status = any(?)
     order by month desc`,
    [userId, userId, [...HELD_WITHDRAWAL_REQUEST_STATUSES]],
  )) as { rows: Array<{ month: string }> };
  return rows.map((r) => r.month);
}

/** The ledger rows, withdrawals and reports a payee's statement for one month draws on. */
export async function statementLedger(
  db: Db | DbTransaction,
  userId: string,
  month: { from: Date; before: Date },
): Promise<StatementLedger> {
  const credited = (query: Knex.QueryBuilder) =>
    query
      .leftJoin('store_reports', 'store_reports.id', 'royalties.report_id')
      .where('royalties.user_id', userId)
      .whereRaw(`${CREDITED_AT} >= ?`, [month.from])
      .whereRaw(`${CREDITED_AT} < ?`, [month.before]);
  // Recoupment is another change's column: shown where the ledger has it, never required.
  const hasExpense = await db.schema.hasColumn('royalties', 'expense_id');

  const [user, opening, openingWithdrawals, rows, withdrawals] = await Promise.all([
    db('users').where({ id: userId }).first('username', 'first_name', 'last_name', 'email') as Promise<
      | { username: string | null; firstName: string | null; lastName: string | null; email: string | null }
      | undefined
    >,
    db('royalties')
      .leftJoin('store_reports', 'store_reports.id', 'royalties.report_id')
      .where('royalties.user_id', userId)
      .whereRaw(`${CREDITED_AT} < ?`, [month.from])
      .groupBy('royalties.currency')
      .select('royalties.currency', db.raw('sum(royalties.amount)::text as total')) as Promise<
      Array<{ currency: Currency; total: string }>
    >,
    db('withdrawal_requests')
      .where({ user_id: userId })
      .whereIn('status', HELD_WITHDRAWAL_REQUEST_STATUSES)
      .where('created_at', '<', month.from)
      .first(db.raw('coalesce(sum(amount), 0)::text as total')) as Promise<{ total: string } | undefined>,
    credited(db('royalties'))
      .leftJoin('releases', 'releases.id', 'royalties.release_id')
      .leftJoin('tracks', 'tracks.id', 'royalties.track_id')
      .leftJoin('split_shares', function () {
        this.on('split_shares.split_id', 'royalties.split_id').andOn(
          'split_shares.payee_id',
          'royalties.payee_id',
        );
      })
      .select(
        'royalties.id',
        'royalties.release_id',
        'releases.title as release_title',
        'royalties.track_id',
        'tracks.title as track_title',
        'royalties.period',
        db.raw('royalties.amount::text as amount'),
        'royalties.currency',
        'royalties.report_id',
        db.raw('royalties.gross_usd::text as gross_usd'),
        db.raw('royalties.commission_percent::text as commission_percent'),
        db.raw('split_shares.percent::text as split_percent'),
        db.raw(hasExpense ? 'royalties.expense_id::text as expense_id' : 'null as expense_id'),
        db.raw(`${CREDITED_AT} as credited_at`),
      )
      .orderBy([
        { column: 'credited_at', order: 'asc' },
        { column: 'release_title', order: 'asc' },
        { column: 'royalties.period', order: 'asc' },
        { column: 'royalties.id', order: 'asc' },
      ]) as Promise<Array<Omit<StatementLedgerRow, 'creditedAt'> & { creditedAt: Date | string }>>,
    db('withdrawal_requests')
      .where({ user_id: userId })
      .whereIn('status', HELD_WITHDRAWAL_REQUEST_STATUSES)
      .where('created_at', '>=', month.from)
      .where('created_at', '<', month.before)
      .orderBy([{ column: 'created_at' }, { column: 'id' }])
      .select('id', db.raw('amount::text as amount'), 'status', 'created_at') as Promise<
      Array<{ id: string; amount: string; status: string; createdAt: Date | string }>
    >,
  ]);

  const reportIds = [...new Set(rows.map((r) => r.reportId).filter((id): id is string => id !== null))];
  const [reports, lines] = reportIds.length
    ? await Promise.all([
        db('store_reports')
          .whereIn('id', reportIds)
          .orderBy([{ column: 'created_at' }, { column: 'id' }])
          .select('id', 'filename', 'message_id', 'sender', 'service', 'created_at') as Promise<
          StatementLedger['reports']
        >,
        db('store_report_lines as l')
          .whereIn('l.report_id', reportIds)
          .where('l.status', 'matched')
          .whereIn(
            ['l.report_id', 'l.release_id', 'l.period'],
            credited(db('royalties')).select(
              'royalties.report_id',
              'royalties.release_id',
              'royalties.period',
            ),
          )
          // By position: the split track is an expression (a plain `track_id` would name the line's column).
          .groupByRaw('1, 2, 3, 4, 5, 6')
          .orderByRaw('1, 2, 3, 4, 5, 6')
          .select(
            'l.report_id',
            'l.release_id',
            // A track's lines went to a ledger row of its own when the report credited one for it.
            db.raw(`case when exists (select 1 from royalties t
                                       where t.report_id = l.report_id and t.release_id = l.release_id
                                         and t.period = l.period and t.track_id = l.track_id)
                         then l.track_id end as track_id`),
            'l.period',
            'l.store',
            'l.country',
            db.raw('coalesce(sum(l.revenue_usd), 0)::text as revenue_usd'),
            db.raw('count(*)::int as lines'),
          ) as Promise<StatementLedger['lines']>,
      ])
    : [[], []];

  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ') || user?.username || null;
  return {
    payee: { name, email: user?.email ?? null },
    openingCredits: opening.map((o) => ({ currency: o.currency, total: text(o.total) })),
    openingWithdrawals: text(openingWithdrawals?.total),
    rows: rows.map((r) => ({ ...r, creditedAt: new Date(r.creditedAt) })),
    lines: lines.map((l) => ({ ...l, revenueUsd: text(l.revenueUsd) })),
    withdrawals: withdrawals.map((w) => ({ ...w, createdAt: new Date(w.createdAt) })),
    reports: reports.map((r) => ({ ...r, createdAt: new Date(r.createdAt) })),
  };
}
