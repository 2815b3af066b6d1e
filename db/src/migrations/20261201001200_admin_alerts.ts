import type { Knex } from 'knex';

/** An admin's toggle for the email about each new application and each new support ticket (on by default). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('notification_settings', (t) => {
    t.boolean('admin_alerts').notNullable().defaultTo(true);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('notification_settings', (t) => {
    t.dropColumn('admin_alerts');
  });
}
