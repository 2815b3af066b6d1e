import type { Knex } from 'knex';

/**
 * How many applications have each status, kept by the database as applications are written.
 *
 * The admin's review queue pages 100 applications at a time and answers with their total (react-admin's
 * Content-Range): `count(*)` of the pending ones read every one of them (a sequential scan), on every
 * page view, at a cost that grows with the queue (docs/benchmarks.md). This table holds the count per
 * status, exact in every transaction: a trigger per statement on `applications` adds what the statement
 * inserted, takes away what it deleted, and moves what it updated (all of the statement's rows in one
 * write, the statuses in one order so that two transactions never wait on each other in a circle), and a
 * truncation empties it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('application_status_counts', (t) => {
    t.text('status').primary();
    t.bigInteger('applications').notNullable();
  });
  await knex.raw(
    `insert into application_status_counts (status, applications)
       select status, count(*) from applications group by status`,
  );
  // The change of one statement: +1 per row it wrote, -1 per row it took away.
  const changes = {
    insert: 'select status, 1 as n from added',
    delete: 'select status, -1 as n from removed',
    update: 'select status, 1 as n from added union all select status, -1 from removed',
  } as const;
  for (const [event, change] of Object.entries(changes)) {
    await knex.raw(`
      create function riffline_application_counts_${event}() returns trigger language plpgsql as $$
      begin
        insert into application_status_counts as c (status, applications)
          select status, sum(n) from (${change}) moved group by status having sum(n) <> 0 order by status
          on conflict (status) do update set applications = c.applications + excluded.applications;
        return null;
      end
      $$`);
    const tables =
      event === 'insert'
        ? 'new table as added'
        : event === 'delete'
          ? 'old table as removed'
          : 'old table as removed new table as added';
    await knex.raw(`
      create trigger applications_counts_${event} after ${event} on applications
        referencing ${tables} for each statement execute function riffline_application_counts_${event}()`);
  }
  await knex.raw(`
    create function riffline_application_counts_truncate() returns trigger language plpgsql as $$
    begin
      delete from application_status_counts;
      return null;
    end
    $$`);
  await knex.raw(`
    create trigger applications_counts_truncate after truncate on applications
      for each statement execute function riffline_application_counts_truncate()`);
}

export async function down(knex: Knex): Promise<void> {
  for (const event of ['insert', 'delete', 'update', 'truncate']) {
    await knex.raw(`drop trigger applications_counts_${event} on applications`);
    await knex.raw(`drop function riffline_application_counts_${event}()`);
  }
  await knex.schema.dropTable('application_status_counts');
}
