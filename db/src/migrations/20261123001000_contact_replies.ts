import type { Knex } from 'knex';

/**
 * Contact messages are worked through: an admin marks one handled (`read`) or answers it by email
 * (`replied`); who did it and when are kept, and the reply's text beside the message it answers.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contact_messages', (t) => {
    t.text('handled_by').references('users.id').onDelete('SET NULL');
    t.timestamp('handled_at', { useTz: true });
    t.text('reply');
    t.timestamp('replied_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contact_messages', (t) => {
    t.dropColumn('replied_at');
    t.dropColumn('reply');
    t.dropColumn('handled_at');
    t.dropColumn('handled_by');
  });
}
