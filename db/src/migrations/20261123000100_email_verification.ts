import type { Knex } from 'knex';

/**
 * Email verification and password reset on the embedded identity provider: whether an account's address is
 * proven (and whether the Riffline user's is, as its issuer says), and the single-use links sent by email,
 * kept only as SHA-256 hashes.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('identity_accounts', (t) => {
    t.boolean('email_verified').notNullable().defaultTo(false);
  });
  await knex.schema.alterTable('users', (t) => {
    t.boolean('email_verified').notNullable().defaultTo(false);
  });

  await knex.schema.createTable('identity_tokens', (t) => {
    t.text('token_hash').primary(); // hex SHA-256 of the token in the link; the token itself is never stored
    t.text('account_id').notNullable().references('identity_accounts.id').onDelete('CASCADE');
    t.text('purpose').notNullable();
    t.text('email').notNullable(); // the address the link was sent to (what it proves)
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['account_id', 'purpose']);
    t.index(['expires_at']);
    t.check("?? in ('verify-email', 'reset-password')", ['purpose'], 'identity_tokens_purpose_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('identity_tokens');
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('email_verified');
  });
  await knex.schema.alterTable('identity_accounts', (t) => {
    t.dropColumn('email_verified');
  });
}
