import type { Knex } from 'knex';

/**
 * The platform setting `require_admin_second_factor` (docs/security.md#requiring-it-for-admins), stored off
 * so that admins can switch it in the console's Platform Settings like the others.
 */
export async function up(knex: Knex): Promise<void> {
  await knex('platform_settings')
    .insert({ setting_key: 'require_admin_second_factor', setting_value: 'false' })
    .onConflict('setting_key')
    .ignore();
}

export async function down(knex: Knex): Promise<void> {
  await knex('platform_settings').where({ setting_key: 'require_admin_second_factor' }).delete();
}
