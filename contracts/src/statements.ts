import { z } from 'zod';
import { currencies, type Currency } from './enums.ts';
import { toCsv } from './csv.ts';
import { convertScaled, fromScaled, toScaled } from './money.ts';

/**
 * A payee's monthly statement (docs/statements.md): one object, worked out here from what the ledger holds
 * for the month, that the JSON, the CSV and the PDF all show. Amounts are kept exact (USD at 8 decimals,
 * as the ledger keeps a split share) and shown rounded down to the cent.
 */

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const EXACT = 8;

/** A statement's month, `YYYY-MM`: the calendar month (UTC) its ledger rows were credited in. */
export const StatementMonth = z
  .string({ error: 'month must be YYYY-MM' })
  .regex(MONTH, 'month must be YYYY-MM')
  .refine((m) => Number(m.slice(0, 4)) >= 2000, 'month must be YYYY-MM');

export const StatementMonthParams = z.object({ params: z.object({ month: StatementMonth }) });

/** The instants a month runs from and until (UTC). */
export function statementMonthRange(month: string): { from: Date; before: Date } {
  const [year, index] = [Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1];
  return { from: new Date(Date.UTC(year, index, 1)), before: new Date(Date.UTC(year, index + 1, 1)) };
}

/** "2026-11" → "November 2026". */
export const statementMonthLabel = (month: string): string =>
  statementMonthRange(month).from.toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** What the ledger holds for a payee's month (db/src/statements reads it). */
export interface StatementSource {
  payee: { name: string | null; email: string | null };
  openingCredits: Array<{ currency: Currency; total: string }>;
  openingWithdrawals: string;
  rows: Array<{
    id: string;
    releaseId: string | null;
    releaseTitle: string | null;
    /** The track whose own split cut the row (docs/splits.md), else null. */
    trackId: string | null;
    trackTitle: string | null;
    period: string;
    amount: string;
    currency: Currency;
    reportId: string | null;
    grossUsd: string | null;
    commissionPercent: string | null;
    splitPercent: string | null;
    expenseId: string | null;
    creditedAt: Date;
  }>;
  lines: Array<{
    reportId: string;
    releaseId: string;
    /** The track when its lines were credited in a row of their own, else null. */
    trackId: string | null;
    period: string;
    store: string | null;
    country: string | null;
    revenueUsd: string;
    lines: number;
  }>;
  withdrawals: Array<{ id: string; amount: string; status: string; createdAt: Date }>;
  reports: Array<{
    id: string;
    filename: string;
    messageId: string | null;
    sender: string | null;
    service: string | null;
    createdAt: Date;
  }>;
}

/** An amount shown (rounded down to the cent) beside the exact one (8 decimals). */
const Money = z.object({
  usd: z.string().describe('USD rounded down to the cent'),
  exactUsd: z.string().describe('USD at 8 decimals'),
});

export const StatementResponse = z.object({
  month: z.string(),
  label: z.string(),
  payee: z.object({ name: z.string().nullable(), email: z.string().nullable() }),
  currency: z.literal('USD'),
  totals: z.object({ opening: Money, earnings: Money, withdrawals: Money, closing: Money }),
  earnings: z.array(
    Money.extend({
      royaltyId: z.string(),
      releaseId: z.string().nullable(),
      releaseTitle: z.string().nullable(),
      trackTitle: z.string().nullable().describe("the track, for a row cut by the track's own split"),
      salePeriod: z.string(),
      creditedAt: z.iso.datetime(),
      reportId: z.string().nullable(),
      messageId: z.string().nullable(),
      service: z.string().nullable(),
      currency: z.enum(currencies),
      amount: z.string().describe('the amount as the ledger keeps it, in its currency'),
      grossUsd: z.string().nullable(),
      commissionPercent: z.string().nullable(),
      splitPercent: z.string().nullable(),
      expenseId: z.string().nullable(),
    }),
  ),
  byRelease: z.array(Money.extend({ releaseId: z.string().nullable(), releaseTitle: z.string().nullable() })),
  byStoreCountry: z.array(
    Money.extend({
      releaseId: z.string().nullable(),
      releaseTitle: z.string().nullable(),
      store: z.string().nullable(),
      country: z.string().nullable(),
    }),
  ),
  withdrawals: z.array(Money.extend({ id: z.string(), status: z.string(), createdAt: z.iso.datetime() })),
  reports: z.array(
    z.object({
      id: z.string(),
      filename: z.string(),
      messageId: z.string().nullable(),
      sender: z.string().nullable(),
      service: z.string().nullable(),
      createdAt: z.iso.datetime(),
    }),
  ),
});
export type StatementResponse = z.infer<typeof StatementResponse>;

export const StatementsResponse = z.object({
  months: z.array(z.object({ month: z.string(), label: z.string() })),
});
export type StatementsResponse = z.infer<typeof StatementsResponse>;

const CENT = 10n ** BigInt(EXACT - 2);
/** Rounded down to the cent (towards minus infinity), still at 8 decimals. */
const floorCent = (v: bigint) => (v >= 0n ? v - (v % CENT) : v - (((v % CENT) + CENT) % CENT));
const money = (exact: bigint, shown = floorCent(exact)) => ({
  usd: fromScaled(shown / CENT, 2),
  exactUsd: fromScaled(exact, EXACT),
});
const usdOf = (amount: string, currency: Currency) => convertScaled(toScaled(amount, EXACT), currency, 'USD');

/**
 * A row's amount cut by store and country in proportion to its report lines' revenue, at 8 decimals, the
 * units left over going to the largest remainders: the parts add up exactly to the row. A row without
 * lines (or whose lines net to nothing or less) stays one part with no store or country.
 */
function byLines(
  amount: bigint,
  lines: StatementSource['lines'],
): Array<{ store: string | null; country: string | null; amount: bigint }> {
  const gross = lines.map((l) => toScaled(l.revenueUsd, EXACT));
  const total = gross.reduce((a, b) => a + b, 0n);
  if (!lines.length || total <= 0n || gross.some((g) => g < 0n)) {
    return [{ store: null, country: null, amount }];
  }
  const sign = amount < 0n ? -1n : 1n;
  const whole = amount * sign;
  const parts = gross.map((g, i) => ({ i, share: (whole * g) / total, remainder: (whole * g) % total }));
  let left = whole - parts.reduce((a, p) => a + p.share, 0n);
  for (const p of [...parts].sort((a, b) =>
    a.remainder === b.remainder ? a.i - b.i : a.remainder > b.remainder ? -1 : 1,
  )) {
    if (left === 0n) break;
    p.share += 1n;
    left -= 1n;
  }
  return parts.map((p) => ({
    store: lines[p.i]!.store,
    country: lines[p.i]!.country,
    amount: p.share * sign,
  }));
}

/**
 * The statement of a month from its ledger: opening (credited before the month, less withdrawals asked
 * for before it), the month's earnings line by line, withdrawals, closing = opening + earnings −
 * withdrawals. Shown amounts: opening and closing are the credits up to then rounded down to the cent less
 * the withdrawals, and earnings the difference of the two roundings, so the shown totals add up exactly too.
 */
export function buildStatement(month: string, source: StatementSource): StatementResponse {
  const openingCredits = source.openingCredits.reduce((sum, c) => sum + usdOf(c.total, c.currency), 0n);
  const openingWithdrawals = toScaled(source.openingWithdrawals, EXACT);
  const reports = new Map(source.reports.map((r) => [r.id, r]));

  const earnings = source.rows.map((row) => {
    const exact = usdOf(row.amount, row.currency);
    const report = row.reportId ? reports.get(row.reportId) : undefined;
    return {
      ...money(exact),
      royaltyId: row.id,
      releaseId: row.releaseId,
      releaseTitle: row.releaseTitle,
      trackId: row.trackId,
      trackTitle: row.trackTitle,
      salePeriod: row.period,
      creditedAt: row.creditedAt.toISOString(),
      reportId: row.reportId,
      messageId: report?.messageId ?? null,
      service: report?.service ?? null,
      currency: row.currency,
      amount: row.amount,
      grossUsd: row.grossUsd,
      commissionPercent: row.commissionPercent,
      splitPercent: row.splitPercent,
      expenseId: row.expenseId,
      exact,
    };
  });
  const earned = earnings.reduce((sum, e) => sum + e.exact, 0n);
  const withdrawn = source.withdrawals.reduce((sum, w) => sum + toScaled(w.amount, EXACT), 0n);

  const byRelease = new Map<
    string,
    { releaseId: string | null; releaseTitle: string | null; exact: bigint }
  >();
  const byStoreCountry = new Map<
    string,
    {
      releaseId: string | null;
      releaseTitle: string | null;
      store: string | null;
      country: string | null;
      exact: bigint;
    }
  >();
  for (const e of earnings) {
    const release = byRelease.get(e.releaseId ?? '') ?? {
      releaseId: e.releaseId,
      releaseTitle: e.releaseTitle,
      exact: 0n,
    };
    release.exact += e.exact;
    byRelease.set(e.releaseId ?? '', release);
    const lines = source.lines.filter(
      (l) =>
        l.reportId === e.reportId &&
        l.releaseId === e.releaseId &&
        l.period === e.salePeriod &&
        l.trackId === e.trackId,
    );
    for (const part of byLines(e.exact, lines)) {
      const key = JSON.stringify([e.releaseId, part.store, part.country]);
      const cell = byStoreCountry.get(key) ?? {
        releaseId: e.releaseId,
        releaseTitle: e.releaseTitle,
        store: part.store,
        country: part.country,
        exact: 0n,
      };
      cell.exact += part.amount;
      byStoreCountry.set(key, cell);
    }
  }

  const openingShown = floorCent(openingCredits) - openingWithdrawals;
  const closingShown = floorCent(openingCredits + earned) - openingWithdrawals - withdrawn;
  const strip = <T extends { exact: bigint }>({ exact, ...rest }: T) => ({ ...rest, ...money(exact) });
  return {
    month,
    label: statementMonthLabel(month),
    payee: source.payee,
    currency: 'USD',
    totals: {
      opening: money(openingCredits - openingWithdrawals, openingShown),
      earnings: money(earned, floorCent(openingCredits + earned) - floorCent(openingCredits)),
      withdrawals: money(withdrawn),
      closing: money(openingCredits + earned - openingWithdrawals - withdrawn, closingShown),
    },
    earnings: earnings.map(({ trackId: _, ...e }) => strip(e)),
    byRelease: [...byRelease.values()].map(strip),
    byStoreCountry: [...byStoreCountry.values()]
      .sort((a, b) =>
        JSON.stringify([a.releaseTitle, a.store, a.country]).localeCompare(
          JSON.stringify([b.releaseTitle, b.store, b.country]),
        ),
      )
      .map(strip),
    withdrawals: source.withdrawals.map((w) => ({
      id: w.id,
      status: w.status,
      createdAt: w.createdAt.toISOString(),
      ...money(toScaled(w.amount, EXACT)),
    })),
    reports: source.reports.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  };
}

const CSV_COLUMNS = [
  'section',
  'item',
  'date',
  'release',
  'release_id',
  'track',
  'sale_month',
  'report_id',
  'message_id',
  'sender',
  'service',
  'store',
  'country',
  'split_percent',
  'expense_id',
  'status',
  'amount_usd',
  'exact_amount_usd',
] as const;
type CsvRow = Partial<Record<(typeof CSV_COLUMNS)[number], unknown>>;

/**
 * The statement as one CSV table (contracts' toCsv: no cell runs as a formula): a `section` per part
 * (total, earning, release, store_country, withdrawal, report), the shown amount and the exact one.
 */
export function statementCsv(statement: StatementResponse): string {
  const amounts = (m: { usd: string; exactUsd: string }) => ({
    amount_usd: m.usd,
    exact_amount_usd: m.exactUsd,
  });
  const rows: CsvRow[] = [
    ...(['opening', 'earnings', 'withdrawals', 'closing'] as const).map((item) => ({
      section: 'total',
      item,
      date: statement.month,
      ...amounts(statement.totals[item]),
    })),
    ...statement.earnings.map((e) => ({
      section: 'earning',
      item: e.royaltyId,
      date: e.creditedAt,
      release: e.releaseTitle,
      release_id: e.releaseId,
      track: e.trackTitle,
      sale_month: e.salePeriod,
      report_id: e.reportId,
      message_id: e.messageId,
      service: e.service,
      split_percent: e.splitPercent,
      expense_id: e.expenseId,
      ...amounts(e),
    })),
    ...statement.byRelease.map((r) => ({
      section: 'release',
      release: r.releaseTitle,
      release_id: r.releaseId,
      ...amounts(r),
    })),
    ...statement.byStoreCountry.map((c) => ({
      section: 'store_country',
      release: c.releaseTitle,
      release_id: c.releaseId,
      store: c.store,
      country: c.country,
      ...amounts(c),
    })),
    ...statement.withdrawals.map((w) => ({
      section: 'withdrawal',
      item: w.id,
      date: w.createdAt,
      status: w.status,
      ...amounts(w),
    })),
    ...statement.reports.map((r) => ({
      section: 'report',
      item: r.filename,
      date: r.createdAt,
      report_id: r.id,
      message_id: r.messageId,
      sender: r.sender,
      service: r.service,
    })),
  ];
  return `${toCsv(rows.map((row) => Object.fromEntries(CSV_COLUMNS.map((c) => [c, row[c] ?? null]))))}\n`;
}
