import type { Knex } from 'knex';

/**
 * Invite links for collaborators (docs/splits.md): the notifications worker mails an invited payee a link
 * with a random token and keeps only its SHA-256 hash and when it stops working, so a copy of the
 * database opens no invite. A new mail replaces the hash: only the latest link works.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table payees
      add column invite_token_hash text,
      add column invite_expires_at timestamptz,
      add column invite_sent_at timestamptz,
      add column withdrawn_at timestamptz`);
  await knex.raw(
    'create unique index payees_invite_token_key on payees (invite_token_hash) where invite_token_hash is not null',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index payees_invite_token_key');
  await knex.raw(`
    alter table payees
      drop column withdrawn_at,
      drop column invite_sent_at,
      drop column invite_expires_at,
      drop column invite_token_hash`);
}
