import type { Knex } from 'knex';

/**
 * A queued message's one-click unsubscribe address (RFC 8058), sent as its `List-Unsubscribe` header:
 * mail providers show their own unsubscribe button for it, and expect it of bulk mail such as the fans'
 * release-day messages.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table mail_deliveries add column list_unsubscribe text');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table mail_deliveries drop column list_unsubscribe');
}
