import type { Knex } from 'knex';

/**
 * A second factor on the embedded identity provider's accounts: an authenticator app (TOTP) and its
 * single-use recovery codes. The secrets are stored encrypted (AES-256-GCM, api/src/identityProvider/
 * secondFactor.ts): the one being set up apart from the confirmed one, so that starting again never
 * turns off a working app. The last time step accepted is kept so a code cannot be used twice.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('identity_accounts', (t) => {
    t.text('totp_secret');
    t.timestamp('totp_enabled_at', { useTz: true });
    t.bigInteger('totp_last_time_step');
    t.text('totp_pending_secret');
    t.timestamp('totp_pending_at', { useTz: true });
  });
  await knex.raw(
    `alter table identity_accounts add constraint identity_accounts_totp_enabled_check
     check ((totp_secret is null) = (totp_enabled_at is null))`,
  );

  await knex.schema.createTable('identity_recovery_codes', (t) => {
    t.text('account_id').notNullable().references('identity_accounts.id').onDelete('CASCADE');
    t.text('code_hash').notNullable(); // hex SHA-256 of the code; the code itself is shown once, never stored
    t.timestamp('used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['account_id', 'code_hash']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('identity_recovery_codes');
  await knex.raw(
    'alter table identity_accounts drop constraint if exists identity_accounts_totp_enabled_check',
  );
  await knex.schema.alterTable('identity_accounts', (t) => {
    t.dropColumn('totp_secret');
    t.dropColumn('totp_enabled_at');
    t.dropColumn('totp_last_time_step');
    t.dropColumn('totp_pending_secret');
    t.dropColumn('totp_pending_at');
  });
}
