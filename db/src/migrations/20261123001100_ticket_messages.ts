import type { Knex } from 'knex';

/**
 * Tickets are conversations: after the opening message (on the ticket itself), each reply of the artist
 * or the team is a row here, oldest first. A reply goes with its ticket; its author may be deleted.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('ticket_messages', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('ticket_id').notNullable().references('support_tickets.id').onDelete('CASCADE');
    t.text('author_id').references('users.id').onDelete('SET NULL');
    t.boolean('from_team').notNullable();
    t.text('body').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['ticket_id', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('ticket_messages');
}
