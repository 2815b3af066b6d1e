import type { Knex } from 'knex';

/**
 * Coin recharges: the embedded sandbox gateway's own ledger of payments (what its Pay and Fail buttons
 * settle), and the indexes that serve an artist's transaction list and the expiry of stale orders.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sandbox_payments', (t) => {
    t.text('gateway_order_id').primary();
    t.text('order_id').notNullable().unique();
    t.decimal('amount', 10, 2).notNullable();
    t.text('status').notNullable().defaultTo('pending');
    t.text('utr');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('settled_at', { useTz: true });
  });
  await knex.raw(
    "alter table sandbox_payments add constraint sandbox_payments_status_check check (status in ('pending', 'paid', 'failed'))",
  );
  await knex.raw(
    'create index payment_transactions_user_created_index on payment_transactions (user_id, created_at desc, id desc)',
  );
  await knex.raw(
    "create index payment_transactions_pending_index on payment_transactions (created_at) where status = 'pending'",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists payment_transactions_pending_index');
  await knex.raw('drop index if exists payment_transactions_user_created_index');
  await knex.schema.dropTableIfExists('sandbox_payments');
}
