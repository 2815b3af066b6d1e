import type { Knex } from 'knex';

/**
 * Release exports: one job row per export an admin (every release, or those of one status) or an artist
 * (one release) asks for. The API inserts it `pending` with its `export.requested` event; the workers'
 * `exports` group builds it into object storage under `folder_key`, moving it `running` (with
 * `releases_done` of `total_releases`) and then `completed` (with `files`, the manifest of what it wrote)
 * or `failed` (with `error`). `release_ids` is the list the request counted, in the order it is built.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('exports', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('kind').notNullable();
    t.text('scope').notNullable();
    t.text('title').notNullable();
    t.uuid('release_id').references('releases.id').onDelete('SET NULL');
    t.text('release_status');
    t.specificType('release_ids', 'uuid[]').notNullable();
    t.integer('total_releases').notNullable();
    t.integer('releases_done').notNullable().defaultTo(0);
    t.text('status').notNullable().defaultTo('pending');
    t.text('folder_key').notNullable();
    t.jsonb('files').notNullable().defaultTo('[]');
    t.text('error');
    t.text('requested_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('started_at', { useTz: true });
    t.timestamp('completed_at', { useTz: true });
  });
  await knex.raw(
    "alter table exports add constraint exports_kind_check check (kind in ('folder', 'document'))",
  );
  await knex.raw(
    "alter table exports add constraint exports_scope_check check (scope in ('all', 'release'))",
  );
  await knex.raw(
    "alter table exports add constraint exports_status_check check (status in ('pending', 'running', 'completed', 'failed'))",
  );
  await knex.raw(
    'alter table exports add constraint exports_progress_check check (releases_done >= 0 and releases_done <= total_releases)',
  );
  // The admin list, newest first; an artist's own exports.
  await knex.raw('create index exports_created_index on exports (created_at desc, id)');
  await knex.raw('create index exports_requested_by_index on exports (requested_by, created_at desc)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('exports');
}
