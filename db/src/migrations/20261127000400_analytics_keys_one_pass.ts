import type { Knex } from 'knex';
import { keys, keysFunction, refuseMissing } from './20261127000200_analytics_statement_keys.ts';

/** The columns' types (the arrays of distinct ids are typed like them). */
const types: Record<(typeof keys)[number]['column'], string> = {
  release_id: 'uuid',
  user_id: 'text',
  track_id: 'uuid',
};

/**
 * The analytics rows' keys (migration 20261127000200) checked from one read of an insert statement's rows.
 *
 * The trigger after each insert statement read the statement's rows six times, twice per key (the ids to
 * lock, then the ids that are missing), for each of the hundreds of thousands of rows a million-line
 * store report writes. It now reads them once, into the distinct release, artist and track ids (a few
 * hundred, whatever the rows), and locks and checks those; what it promises is unchanged. The trigger
 * after an update keeps its function: updates name few rows (a deleted track's rows losing it).
 */
export async function up(knex: Knex): Promise<void> {
  const ids = keys.map(({ column }) => `${column}s`);
  await knex.raw(`
    create or replace function riffline_analytics_keys_insert() returns trigger language plpgsql as $$
    declare
      missing text;
      ${keys.map(({ column }) => `${column}s ${types[column]}[];`).join('\n      ')}
    begin
      select ${keys.map(({ column }) => `array_agg(distinct d.${column}) filter (where d.${column} is not null)`).join(', ')}
        into ${ids.join(', ')}
        from (select distinct ${keys.map(({ column }) => column).join(', ')} from added) d;
      ${keys
        .map(
          ({ column, table }) => `
      perform 1 from ${table} where id = any(${column}s) for key share;
      select d.id::text into missing
        from unnest(${column}s) d(id)
       where not exists (select 1 from ${table} p where p.id = d.id)
       limit 1;${refuseMissing(column, table)}`,
        )
        .join('\n')}
      return null;
    end
    $$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(keysFunction('insert'));
}
