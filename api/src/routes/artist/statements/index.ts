import {
  buildStatement,
  statementCsv,
  statementMonthLabel,
  statementMonthRange,
  StatementMonthParams,
  StatementResponse,
  StatementsResponse,
} from '@riffline/contracts';
import { statementLedger, statementMonths, type Db } from '@riffline/db';
import { NotFoundError } from '../../../errors.ts';
import { statementPdf } from '../../../presenters/statementPdf.ts';
import { defineRoute } from '../../route.ts';

export const NO_STATEMENT = 'There is no statement for this month';

/** The month's statement (one computation: the JSON, the CSV and the PDF all show it); 404 for a month with nothing. */
async function statementOf(db: Db, userId: string, month: string): Promise<StatementResponse> {
  const ledger = await statementLedger(db, userId, statementMonthRange(month));
  if (!ledger.rows.length && !ledger.withdrawals.length) throw NotFoundError(NO_STATEMENT);
  return buildStatement(month, ledger);
}

const fileName = (month: string, extension: string) => `riffline-statement-${month}.${extension}`;

// The file routes come before the JSON one: `/statements/:month` would otherwise take `2026-11.csv` as a month.
export const statementRoutes = [
  defineRoute({
    method: 'get',
    path: '/statements',
    summary:
      'The months (newest first) that have a statement for the signed-in payee: any month with credits or withdrawals',
    tag: 'Wallet',
    audience: 'earner',
    response: StatementsResponse,
    handler: async (ctx, { db }) => {
      const months = await statementMonths(db, ctx.state.user!.id);
      return { months: months.map((month) => ({ month, label: statementMonthLabel(month) })) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/statements/:month.csv',
    summary: "The payee's statement of a month (of crediting) as CSV: shown and exact (8-decimal) amounts",
    tag: 'Wallet',
    audience: 'earner',
    request: StatementMonthParams,
    errors: [404],
    handler: async (ctx, { db }) => {
      const { month } = ctx.state.input.params;
      const statement = await statementOf(db, ctx.state.user!.id, month);
      ctx.type = 'text/csv; charset=utf-8';
      ctx.set('Content-Disposition', `attachment; filename="${fileName(month, 'csv')}"`);
      return statementCsv(statement);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/statements/:month.pdf',
    summary: "The payee's statement of a month (of crediting) as PDF",
    tag: 'Wallet',
    audience: 'earner',
    request: StatementMonthParams,
    errors: [404],
    handler: async (ctx, { db }) => {
      const { month } = ctx.state.input.params;
      const statement = await statementOf(db, ctx.state.user!.id, month);
      ctx.type = 'application/pdf';
      ctx.set('Content-Disposition', `attachment; filename="${fileName(month, 'pdf')}"`);
      return statementPdf(statement);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/statements/:month',
    summary:
      "The payee's statement of a month (of crediting, UTC): opening balance, earnings line by line, by release and by store and country, withdrawals, closing balance, the store reports it draws on",
    tag: 'Wallet',
    audience: 'earner',
    request: StatementMonthParams,
    response: StatementResponse,
    errors: [404],
    handler: async (ctx, { db }) => statementOf(db, ctx.state.user!.id, ctx.state.input.params.month),
  }),
];
