import type { Knex } from 'knex';

/**
 * Sign-in: the embedded identity provider's accounts and its persistent store (grants, sessions, codes),
 * generated secrets that must survive restarts (session keys, signing keys), and a shared rate limiter.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('identity_accounts', (t) => {
    t.text('id').primary(); // the subject the provider issues; users.id of the same person
    t.text('email').notNullable();
    t.text('first_name').notNullable();
    t.text('last_name').notNullable();
    t.text('password_hash').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create unique index identity_accounts_email_unique on identity_accounts (lower(email))');

  await knex.schema.createTable('oidc_payloads', (t) => {
    t.text('type').notNullable();
    t.text('id').notNullable();
    t.jsonb('payload').notNullable();
    t.text('grant_id');
    t.text('user_code');
    t.text('uid');
    t.timestamp('expires_at', { useTz: true });
    t.timestamp('consumed_at', { useTz: true });
    t.primary(['type', 'id']);
    t.index(['grant_id']);
    t.index(['uid']);
    t.index(['user_code']);
    t.index(['expires_at']);
  });

  await knex.schema.createTable('app_secrets', (t) => {
    t.text('name').primary();
    t.jsonb('value').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('rate_limits', (t) => {
    t.text('key').primary();
    t.integer('hits').notNullable().defaultTo(0);
    t.timestamp('reset_at', { useTz: true }).notNullable();
    t.index(['reset_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('rate_limits');
  await knex.schema.dropTableIfExists('app_secrets');
  await knex.schema.dropTableIfExists('oidc_payloads');
  await knex.schema.dropTableIfExists('identity_accounts');
}
