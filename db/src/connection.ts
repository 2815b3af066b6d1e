import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import { knexSnakeCaseMappers, Model } from 'objection';
import pg from 'pg';
import type { Config } from './config.ts';

// Postgres returns bigint (count(*), bigserial) and numeric as strings; keep numeric exact (money) but
// give counts back as numbers, the same as PGlite does, so callers see one shape on both.
pg.types.setTypeParser(pg.types.builtins.INT8, (v: string) => Number(v));
// A calendar date (release dates) stays the "YYYY-MM-DD" it is, never a Date at some time zone's midnight.
pg.types.setTypeParser(pg.types.builtins.DATE, (v: string) => v);

/** A date column's value as "YYYY-MM-DD" on either driver (PGlite reads it as a Date at UTC midnight). */
export const calendarDay = (value: string | Date | null): string | null =>
  value === null ? null : value instanceof Date ? value.toISOString().slice(0, 10) : value.slice(0, 10);

export type Db = Knex;
/** An open transaction on the database: what a command's writes and its events share. */
export type DbTransaction = Knex.Transaction;

export interface ConnectOptions {
  /** `memory` runs PGlite in memory (tests without a server); default: a folder under the data dir. */
  pglite?: 'memory' | 'disk';
}

/** PostgreSQL when DATABASE_URL is set, else embedded PGlite with its data under `<dataDir>/pglite`. */
export function connect(config: Pick<Config, 'database' | 'dataDir'>, options: ConnectOptions = {}): Db {
  const shared: Knex.Config = {
    ...knexSnakeCaseMappers(),
    acquireConnectionTimeout: 10_000,
  };
  let db: Knex;
  if (config.database.url) {
    db = knexFactory({
      ...shared,
      client: 'pg',
      connection: config.database.url,
      pool: { min: 0, max: config.database.poolMax },
    });
  } else if (options.pglite === 'memory') {
    db = knexFactory({ ...shared, client: ClientPgLite, connection: {} });
  } else {
    const dir = path.join(config.dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    db = knexFactory({ ...shared, client: ClientPgLite, connection: { filename: dir } });
  }
  Model.knex(db);
  return db;
}

export function isEmbedded(db: Db): boolean {
  return db.client.config.client !== 'pg';
}

/** Rows a delete or update touched: pg answers a number, PGlite (knex-pglite) its raw result. */
export function affectedRows(result: unknown): number {
  if (typeof result === 'number') return result;
  const raw = result as { affectedRows?: number; rowCount?: number } | null;
  return Number(raw?.affectedRows ?? raw?.rowCount ?? 0);
}
