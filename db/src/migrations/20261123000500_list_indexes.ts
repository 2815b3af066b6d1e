import type { Knex } from 'knex';

/**
 * The admins' lists read newest first, a page at a time, either one status (the review queues) or
 * everything: without these, each page of 20,000 pending applications sorted them all, and the larger a
 * table grew the slower its first page. The tie-break on id matches the lists' second sort key
 * (api/src/routes/admin/listQuery.ts).
 */
const newestFirst = [
  'applications',
  'users',
  'releases',
  'support_tickets',
  'withdrawal_requests',
  'contact_messages',
  'newsletter_subscriptions',
];

export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    'create index applications_status_created_index on applications (status, created_at desc, id)',
  );
  for (const table of newestFirst) {
    await knex.raw(`create index ${table}_created_index on ${table} (created_at desc, id)`);
  }
  await knex.raw(
    'create index support_tickets_status_created_index on support_tickets (status, created_at desc, id)',
  );
  await knex.raw(
    'create index withdrawal_requests_status_created_index on withdrawal_requests (status, created_at desc, id)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists withdrawal_requests_status_created_index');
  await knex.raw('drop index if exists support_tickets_status_created_index');
  for (const table of newestFirst) await knex.raw(`drop index if exists ${table}_created_index`);
  await knex.raw('drop index if exists applications_status_created_index');
}
