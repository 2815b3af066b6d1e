import type { Db } from '../../db/src/index.ts';

/**
 * Tables whose expired rows the API deletes on its own (the sweeper in api/src/server.ts, every ten
 * minutes), with the column that says when a row expires. They are compared row by row: a row may only
 * disappear once expired; any row added or changed is a change.
 */
const SWEPT: Record<string, string> = {
  sessions: 'expire',
  oidc_payloads: 'expires_at',
  rate_limits: 'reset_at',
};

export interface TableSnapshot {
  at: Date;
  /** Every other table of the public schema: its row count and an md5 of all its rows in order. */
  tables: Map<string, { rows: number; checksum: string | null }>;
  /** The swept tables: each row's text and when it expires. */
  swept: Map<string, Map<string, Date | null>>;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Row counts and checksums of every table of the public schema, in one round trip (plus one per swept table). */
export async function snapshotTables(db: Db): Promise<TableSnapshot> {
  const names = (
    (await db.raw(`select tablename from pg_tables where schemaname = 'public' order by 1`)) as {
      rows: Array<{ tablename: string }>;
    }
  ).rows.map((r) => r.tablename);
  const plain = names.filter((name) => !(name in SWEPT));
  const sums = (await db.raw(
    plain
      .map(
        (name) =>
          `select '${name}' as name, count(*)::int as rows, md5(string_agg(t::text, ',' order by t::text)) as checksum from ${quote(name)} t`,
      )
      .join(' union all '),
  )) as { rows: Array<{ name: string; rows: number; checksum: string | null }> };
  const swept = new Map<string, Map<string, Date | null>>();
  for (const name of names.filter((n) => n in SWEPT)) {
    const { rows } = (await db.raw(
      `select t::text as row, t.${quote(SWEPT[name]!)} as expires from ${quote(name)} t`,
    )) as {
      rows: Array<{ row: string; expires: Date | string | null }>;
    };
    swept.set(name, new Map(rows.map((r) => [r.row, r.expires === null ? null : new Date(r.expires)])));
  }
  return {
    at: new Date(),
    tables: new Map(sums.rows.map((r) => [r.name, { rows: Number(r.rows), checksum: r.checksum }])),
    swept,
  };
}

/** What changed between two snapshots, one line per table (empty when nothing did). */
export function tableChanges(before: TableSnapshot, after: TableSnapshot): string[] {
  const out: string[] = [];
  for (const [name, was] of before.tables) {
    const now = after.tables.get(name);
    if (!now) out.push(`${name}: dropped`);
    else if (now.rows !== was.rows || now.checksum !== was.checksum) {
      out.push(
        `${name}: ${was.rows} → ${now.rows} rows${now.rows === was.rows ? ' (contents changed)' : ''}`,
      );
    }
  }
  for (const name of after.tables.keys()) if (!before.tables.has(name)) out.push(`${name}: created`);
  for (const [name, was] of before.swept) {
    const now = after.swept.get(name) ?? new Map<string, Date | null>();
    const added = [...now.keys()].filter((row) => !was.has(row));
    const removed = [...was.entries()].filter(
      ([row, expires]) => !now.has(row) && !(expires && expires.getTime() <= after.at.getTime()),
    );
    if (added.length || removed.length) {
      out.push(
        `${name}: ${added.length} row(s) added or changed, ${removed.length} unexpired row(s) removed` +
          (added.length ? ` (first: ${added[0]!.slice(0, 200)})` : ''),
      );
    }
  }
  return out;
}
