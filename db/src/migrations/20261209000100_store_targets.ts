import type { Knex } from 'knex';

/**
 * Delivery to stores (issue 36, docs/delivery.md): a store's drop box (`store_targets`: the protocol,
 * where, its credentials encrypted with the key from the environment, its DPID, the profile and whether
 * it is live) and each delivery of a release to one (`deliveries`: its batch, its MessageId, never
 * reused, and its state as the store reports it).
 *
 * A store with deliveries cannot be deleted (`restrict`): it is switched off instead, and its history stays.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table store_targets (
      id uuid primary key default gen_random_uuid(),
      store text not null unique,
      protocol text not null,
      host text,
      port integer,
      folder text not null default '',
      username text,
      bucket text,
      region text,
      endpoint text,
      credentials text not null,
      dpid text not null,
      profile text not null default 'release',
      mode text not null default 'test',
      enabled boolean not null default true,
      created_at timestamptz not null default current_timestamp,
      updated_at timestamptz not null default current_timestamp,
      constraint store_targets_protocol_check check (protocol in ('sftp', 's3')),
      constraint store_targets_profile_check check (profile in ('batch', 'release')),
      constraint store_targets_mode_check check (mode in ('live', 'test')),
      constraint store_targets_dpid_check check (dpid ~ '^PADPIDA[A-Za-z0-9]+$'),
      constraint store_targets_where_check check (
        (protocol = 'sftp' and host is not null and port is not null and username is not null)
        or (protocol = 's3' and bucket is not null))
    )`);
  await knex.raw(`
    create table deliveries (
      id uuid primary key default gen_random_uuid(),
      release_id uuid not null references releases (id) on delete cascade,
      target_id uuid not null references store_targets (id) on delete restrict,
      kind text not null default 'new',
      batch_id text not null,
      message_id text not null unique,
      status text not null default 'queued',
      error text,
      store_url text,
      attempts integer not null default 0,
      created_at timestamptz not null default current_timestamp,
      delivered_at timestamptz,
      updated_at timestamptz not null default current_timestamp,
      constraint deliveries_kind_check check (kind in ('new', 'update', 'takedown', 'purge')),
      constraint deliveries_status_check
        check (status in ('queued', 'sending', 'delivered', 'ingested', 'error', 'live', 'taken_down'))
    )`);
  await knex.raw('create index deliveries_release_index on deliveries (release_id, created_at)');
  await knex.raw('create index deliveries_target_index on deliveries (target_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table deliveries');
  await knex.raw('drop table store_targets');
}
