import type { Knex } from 'knex';

/**
 * SmartLinks (docs/smartlinks.md): a public page per release (`smartlinks`, one per release, its slug unique),
 * the fans who pre-saved on it (`fans`, each the artist's own, with the consent they gave; `presaves`), and
 * the page's numbers per day, country, UTM source and campaign, and store (`smartlink_stats`, a projection
 * of the `smartlink.*` and `fan.*` events).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table smartlinks (
      id uuid primary key default gen_random_uuid(),
      release_id uuid not null unique references releases (id) on delete cascade,
      user_id text not null references users (id) on delete cascade,
      slug text not null unique,
      collect_emails boolean not null default false,
      disabled_at timestamptz,
      disabled_reason text,
      disabled_by text references users (id) on delete set null,
      created_at timestamptz not null default current_timestamp,
      updated_at timestamptz not null default current_timestamp,
      constraint smartlinks_slug_check check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) between 3 and 40),
      constraint smartlinks_disabled_check check ((disabled_at is null) = (disabled_reason is null))
    )`);
  await knex.raw('create index smartlinks_user_index on smartlinks (user_id)');
  // Every release has one from the start: those made before this migration get their title's slug,
  // made unique by a piece of their id.
  await knex.raw(`
    insert into smartlinks (release_id, user_id, slug)
    select r.id, r.user_id,
           coalesce(nullif(trim(both '-' from left(regexp_replace(lower(r.title), '[^a-z0-9]+', '-', 'g'), 30)), ''),
                    'release') || '-' || substr(replace(r.id::text, '-', ''), 1, 8)
      from releases r`);

  await knex.raw(`
    create table fans (
      id uuid primary key default gen_random_uuid(),
      user_id text not null references users (id) on delete cascade,
      email text not null,
      status text not null default 'pending',
      artist_opt_in boolean not null default false,
      consent_text text not null,
      consented_at timestamptz not null,
      consent_ip text,
      source_smartlink_id uuid references smartlinks (id) on delete set null,
      confirmed_at timestamptz,
      unsubscribed_at timestamptz,
      created_at timestamptz not null default current_timestamp,
      updated_at timestamptz not null default current_timestamp,
      constraint fans_status_check check (status in ('pending', 'confirmed', 'unsubscribed')),
      constraint fans_email_check check (email = lower(email)),
      constraint fans_user_email_unique unique (user_id, email)
    )`);

  await knex.raw(`
    create table presaves (
      id uuid primary key default gen_random_uuid(),
      smartlink_id uuid not null references smartlinks (id) on delete cascade,
      fan_id uuid not null references fans (id) on delete cascade,
      created_at timestamptz not null default current_timestamp,
      constraint presaves_unique unique (smartlink_id, fan_id)
    )`);
  await knex.raw('create index presaves_fan_index on presaves (fan_id)');

  await knex.raw(`
    create table smartlink_stats (
      smartlink_id uuid not null references smartlinks (id) on delete cascade,
      day date not null,
      country text not null default '',
      utm_source text not null default '',
      utm_campaign text not null default '',
      store text not null default '',
      views integer not null default 0,
      clicks integer not null default 0,
      presaves integer not null default 0,
      fans integer not null default 0,
      primary key (smartlink_id, day, country, utm_source, utm_campaign, store)
    )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table smartlink_stats');
  await knex.raw('drop table presaves');
  await knex.raw('drop table fans');
  await knex.raw('drop table smartlinks');
}
