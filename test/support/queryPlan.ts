import type { Db } from '../../db/src/connection.ts';

/**
 * PostgreSQL's plan for a query builder's SQL, as text, with sequential and bitmap scans and sorts priced
 * out, so that the plan does not depend on how few rows a test table has: if one still shows up, no
 * index could serve the query.
 */
export async function indexPlan(
  db: Db,
  query: { toKnexQuery(): { toSQL(): { sql: string; bindings: readonly unknown[] } } },
): Promise<string> {
  const { sql, bindings } = query.toKnexQuery().toSQL();
  return db.transaction(async (trx) => {
    for (const setting of ['enable_seqscan', 'enable_bitmapscan', 'enable_sort']) {
      await trx.raw(`set local ${setting} = off`);
    }
    const result = await trx.raw(`explain ${sql}`, bindings as never);
    const rows = (result as { rows: Array<Record<string, string>> }).rows;
    return rows.map((r) => Object.values(r)[0]).join('\n');
  });
}
