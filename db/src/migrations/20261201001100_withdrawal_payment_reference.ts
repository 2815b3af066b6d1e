import type { Knex } from 'knex';

/**
 * The payment's reference, recorded when an admin marks a payout completed: the UPI UTR, or the PayPal or
 * bank transfer reference. The artist is emailed it; requests completed before it was kept have none.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('withdrawal_requests', (t) => {
    t.text('payment_reference');
  });
  await knex.raw(
    'alter table withdrawal_requests add constraint withdrawal_requests_payment_reference_length check (char_length(payment_reference) between 1 and 100)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('withdrawal_requests', (t) => {
    t.dropColumn('payment_reference');
  });
}
