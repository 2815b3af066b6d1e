import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { openEmbeddedDb, unique } from '#test/support/db.ts';
import { loadConfig } from './config.ts';
import { connect, isEmbedded, type Db } from './connection.ts';
import { preparedStatement } from './prepared.ts';

/** A table of the test's own, so its columns can change under a kept statement. */
async function probeTable(db: Db) {
  const table = unique('prepared_probe').replace(/-/g, '_');
  await db.raw(`create table ${table} (id int primary key, name text not null)`);
  await db(table).insert([
    { id: 1, name: 'one' },
    { id: 2, name: 'two' },
  ]);
  return table;
}

function suite(open: () => Promise<Db>) {
  let db: Db;
  beforeAll(async () => {
    db = await open();
  });
  afterAll(async () => {
    await db?.destroy();
  });

  test('answers the rows of its SQL for the values given, call after call', async () => {
    const table = await probeTable(db);
    const byId = preparedStatement(unique('by-id'), `select * from ${table} where id = ? or name = ?`);
    for (let i = 0; i < 3; i++) {
      expect(await byId.rows(db, [1, 'none'])).toEqual([{ id: 1, name: 'one' }]);
      expect(await byId.rows(db, [5, 'two'])).toEqual([{ id: 2, name: 'two' }]);
    }
  });

  test('inside a transaction it reads what the transaction wrote', async () => {
    const table = await probeTable(db);
    const byId = preparedStatement(unique('by-id'), `select name from ${table} where id = ?`);
    await db.transaction(async (trx) => {
      await trx(table).insert({ id: 3, name: 'three' });
      expect(await byId.rows(trx, [3])).toEqual([{ name: 'three' }]);
    });
  });

  test('a column added after it was prepared comes back in its rows', async () => {
    const table = await probeTable(db);
    const all = preparedStatement(unique('all'), `select * from ${table} where id = ?`);
    expect(await all.rows(db, [1])).toEqual([{ id: 1, name: 'one' }]);
    await db.raw(`alter table ${table} add column extra text not null default 'x'`);
    expect(await all.rows(db, [1])).toEqual([{ id: 1, name: 'one', extra: 'x' }]);
    expect(await all.rows(db, [2])).toEqual([{ id: 2, name: 'two', extra: 'x' }]);
  });
}

describe('a prepared statement on PostgreSQL', () => {
  const url = inject('databaseUrl');
  // One connection: the statements kept on it can be read back, and a connection not handed back
  // would make the next call wait.
  const open = async () =>
    connect(loadConfig({ NODE_ENV: 'test', DATABASE_URL: url ?? '', DATABASE_POOL_MAX: '1' }));
  test.skipIf(!url)('is parsed once and kept on the connection', async () => {
    const db = await open();
    try {
      expect(isEmbedded(db)).toBe(false);
      const name = unique('kept');
      const statement = preparedStatement(name, 'select ?::int + 1 as n');
      expect(await statement.rows(db, [1])).toEqual([{ n: 2 }]);
      expect(await statement.rows(db, [2])).toEqual([{ n: 3 }]);
      const { rows } = (await db.raw('select name, statement from pg_prepared_statements')) as {
        rows: Array<{ name: string; statement: string }>;
      };
      expect(rows).toEqual([{ name: `${name}.0`, statement: 'select $1::int + 1 as n' }]);
    } finally {
      await db.destroy();
    }
  });

  test.skipIf(!url)('hands its connection back when the query fails', async () => {
    const db = await open();
    try {
      const statement = preparedStatement(unique('failing'), 'select 1 / ?::int as n');
      await expect(statement.rows(db, [0])).rejects.toMatchObject({ code: '22012' });
      expect(await statement.rows(db, [1])).toEqual([{ n: 1 }]);
    } finally {
      await db.destroy();
    }
  });

  if (url) suite(open);
});

describe('a prepared statement on PGlite', () => {
  suite(openEmbeddedDb);
});
