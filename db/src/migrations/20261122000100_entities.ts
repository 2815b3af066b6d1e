import type { Knex } from 'knex';

/** The values as they were when this migration was written: a migration never follows a live enumeration. */
const e = {
  DEFAULT_COPYRIGHT_YEAR: 2025,
  RECORD_LABEL: 'Riffline Records',
  applicationGenres: [
    'hip-hop',
    'pop',
    'r&b',
    'electronic',
    'rock',
    'indie',
    'latin',
    'afrobeats',
    'country',
    'jazz',
    'other',
  ],
  applicationStatuses: ['pending', 'approved', 'rejected'],
  contactMessageStatuses: ['new', 'read', 'replied'],
  currencies: ['USD', 'EUR', 'GBP', 'INR', 'JPY', 'CAD', 'AUD', 'CNY', 'BRL', 'MXN'],
  paymentMethodTypes: ['upi', 'paypal', 'bank_transfer'],
  pricingTiers: ['budget', 'mid', 'premium'],
  releaseGenres: [
    'alternative',
    'pop',
    'hip-hop',
    'rock',
    'electronic',
    'r&b',
    'jazz',
    'country',
    'classical',
    'reggae',
    'blues',
    'folk',
    'soul',
    'funk',
    'gospel',
    'latin',
    'metal',
    'punk',
    'other',
  ],
  releaseStatuses: ['draft', 'processing', 'live', 'rejected'],
  releaseTypes: ['single', 'ep', 'album'],
  roles: ['artist', 'admin'],
  royaltyStatuses: ['pending', 'paid', 'unpaid'],
  storeDistributions: ['all', 'downloads', 'streaming', 'custom'],
  ticketPriorities: ['low', 'medium', 'high', 'urgent'],
  ticketStatuses: ['open', 'in_progress', 'resolved', 'closed'],
  trackTypes: ['vocal', 'instrumental'],
  transactionStatuses: ['pending', 'completed', 'failed', 'expired'],
  transactionTypes: ['recharge', 'distribution_fee'],
  withdrawalStatuses: ['pending', 'approved', 'declined', 'processing', 'completed'],
} as const;

/** CHECK (column IN (...)) with a stable constraint name, so a violation names what was wrong. */
function oneOf(t: Knex.CreateTableBuilder, table: string, column: string, values: readonly string[]) {
  t.check(`?? in (${values.map(() => '?').join(', ')})`, [column, ...values], `${table}_${column}_check`);
}

function timestamps(t: Knex.CreateTableBuilder, knex: Knex, updated = true) {
  t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  if (updated) t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
}

const uuidPk = (t: Knex.CreateTableBuilder, knex: Knex) =>
  t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));

const money = (t: Knex.CreateTableBuilder, name: string) => t.decimal(name, 10, 2);

const textArray = (t: Knex.CreateTableBuilder, knex: Knex, name: string) =>
  t.specificType(name, 'text[]').notNullable().defaultTo(knex.raw("'{}'::text[]"));

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.text('id').primary(); // the identity provider's subject
    t.text('username').unique();
    t.text('email').unique();
    t.text('first_name');
    t.text('last_name');
    t.text('profile_image_url');
    t.text('role').notNullable().defaultTo('artist');
    t.boolean('is_approved').notNullable().defaultTo(false);
    t.string('preferred_currency', 3).notNullable().defaultTo('USD');
    money(t, 'coins').notNullable().defaultTo('0.00');
    timestamps(t, knex);
    oneOf(t, 'users', 'role', e.roles);
    oneOf(t, 'users', 'preferred_currency', e.currencies);
    t.check('?? >= 0', ['coins'], 'users_coins_check');
  });

  await knex.schema.createTable('sessions', (t) => {
    t.string('sid', 255).primary();
    t.jsonb('sess').notNullable();
    t.timestamp('expire', { useTz: true }).notNullable().index('sessions_expire_index');
  });

  await knex.schema.createTable('applications', (t) => {
    uuidPk(t, knex);
    t.text('user_id').notNullable().references('users.id').onDelete('CASCADE').index();
    t.text('legal_name').notNullable();
    t.text('phone');
    t.text('artist_name').notNullable();
    t.integer('age').notNullable();
    t.text('genre').notNullable();
    t.text('demo_links');
    t.text('artist_story').notNullable();
    t.text('instagram').notNullable();
    t.text('youtube').notNullable();
    t.text('spotify');
    t.text('status').notNullable().defaultTo('pending');
    t.text('reviewed_by').references('users.id').onDelete('SET NULL');
    t.timestamp('reviewed_at', { useTz: true });
    timestamps(t, knex);
    oneOf(t, 'applications', 'status', e.applicationStatuses);
    oneOf(t, 'applications', 'genre', e.applicationGenres);
    t.check('?? >= 13', ['age'], 'applications_age_check');
  });
  // One open application per artist.
  await knex.raw(
    "create unique index applications_one_pending_per_user on applications (user_id) where status = 'pending'",
  );

  await knex.schema.createTable('releases', (t) => {
    uuidPk(t, knex);
    t.text('user_id').notNullable().references('users.id').onDelete('CASCADE').index();
    t.text('title').notNullable();
    t.text('artist').notNullable();
    t.text('album_art');
    t.date('release_date');
    t.text('genre').notNullable();
    t.text('secondary_genre');
    t.text('status').notNullable().defaultTo('draft');
    textArray(t, knex, 'platforms');
    t.text('copyright_holder');
    t.integer('copyright_year').notNullable().defaultTo(e.DEFAULT_COPYRIGHT_YEAR);
    t.text('production_holder');
    t.integer('production_year').notNullable().defaultTo(e.DEFAULT_COPYRIGHT_YEAR);
    t.text('record_label').notNullable().defaultTo(e.RECORD_LABEL);
    textArray(t, knex, 'release_artists');
    t.text('release_type').notNullable().defaultTo('single');
    t.boolean('explicit_content_labeled').notNullable().defaultTo(false);
    t.boolean('authorized_to_distribute').notNullable().defaultTo(false);
    t.boolean('no_unauthorized_artist_name').notNullable().defaultTo(false);
    t.text('copyright_documentation');
    t.text('release_time');
    t.boolean('has_country_restrictions').notNullable().defaultTo(false);
    textArray(t, knex, 'restricted_countries');
    t.boolean('previously_released').notNullable().defaultTo(false);
    t.date('original_release_date');
    t.text('pricing_tier').notNullable().defaultTo('mid');
    t.text('store_distribution').notNullable().defaultTo('all');
    textArray(t, knex, 'selected_stores');
    t.boolean('auto_distribute_to_new_stores').notNullable().defaultTo(true);
    timestamps(t, knex);
    oneOf(t, 'releases', 'status', e.releaseStatuses);
    oneOf(t, 'releases', 'release_type', e.releaseTypes);
    oneOf(t, 'releases', 'pricing_tier', e.pricingTiers);
    oneOf(t, 'releases', 'store_distribution', e.storeDistributions);
    oneOf(t, 'releases', 'genre', e.releaseGenres);
    t.check(
      '?? is null or ?? in (' + e.releaseGenres.map(() => '?').join(', ') + ')',
      ['secondary_genre', 'secondary_genre', ...e.releaseGenres],
      'releases_secondary_genre_check',
    );
    t.check('cardinality(??) <= 3', ['release_artists'], 'releases_release_artists_check');
    t.check('?? = ?', ['record_label', e.RECORD_LABEL], 'releases_record_label_check');
  });

  await knex.schema.createTable('tracks', (t) => {
    uuidPk(t, knex);
    t.uuid('release_id').notNullable().references('releases.id').onDelete('CASCADE');
    t.text('title').notNullable();
    t.integer('track_number').notNullable();
    t.text('audio_file_url');
    t.integer('duration');
    t.boolean('is_explicit').notNullable().defaultTo(false);
    textArray(t, knex, 'primary_artists');
    textArray(t, knex, 'featuring_artists');
    t.text('producer');
    t.text('lyricist');
    t.text('composer');
    t.text('track_type').notNullable().defaultTo('vocal');
    timestamps(t, knex);
    t.unique(['release_id', 'track_number'], { indexName: 'tracks_release_track_number_unique' });
    oneOf(t, 'tracks', 'track_type', e.trackTypes);
    t.check('?? between 1 and 20', ['track_number'], 'tracks_track_number_check');
    t.check('?? is null or ?? >= 0', ['duration', 'duration'], 'tracks_duration_check');
    t.check('cardinality(??) <= 3', ['primary_artists'], 'tracks_primary_artists_check');
  });

  await knex.schema.createTable('analytics', (t) => {
    uuidPk(t, knex);
    t.uuid('release_id').notNullable().references('releases.id').onDelete('CASCADE');
    t.text('platform').notNullable();
    t.text('track');
    t.string('country', 2);
    t.bigInteger('streams').notNullable().defaultTo(0);
    t.bigInteger('downloads').notNullable().defaultTo(0);
    t.date('date').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['release_id', 'date']);
    t.check('?? >= 0 and ?? >= 0', ['streams', 'downloads'], 'analytics_counts_check');
  });

  await knex.schema.createTable('royalties', (t) => {
    uuidPk(t, knex);
    t.text('user_id').notNullable().references('users.id').onDelete('CASCADE').index();
    t.uuid('release_id').references('releases.id').onDelete('SET NULL');
    money(t, 'amount').notNullable();
    t.string('currency', 3).notNullable().defaultTo('USD');
    t.text('period').notNullable();
    t.text('status').notNullable().defaultTo('pending');
    t.timestamp('paid_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    oneOf(t, 'royalties', 'status', e.royaltyStatuses);
    oneOf(t, 'royalties', 'currency', e.currencies);
  });

  await knex.schema.createTable('support_tickets', (t) => {
    uuidPk(t, knex);
    t.text('user_id').notNullable().references('users.id').onDelete('CASCADE').index();
    t.text('subject').notNullable();
    t.text('message').notNullable();
    t.text('category');
    t.text('status').notNullable().defaultTo('open');
    t.text('priority').notNullable().defaultTo('medium');
    t.text('assigned_to').references('users.id').onDelete('SET NULL');
    timestamps(t, knex);
    oneOf(t, 'support_tickets', 'status', e.ticketStatuses);
    oneOf(t, 'support_tickets', 'priority', e.ticketPriorities);
  });

  await knex.schema.createTable('newsletter_subscriptions', (t) => {
    uuidPk(t, knex);
    t.text('email').notNullable().unique();
    t.boolean('is_active').notNullable().defaultTo(true);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('contact_messages', (t) => {
    uuidPk(t, knex);
    t.text('name').notNullable();
    t.text('email').notNullable();
    t.text('subject').notNullable();
    t.text('message').notNullable();
    t.text('status').notNullable().defaultTo('new');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    oneOf(t, 'contact_messages', 'status', e.contactMessageStatuses);
  });

  await knex.schema.createTable('payment_methods', (t) => {
    uuidPk(t, knex);
    t.text('user_id').notNullable().references('users.id').onDelete('CASCADE').index();
    t.text('type').notNullable();
    t.text('upi_id');
    t.text('paypal_email');
    t.text('account_holder_name');
    t.text('account_number');
    t.text('ifsc_code');
    t.boolean('is_default').notNullable().defaultTo(false);
    timestamps(t, knex);
    oneOf(t, 'payment_methods', 'type', e.paymentMethodTypes);
    t.check(
      "(?? <> 'upi' or ?? is not null) and (?? <> 'paypal' or ?? is not null) and " +
        "(?? <> 'bank_transfer' or (?? is not null and ?? is not null and ?? is not null))",
      [
        'type',
        'upi_id',
        'type',
        'paypal_email',
        'type',
        'account_holder_name',
        'account_number',
        'ifsc_code',
      ],
      'payment_methods_fields_check',
    );
  });
  await knex.raw(
    'create unique index payment_methods_one_default_per_user on payment_methods (user_id) where is_default',
  );

  await knex.schema.createTable('withdrawal_requests', (t) => {
    uuidPk(t, knex);
    t.text('user_id').notNullable().references('users.id').onDelete('CASCADE').index();
    t.uuid('payment_method_id').references('payment_methods.id').onDelete('SET NULL');
    money(t, 'amount').notNullable(); // USD
    t.text('status').notNullable().defaultTo('pending');
    t.text('admin_notes');
    t.text('processed_by').references('users.id').onDelete('SET NULL');
    t.timestamp('processed_at', { useTz: true });
    timestamps(t, knex);
    oneOf(t, 'withdrawal_requests', 'status', e.withdrawalStatuses);
    t.check('?? > 0', ['amount'], 'withdrawal_requests_amount_check');
  });

  await knex.schema.createTable('payment_transactions', (t) => {
    uuidPk(t, knex);
    t.text('user_id').notNullable().references('users.id').onDelete('CASCADE').index();
    t.text('type').notNullable().defaultTo('recharge');
    t.text('order_id').notNullable().unique();
    t.text('gateway_order_id');
    money(t, 'amount').notNullable();
    t.text('customer_mobile');
    t.text('payment_url');
    t.text('status').notNullable().defaultTo('pending');
    t.text('utr');
    t.text('remark1');
    t.text('remark2');
    t.text('redirect_url');
    t.uuid('release_id').references('releases.id').onDelete('SET NULL');
    t.timestamp('completed_at', { useTz: true });
    timestamps(t, knex);
    oneOf(t, 'payment_transactions', 'type', e.transactionTypes);
    oneOf(t, 'payment_transactions', 'status', e.transactionStatuses);
    t.check('?? > 0', ['amount'], 'payment_transactions_amount_check');
  });

  await knex.schema.createTable('platform_settings', (t) => {
    uuidPk(t, knex);
    t.text('setting_key').notNullable().unique();
    t.text('setting_value').notNullable();
    t.text('updated_by').references('users.id').onDelete('SET NULL');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex('platform_settings').insert([
    { setting_key: 'streams_growth_percentage', setting_value: '12.5' },
    { setting_key: 'earnings_growth_percentage', setting_value: '8.2' },
  ]);
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'platform_settings',
    'payment_transactions',
    'withdrawal_requests',
    'payment_methods',
    'contact_messages',
    'newsletter_subscriptions',
    'support_tickets',
    'royalties',
    'analytics',
    'tracks',
    'releases',
    'applications',
    'sessions',
    'users',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
