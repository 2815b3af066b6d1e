import type { Knex } from 'knex';

/**
 * The analytics rows' references (release, artist, track) checked once per statement instead of once per
 * row.
 *
 * A store report's import writes its analytics in one statement, a row per release, track, store, country
 * and day: about 300,000 for a million lines. A foreign key checks each row by itself, three times here:
 * a lookup and a lock per row and key, for a few hundred distinct ids (docs/benchmarks.md). These keys now
 * hold the same promises set by set:
 * - a row names a release, an artist and a track that exist: after each insert or update statement a
 *   trigger reads the ids the statement wrote (its transition table; for an update, those no row named
 *   before it, as a key's check skips a row whose key did not change), locks those rows
 *   `for key share` (the lock a foreign key check takes, so none of them can be deleted before this
 *   transaction ends) and refuses the statement with the foreign key's error (23503) if one is missing;
 * - deleting a release or an artist deletes its analytics rows, deleting a track leaves its rows without a
 *   track (the `on delete cascade` and `set null` of before): a trigger per statement on each of them.
 * Ids are never changed (a key's `on update no action` had nothing to do).
 */
export const keys = [
  { column: 'release_id', table: 'releases', onDelete: 'cascade' },
  { column: 'user_id', table: 'users', onDelete: 'cascade' },
  { column: 'track_id', table: 'tracks', onDelete: 'set null' },
] as const;

const constraintOf = (column: string) => `analytics_${column}_foreign`;

// The ids a statement's rows name that need checking: every one an insert wrote; for an update, those
// no row named before it (a foreign key skips a row whose key did not change: setting a deleted track's
// rows to none neither checks nor locks their release and artist again).
const named = (column: string, event: 'insert' | 'update') =>
  event === 'insert'
    ? `select ${column} as id from added where ${column} is not null`
    : `select ${column} as id from added where ${column} is not null except select ${column} from before`;
/** After a select into `missing`: the foreign key's own error when it found an id. */
export const refuseMissing = (column: string, table: string) => `
    if found then
      raise foreign_key_violation using
        message = 'insert or update on table "analytics" violates foreign key constraint "${constraintOf(column)}"',
        detail = format('Key (${column})=(%s) is not present in table "${table}".', missing),
        table = 'analytics', constraint = '${constraintOf(column)}';
    end if;`;
const checks = (event: 'insert' | 'update') =>
  keys
    .map(
      ({ column, table }) => `
    perform 1 from ${table} where id in (${named(column, event)}) for key share;
    select d.id::text into missing
      from (${named(column, event)}) d
     where not exists (select 1 from ${table} p where p.id = d.id)
     limit 1;${refuseMissing(column, table)}`,
    )
    .join('\n');

/**
 * The function the trigger after each insert or update statement runs (migration 20261127000400 replaced
 * the insert's with one that reads the statement's rows once; its `down` puts this one back).
 */
export const keysFunction = (event: 'insert' | 'update') => `
      create or replace function riffline_analytics_keys_${event}() returns trigger language plpgsql as $$
      declare
        missing text;
      begin
        ${checks(event)}
        return null;
      end
      $$`;

export async function up(knex: Knex): Promise<void> {
  for (const { column } of keys) {
    await knex.raw(`alter table analytics drop constraint ${constraintOf(column)}`);
  }
  for (const event of ['insert', 'update'] as const) {
    await knex.raw(keysFunction(event));
    await knex.raw(`
      create trigger analytics_keys_${event} after ${event} on analytics
        referencing ${event === 'update' ? 'old table as before ' : ''}new table as added
        for each statement execute function riffline_analytics_keys_${event}()`);
  }
  for (const { column, table, onDelete } of keys) {
    const action =
      onDelete === 'cascade'
        ? `delete from analytics a using removed r where a.${column} = r.id`
        : `update analytics a set ${column} = null from removed r where a.${column} = r.id`;
    await knex.raw(`
      create function riffline_analytics_${table}_delete() returns trigger language plpgsql as $$
      begin
        ${action};
        return null;
      end
      $$`);
    await knex.raw(`
      create trigger ${table}_analytics_delete after delete on ${table}
        referencing old table as removed for each statement execute function riffline_analytics_${table}_delete()`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const { table } of keys) {
    await knex.raw(`drop trigger ${table}_analytics_delete on ${table}`);
    await knex.raw(`drop function riffline_analytics_${table}_delete()`);
  }
  for (const event of ['insert', 'update']) {
    await knex.raw(`drop trigger analytics_keys_${event} on analytics`);
    await knex.raw(`drop function riffline_analytics_keys_${event}()`);
  }
  for (const { column, table, onDelete } of keys) {
    // What the triggers would have done to a row naming a row that is gone, before the key checks it.
    const dangling = `a.${column} is not null and not exists (select 1 from ${table} p where p.id = a.${column})`;
    await knex.raw(
      onDelete === 'cascade'
        ? `delete from analytics a where ${dangling}`
        : `update analytics a set ${column} = null where ${dangling}`,
    );
    await knex.raw(
      `alter table analytics add constraint ${constraintOf(column)} foreign key (${column}) references ${table} (id) on delete ${onDelete}`,
    );
  }
}
