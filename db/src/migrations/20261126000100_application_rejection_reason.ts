import type { Knex } from 'knex';

/** Why an application was rejected: the admin's words, shown to the artist and sent in the email. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('applications', (t) => {
    t.text('rejection_reason');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('applications', (t) => {
    t.dropColumn('rejection_reason');
  });
}
