import type { Knex } from 'knex';

/**
 * The outbox (DESIGN.md §2): commands append rows in their own transaction; the relay gives each
 * committed row its log position from one sequence (bigserial ids commit out of order, positions are
 * handed out in publish order), and consumers tail by position.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create sequence events_position_seq as bigint');
  await knex.schema.createTable('events', (t) => {
    t.bigIncrements('id').primary();
    t.text('type').notNullable();
    t.text('aggregate_type').notNullable();
    t.text('aggregate_id').notNullable();
    t.text('actor_id');
    t.jsonb('payload').notNullable().defaultTo('{}');
    t.timestamp('occurred_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.bigInteger('position').unique();
    t.timestamp('published_at', { useTz: true });
    t.index(['aggregate_type', 'aggregate_id']);
    t.check("?? ~ '^[a-z][a-zA-Z]*\\.[a-z][a-zA-Z]*$'", ['type'], 'events_type_check');
  });
  await knex.raw('create index events_unpublished on events (id) where position is null');

  await knex.schema.createTable('processed_events', (t) => {
    t.text('group_name').notNullable();
    t.bigInteger('event_id').notNullable().references('events.id').onDelete('CASCADE');
    t.timestamp('processed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['group_name', 'event_id']);
  });

  await knex.schema.createTable('consumer_positions', (t) => {
    t.text('group_name').notNullable();
    t.text('stream').notNullable().defaultTo('events');
    t.bigInteger('position').notNullable().defaultTo(0);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['group_name', 'stream']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('consumer_positions');
  await knex.schema.dropTableIfExists('processed_events');
  await knex.schema.dropTableIfExists('events');
  await knex.raw('drop sequence if exists events_position_seq');
}
