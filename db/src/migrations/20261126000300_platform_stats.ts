import type { Knex } from 'knex';

/**
 * The admin console's top stats as a projection the `stats` consumer group keeps (workers/src/stats):
 * - `platform_stats`: one row per stat (the names of `AdminStats`), its current value;
 * - `platform_stat_subjects`: what the stats know of each application, user, release and ticket (its
 *   status, role, approval), each fact with the log position of the event that set it, so an event read
 *   late (another Kafka partition) never overwrites a newer fact, and a redelivered one changes nothing.
 * A database that already has rows starts from them, as of the log's last position: the group then reads
 * the log from its start and every earlier event is older than what the tables say.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('platform_stat_subjects', (t) => {
    t.text('kind').notNullable();
    t.text('id').notNullable();
    t.text('status');
    t.bigInteger('status_at').notNullable().defaultTo(0);
    t.text('role');
    t.bigInteger('role_at').notNullable().defaultTo(0);
    t.boolean('approved');
    t.bigInteger('approved_at').notNullable().defaultTo(0);
    t.primary(['kind', 'id']);
  });
  await knex.raw(
    "alter table platform_stat_subjects add constraint platform_stat_subjects_kind_check check (kind in ('application', 'user', 'release', 'ticket'))",
  );
  await knex.schema.createTable('platform_stats', (t) => {
    t.text('name').primary();
    t.bigInteger('value').notNullable().defaultTo(0);
  });

  const at = '(select coalesce(max(position), 0) from events)';
  await knex.raw(
    `insert into platform_stat_subjects (kind, id, status, status_at)
       select 'application', id::text, status, ${at} from applications
     union all
       select 'release', id::text, 'created', ${at} from releases
     union all
       select 'ticket', id::text, status, ${at} from support_tickets`,
  );
  await knex.raw(
    `insert into platform_stat_subjects (kind, id, role, role_at, approved, approved_at)
       select 'user', id::text, role, ${at}, is_approved, ${at} from users`,
  );
  await knex.raw(
    `insert into platform_stats (name, value) values
       ('pendingApplications', (select count(*) from applications where status = 'pending')),
       ('approvedArtists', (select count(*) from users where role = 'artist' and is_approved)),
       ('totalReleases', (select count(*) from releases)),
       ('openTickets', (select count(*) from support_tickets where status in ('open', 'in_progress')))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('platform_stats');
  await knex.schema.dropTableIfExists('platform_stat_subjects');
}
