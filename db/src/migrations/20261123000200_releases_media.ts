import type { Knex } from 'knex';

/**
 * Releases for real: identifiers (UPC per release, ISRC per track, from counters that never repeat), the
 * review (who, when, why rejected), uploaded media with its state, size and hash, the indexes the lists
 * page with, track numbers that can be renumbered in one transaction, and the distribution fee setting.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('releases', (t) => {
    t.text('upc');
    t.text('rejection_reason');
    t.timestamp('submitted_at', { useTz: true });
    t.text('reviewed_by').references('users.id').onDelete('SET NULL');
    t.timestamp('reviewed_at', { useTz: true });
    t.text('artwork_key');
    t.integer('artwork_size');
    t.text('artwork_format');
    t.integer('artwork_width');
    t.integer('artwork_height');
  });
  await knex.raw(
    "alter table releases add constraint releases_artwork_format_check check (artwork_format in ('jpeg', 'png'))",
  );
  await knex.raw('create unique index releases_upc_unique on releases (upc) where upc is not null');
  // The artist's list (newest first) and the admin's review queue.
  await knex.raw('create index releases_user_created_index on releases (user_id, created_at desc, id desc)');
  await knex.raw('create index releases_status_created_index on releases (status, created_at desc, id desc)');

  await knex.schema.alterTable('tracks', (t) => {
    t.text('isrc');
    t.text('audio_state').notNullable().defaultTo('none');
    t.text('audio_key');
    t.bigInteger('audio_size');
    t.text('audio_sha256');
    t.text('audio_format');
    t.text('audio_error');
  });
  await knex.raw(
    "alter table tracks add constraint tracks_audio_state_check check (audio_state in ('none', 'uploading', 'ready', 'failed'))",
  );
  await knex.raw(
    "alter table tracks add constraint tracks_audio_format_check check (audio_format in ('wav', 'mp3'))",
  );
  await knex.raw('create unique index tracks_isrc_unique on tracks (isrc) where isrc is not null');
  // Renumbering after a removal moves numbers past each other: checked at commit, not row by row.
  await knex.raw('alter table tracks drop constraint tracks_release_track_number_unique');
  await knex.raw(
    'alter table tracks add constraint tracks_release_track_number_unique unique (release_id, track_number) deferrable initially deferred',
  );

  // Counters for identifiers: one row per ISRC prefix + year and per UPC company prefix; an increment
  // that returns its value is atomic, so concurrent approvals never share a number.
  await knex.schema.createTable('identifier_counters', (t) => {
    t.text('name').primary();
    t.integer('value').notNullable();
  });

  await knex('platform_settings')
    .insert({ setting_key: 'distribution_fee_coins', setting_value: '0' })
    .onConflict('setting_key')
    .ignore();
}

export async function down(knex: Knex): Promise<void> {
  await knex('platform_settings').where({ setting_key: 'distribution_fee_coins' }).delete();
  await knex.schema.dropTableIfExists('identifier_counters');
  await knex.raw('alter table tracks drop constraint tracks_release_track_number_unique');
  await knex.raw(
    'alter table tracks add constraint tracks_release_track_number_unique unique (release_id, track_number)',
  );
  await knex.raw('drop index if exists tracks_isrc_unique');
  await knex.schema.alterTable('tracks', (t) => {
    t.dropChecks(['tracks_audio_state_check', 'tracks_audio_format_check']);
    t.dropColumns(
      'isrc',
      'audio_state',
      'audio_key',
      'audio_size',
      'audio_sha256',
      'audio_format',
      'audio_error',
    );
  });
  await knex.raw('drop index if exists releases_status_created_index');
  await knex.raw('drop index if exists releases_user_created_index');
  await knex.raw('drop index if exists releases_upc_unique');
  await knex.schema.alterTable('releases', (t) => {
    t.dropChecks(['releases_artwork_format_check']);
    t.dropColumns(
      'upc',
      'rejection_reason',
      'submitted_at',
      'reviewed_by',
      'reviewed_at',
      'artwork_key',
      'artwork_size',
      'artwork_format',
      'artwork_width',
      'artwork_height',
    );
  });
}
