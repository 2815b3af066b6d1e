import type { Knex } from 'knex';

/**
 * Collaborator splits (issue 35, docs/splits.md): the people a release owner names (`payees`), each
 * version of a release's split from a sale month on (`splits`) and its shares (`split_shares`). The
 * ledger (`royalties`) keeps a payee's part of a credit at 8 decimals and names the version and the
 * payee; a part whose payee has not accepted is held: no user, in no one's balance.
 *
 * `royalties.amount` holds up to 8 decimals within numeric(20,8)'s range, as a `numeric` that keeps each
 * value's own scale: a whole credit still reads in cents ("12.34") to whatever reads the ledger, a part
 * at 8 decimals ("6.17000000").
 *
 * The ledger's keys to splits and payees are `no action` rather than `restrict`: both refuse to delete a
 * version or payee that money was credited under, but `no action` judges at the end of the statement, so
 * one delete that cascades through the rows that name them (a release, an owner) is judged as a whole.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table payees (
      id uuid primary key default gen_random_uuid(),
      owner_id text not null references users (id) on delete cascade,
      user_id text references users (id) on delete set null,
      email text,
      name text,
      status text not null,
      created_at timestamptz not null default current_timestamp,
      accepted_at timestamptz,
      constraint payees_status_check check (status in ('owner', 'invited', 'accepted', 'withdrawn')),
      constraint payees_email_lower_check check (email = lower(email)),
      constraint payees_owner_user_check check (status <> 'owner' or user_id = owner_id)
    )`);
  await knex.raw(
    'create unique index payees_owner_email_key on payees (owner_id, email) where email is not null',
  );
  await knex.raw("create unique index payees_owner_key on payees (owner_id) where status = 'owner'");
  await knex.raw('create index payees_user_index on payees (user_id)');

  await knex.raw(`
    create table splits (
      id uuid primary key default gen_random_uuid(),
      release_id uuid not null references releases (id) on delete cascade,
      track_id uuid references tracks (id) on delete cascade,
      effective_from text not null,
      created_by text not null references users (id),
      created_at timestamptz not null default current_timestamp,
      constraint splits_effective_from_check check (effective_from ~ '^\\d{4}-(0[1-9]|1[0-2])$')
    )`);
  await knex.raw(
    'create unique index splits_release_key on splits (release_id, effective_from) where track_id is null',
  );
  await knex.raw(
    'create unique index splits_track_key on splits (release_id, track_id, effective_from) where track_id is not null',
  );

  await knex.raw(`
    create table split_shares (
      split_id uuid not null references splits (id) on delete cascade,
      payee_id uuid not null references payees (id),
      percent numeric(5, 2) not null,
      primary key (split_id, payee_id),
      constraint split_shares_percent_check check (percent > 0 and percent <= 100)
    )`);
  await knex.raw('create index split_shares_payee_index on split_shares (payee_id)');

  await knex.raw(`
    alter table royalties
      alter column amount type numeric,
      add constraint royalties_amount_scale_check check (scale(amount) <= 8 and abs(amount) < 1e12),
      alter column user_id drop not null,
      add column split_id uuid references splits (id),
      add column payee_id uuid references payees (id),
      add constraint royalties_receiver_check check (user_id is not null or payee_id is not null)`);
  await knex.raw('create index royalties_split_index on royalties (split_id) where split_id is not null');
  await knex.raw('create index royalties_payee_index on royalties (payee_id) where payee_id is not null');
  await knex.raw('drop index royalties_report_key');
  await knex.raw(`
    create unique index royalties_report_key
      on royalties (report_id, release_id, period, coalesce(payee_id::text, user_id)) where report_id is not null`);
}

export async function down(knex: Knex): Promise<void> {
  // A split credit's parts add up exactly to the owner's credit they were cut from: put it back whole.
  await knex.raw(`
    insert into royalties (report_id, user_id, release_id, amount, currency, period, status, gross_usd,
                           commission_percent, lines, created_at)
    select r.report_id, rl.user_id, r.release_id, sum(r.amount), r.currency, r.period, min(r.status),
           min(r.gross_usd), min(r.commission_percent), min(r.lines), min(r.created_at)
      from royalties r join releases rl on rl.id = r.release_id
     where r.split_id is not null
     group by r.report_id, rl.user_id, r.release_id, r.currency, r.period`);
  await knex.raw('delete from royalties where split_id is not null or user_id is null');
  await knex.raw('drop index royalties_report_key');
  await knex.raw(`
    alter table royalties
      drop constraint royalties_receiver_check,
      drop constraint royalties_amount_scale_check,
      drop column payee_id,
      drop column split_id,
      alter column user_id set not null,
      alter column amount type numeric(10, 2)`);
  await knex.raw(
    'create unique index royalties_report_key on royalties (report_id, user_id, release_id, period) where report_id is not null',
  );
  await knex.raw('drop table split_shares');
  await knex.raw('drop table splits');
  await knex.raw('drop table payees');
}
