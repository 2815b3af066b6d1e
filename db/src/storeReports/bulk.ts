import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { isEmbedded, type DbTransaction } from '../connection.ts';

export type BulkValue = string | number | bigint | boolean | null;

/** COPY's text format: tab-separated, `\N` for null, backslash escapes for what would break a row. */
const escapes: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const ESCAPED = /[\\\t\n\r]/g;
export const copyText = (value: BulkValue): string => {
  if (value === null) return '\\N';
  if (typeof value !== 'string') return String(value);
  ESCAPED.lastIndex = 0;
  return ESCAPED.test(value) ? value.replace(ESCAPED, (c) => escapes[c]!) : value;
};

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The embedded database's own client (knex-pglite hands it out as the connection). */
interface PGliteClient {
  query(sql: string, params: unknown[], options: { blob: Blob }): Promise<unknown>;
}

/**
 * Inserts many rows in one statement inside the caller's transaction, never one round trip per row:
 * `COPY … FROM STDIN` (text format) on the transaction's own connection on PostgreSQL, and on PGlite its
 * `COPY … FROM '/dev/blob'` with the same text (PGlite runs it in the open transaction, its one
 * session). `columns` name the table's columns in the rows' order; the others take their defaults. Each
 * piece of `text` is whole rows, each row ending in a newline, each value through `copyText`.
 */
export async function bulkInsertText(
  trx: DbTransaction,
  table: string,
  columns: readonly string[],
  text: Iterable<string | Buffer<ArrayBuffer>>,
): Promise<void> {
  if (!trx?.isTransaction) throw new Error('bulkInsertText must run inside a transaction');
  const names = columns.map(quoteIdent).join(', ');
  // Inside a transaction knex hands out the transaction's own connection.
  const connection = await trx.client.acquireConnection();
  if (!isEmbedded(trx)) {
    const copy = (connection as pg.PoolClient).query(
      copyFrom(`copy ${quoteIdent(table)} (${names}) from stdin`),
    );
    await pipeline(Readable.from(text), copy);
    return;
  }
  const blob = new Blob([...text]);
  await (connection as PGliteClient).query(`copy ${quoteIdent(table)} (${names}) from '/dev/blob'`, [], {
    blob,
  });
}
