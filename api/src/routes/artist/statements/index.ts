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

/** `GET /statements/:month.<extension>`: the month's statement as a file to download. */
const statementFile = (
  extension: 'csv' | 'pdf',
  what: string,
  type: string,
  render: (statement: StatementResponse) => unknown,
) =>
  defineRoute({
    method: 'get',
    path: `/statements/:month.${extension}`,
    summary: `The payee's statement of a month (of crediting) ${what}`,
    tag: 'Wallet',
    audience: 'earner',
    request: StatementMonthParams,
    errors: [404],
    handler: async (ctx, { db }) => {
      const { month } = ctx.state.input.params;
      const statement = await statementOf(db, ctx.state.user!.id, month);
      ctx.type = type;
      ctx.set('Content-Disposition', `attachment; filename="riffline-statement-${month}.${extension}"`);
      return render(statement);
    },
  });

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
  statementFile(
    'csv',
    'as CSV: shown and exact (8-decimal) amounts',
    'text/csv; charset=utf-8',
    statementCsv,
  ),
  statementFile('pdf', 'as PDF', 'application/pdf', statementPdf),
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
