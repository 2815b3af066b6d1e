import type { Knex } from 'knex';
import type pg from 'pg';
import { isEmbedded, type Db, type DbTransaction } from './connection.ts';

/**
 * A read the API runs on nearly every request (the session with its user, an artist's releases), as a
 * named prepared statement on PostgreSQL: each pooled connection parses and plans it once and then only
 * executes it. Sent as an unnamed statement, as knex does, it would be parsed and planned on every request,
 * on the database's CPU, which shares the machine with the API (docs/benchmarks.md).
 *
 * The SQL is written with knex's `?` placeholders (no `?` operators in it), so the same text runs through
 * `db.raw` where a statement cannot be kept: inside a transaction (its own connection, which the caller
 * holds) and on PGlite.
 */
export interface PreparedStatement {
  readonly name: string;
  /** The SQL with `?` placeholders. */
  readonly sql: string;
  rows<T>(db: Db | DbTransaction, values: readonly Knex.Value[]): Promise<T[]>;
}

/** PostgreSQL's answer when a kept statement's result columns changed under it (a migration, say). */
const isStalePlan = (error: unknown) =>
  (error as { code?: string } | null)?.code === '0A000' &&
  /cached plan must not change result type/.test(String((error as Error).message));

/** Names in use: two statements of one name would meet on a connection (pg refuses a second text). */
const names = new Set<string>();

/** SQL with knex's `?` placeholders in PostgreSQL's numbered ones (`$1`, `$2` …), for pg itself. */
export function numberedPlaceholders(sql: string): string {
  let binding = 0;
  return sql.replace(/\?/g, () => `$${++binding}`);
}

export function preparedStatement(name: string, sql: string): PreparedStatement {
  if (names.has(name)) throw new Error(`A prepared statement is already named ${name}`);
  names.add(name);
  const text = numberedPlaceholders(sql);
  // A new name after a stale plan: every connection prepares the statement again, once.
  let generation = 0;
  return {
    name,
    sql,
    async rows<T>(db: Db | DbTransaction, values: readonly Knex.Value[]): Promise<T[]> {
      if (isEmbedded(db) || (db as DbTransaction).isTransaction) {
        const result = (await db.raw(sql, values)) as { rows: T[] };
        return result.rows;
      }
      const client = (await db.client.acquireConnection()) as pg.PoolClient;
      try {
        const run = () => client.query({ name: `${name}.${generation}`, text, values: [...values] });
        try {
          return (await run()).rows as T[];
        } catch (error) {
          if (!isStalePlan(error)) throw error;
          generation += 1;
          return (await run()).rows as T[];
        }
      } finally {
        await db.client.releaseConnection(client);
      }
    },
  };
}
