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

/** Rows of COPY text, a few hundred per chunk, produced as the stream asks for them. */
function* copyChunks(rows: readonly BulkValue[][]): Generator<string> {
  const per = 500;
  for (let i = 0; i < rows.length; i += per) {
    let chunk = '';
    for (const row of rows.slice(i, i + per)) chunk += `${row.map(copyText).join('\t')}\n`;
    yield chunk;
  }
}

/** The embedded database's own client (knex-pglite hands it out as the connection). */
interface PGliteClient {
  query(sql: string, params: unknown[], options: { blob: Blob }): Promise<unknown>;
}

/**
 * Inserts many rows in one statement inside the caller's transaction, never one round trip per row:
 * `COPY … FROM STDIN` (text format) on the transaction's own connection on PostgreSQL, and on PGlite its
 * `COPY … FROM '/dev/blob'` with the same text (PGlite runs it in the open transaction, its one
 * session). `columns` name the table's columns in the rows' order; the others take their defaults.
 */
export async function bulkInsert(
  trx: DbTransaction,
  table: string,
  columns: readonly string[],
  rows: readonly BulkValue[][],
): Promise<void> {
  if (!trx?.isTransaction) throw new Error('bulkInsert must run inside a transaction');
  if (!rows.length) return;
  await bulkInsertText(trx, table, columns, copyChunks(rows));
}

/**
 * bulkInsert for rows already in COPY's text format (or with `binary`, its binary format: BinaryCopy) (each piece whole rows, each row ending in a newline,
 * each value through `copyText`; strings or their UTF-8 bytes): for a caller that writes many rows of one shape and can print them
 * faster than generic arrays (the store-report import's lines).
 */
export async function bulkInsertText(
  trx: DbTransaction,
  table: string,
  columns: readonly string[],
  text: Iterable<string | Buffer<ArrayBuffer>>,
  { binary = false }: { binary?: boolean } = {},
): Promise<void> {
  if (!trx?.isTransaction) throw new Error('bulkInsert must run inside a transaction');
  const names = columns.map(quoteIdent).join(', ');
  // Inside a transaction knex hands out the transaction's own connection.
  const connection = await trx.client.acquireConnection();
  if (!isEmbedded(trx)) {
    const copy = (connection as pg.PoolClient).query(
      copyFrom(`copy ${quoteIdent(table)} (${names}) from stdin${binary ? ' with (format binary)' : ''}`),
    );
    await pipeline(Readable.from(text), copy);
    return;
  }
  if (binary) throw new Error('COPY in binary is for PostgreSQL (BinaryCopy)');
  const blob = new Blob([...text]);
  await (connection as PGliteClient).query(`copy ${quoteIdent(table)} (${names}) from '/dev/blob'`, [], {
    blob,
  });
}

/**
 * Rows in COPY's binary format (PostgreSQL only), written field by field into chunks of bytes: the server
 * then reads uuids, numbers, dates and amounts as they are stored instead of parsing their text, much of
 * its work on the hundreds of thousands of cells an import writes (docs/benchmarks.md).
 * `row(fields)` starts each row; each field is then written by its type, in the columns' order.
 */
export class BinaryCopy {
  private buf = Buffer.allocUnsafe(CHUNK);
  private at = 0;
  private readonly full: Buffer<ArrayBuffer>[] = [];
  private readonly days = new Map<string, number>();
  private readonly uuids = new Map<string, Buffer>();

  constructor() {
    BINARY_HEADER.copy(this.buf, 0);
    this.at = BINARY_HEADER.length;
  }

  private room(bytes: number) {
    if (this.at + bytes <= this.buf.length) return;
    this.full.push(this.buf.subarray(0, this.at));
    this.buf = Buffer.allocUnsafe(Math.max(CHUNK, bytes));
    this.at = 0;
  }

  row(fields: number) {
    this.room(2);
    this.at = this.buf.writeInt16BE(fields, this.at);
  }

  null() {
    this.room(4);
    this.at = this.buf.writeInt32BE(-1, this.at);
  }

  /**
   * A uuid that repeats from row to row (a report's, a release's): its bytes read once and kept (at most
   * a few thousand such).
   */
  repeatedUuid(text: string | null) {
    if (text === null) return this.null();
    let bytes = this.uuids.get(text);
    if (!bytes) {
      if (this.uuids.size >= 10_000) this.uuids.clear();
      this.uuid(text);
      bytes = this.buf.subarray(this.at - 20, this.at);
      this.uuids.set(text, Buffer.from(bytes));
      return;
    }
    this.room(20);
    bytes.copy(this.buf, this.at);
    this.at += 20;
  }

  /** A uuid from its text (32 hex digits, dashes anywhere). */
  uuid(text: string | null) {
    if (text === null) return this.null();
    this.room(20);
    const { buf } = this;
    let at = buf.writeInt32BE(16, this.at);
    let high = -1;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code === 45) continue;
      const nibble = code <= 57 ? code - 48 : (code | 32) - 87;
      if (nibble < 0 || nibble > 15) throw new Error(`not a uuid: ${text}`);
      if (high < 0) high = nibble;
      else {
        buf[at++] = high * 16 + nibble;
        high = -1;
      }
    }
    if (at !== this.at + 20) throw new Error(`not a uuid: ${text}`);
    this.at = at;
  }

  text(value: string | null) {
    if (value === null) return this.null();
    this.room(4 + value.length * 3);
    const bytes = this.buf.write(value, this.at + 4);
    this.buf.writeInt32BE(bytes, this.at);
    this.at += 4 + bytes;
  }

  /** A whole number (as bigint: eight bytes). */
  int8(value: number | null) {
    if (value === null) return this.null();
    if (!Number.isSafeInteger(value)) throw new Error(`not a whole number: ${value}`);
    this.room(12);
    this.at = this.buf.writeInt32BE(8, this.at);
    this.at = this.buf.writeBigInt64BE(BigInt(value), this.at);
  }

  /** A day, `YYYY-MM-DD` (as date: days since 2000-01-01). */
  date(day: string) {
    let days = this.days.get(day);
    if (days === undefined) {
      const time = Date.parse(`${day}T00:00:00Z`);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(time)) throw new Error(`not a day: ${day}`);
      days = (time - Date.UTC(2000, 0, 1)) / 86_400_000;
      this.days.set(day, days);
    }
    this.room(8);
    this.at = this.buf.writeInt32BE(4, this.at);
    this.at = this.buf.writeInt32BE(days, this.at);
  }

  /**
   * A decimal text ("-12.34500000") as numeric: base-10000 digits, the weight of the first, the sign
   * and the number of decimals shown (`scale`).
   */
  numeric(text: string, scale: number) {
    const match = DECIMAL.exec(text);
    if (!match) throw new Error(`not a decimal: ${text}`);
    const [, minus, whole, fraction = ''] = match;
    const wholeDigits = whole!.replace(/^0+/, '');
    const padded = '0'.repeat((4 - (wholeDigits.length % 4)) % 4) + wholeDigits;
    const fractionDigits = fraction + '0'.repeat((4 - (fraction.length % 4)) % 4);
    const groups: number[] = [];
    for (let i = 0; i < padded.length; i += 4) groups.push(Number(padded.slice(i, i + 4)));
    let weight = groups.length - 1;
    for (let i = 0; i < fractionDigits.length; i += 4) groups.push(Number(fractionDigits.slice(i, i + 4)));
    while (groups.length && groups[0] === 0) {
      groups.shift();
      weight -= 1;
    }
    while (groups.length && groups.at(-1) === 0) groups.pop();
    if (!groups.length) weight = 0;
    this.room(12 + groups.length * 2);
    let at = this.buf.writeInt32BE(8 + groups.length * 2, this.at);
    at = this.buf.writeInt16BE(groups.length, at);
    at = this.buf.writeInt16BE(weight, at);
    at = this.buf.writeUInt16BE(minus && groups.length ? 0x4000 : 0, at);
    at = this.buf.writeInt16BE(scale, at);
    for (const group of groups) at = this.buf.writeInt16BE(group, at);
    this.at = at;
  }

  /** The chunks filled since the last call. */
  take(): Buffer<ArrayBuffer>[] {
    return this.full.splice(0);
  }

  /** The last chunks, with the trailer: call once, at the end. */
  end(): Buffer<ArrayBuffer>[] {
    this.room(2);
    this.at = this.buf.writeInt16BE(-1, this.at);
    return [...this.take(), this.buf.subarray(0, this.at)];
  }
}
const CHUNK = 256 * 1024;
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;
/** The signature, no flags, no header extension. */
const BINARY_HEADER = Buffer.from([
  ...Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'),
  ...[0, 0, 0, 0],
  ...[0, 0, 0, 0],
]);
