import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, dropDatabase, uniqueName } from '#test/support/database.ts';
import { loadConfig } from './config.ts';
import { connect, type Db } from './connection.ts';
import { migrateDownAll, migrateDownOne, migrateLatest, migrationStatus } from './migrate.ts';
import { storeReportLinesPage } from './storeReports/queries.ts';
import { buildArtist, buildRelease } from '#test/support/factories.ts';

/**
 * SPEC §3, column by column (snake_case), with the default each must have. `null` means no default;
 * a string is matched against information_schema.columns.column_default.
 */
const spec: Record<string, Record<string, string | null>> = {
  users: {
    id: null,
    username: null,
    email: null,
    first_name: null,
    last_name: null,
    profile_image_url: null,
    role: "'artist'",
    is_approved: 'false',
    preferred_currency: "'USD'",
    coins: '0',
    email_verified: 'false',
    created_at: 'CURRENT_TIMESTAMP',
    updated_at: 'CURRENT_TIMESTAMP',
  },
  sessions: { sid: null, sess: null, expire: null },
  applications: {
    id: 'gen_random_uuid()',
    user_id: null,
    legal_name: null,
    phone: null,
    artist_name: null,
    age: null,
    genre: null,
    demo_links: null,
    artist_story: null,
    instagram: null,
    youtube: null,
    spotify: null,
    status: "'pending'",
    reviewed_by: null,
    reviewed_at: null,
    created_at: 'CURRENT_TIMESTAMP',
    updated_at: 'CURRENT_TIMESTAMP',
  },
  releases: {
    id: 'gen_random_uuid()',
    user_id: null,
    title: null,
    artist: null,
    album_art: null,
    release_date: null,
    genre: null,
    secondary_genre: null,
    status: "'draft'",
    platforms: "'{}'",
    copyright_holder: null,
    copyright_year: '2025',
    production_holder: null,
    production_year: '2025',
    record_label: "'Riffline Records'",
    release_artists: "'{}'",
    release_type: "'single'",
    explicit_content_labeled: 'false',
    authorized_to_distribute: 'false',
    no_unauthorized_artist_name: 'false',
    copyright_documentation: null,
    release_time: null,
    has_country_restrictions: 'false',
    restricted_countries: "'{}'",
    previously_released: 'false',
    original_release_date: null,
    pricing_tier: "'mid'",
    store_distribution: "'all'",
    selected_stores: "'{}'",
    auto_distribute_to_new_stores: 'true',
    created_at: 'CURRENT_TIMESTAMP',
    updated_at: 'CURRENT_TIMESTAMP',
  },
  tracks: {
    id: 'gen_random_uuid()',
    release_id: null,
    title: null,
    track_number: null,
    audio_file_url: null,
    duration: null,
    is_explicit: 'false',
    primary_artists: "'{}'",
    featuring_artists: "'{}'",
    producer: null,
    lyricist: null,
    composer: null,
    track_type: "'vocal'",
    created_at: 'CURRENT_TIMESTAMP',
    updated_at: 'CURRENT_TIMESTAMP',
  },
  analytics: {
    id: 'gen_random_uuid()',
    release_id: null,
    platform: null,
    track: null,
    streams: '0',
    downloads: '0',
    date: null,
    created_at: 'CURRENT_TIMESTAMP',
  },
  royalties: {
    id: 'gen_random_uuid()',
    user_id: null,
    release_id: null,
    amount: null,
    currency: "'USD'",
    period: null,
    status: "'pending'",
    paid_at: null,
    created_at: 'CURRENT_TIMESTAMP',
  },
  support_tickets: {
    id: 'gen_random_uuid()',
    user_id: null,
    subject: null,
    message: null,
    category: null,
    status: "'open'",
    priority: "'medium'",
    assigned_to: null,
    created_at: 'CURRENT_TIMESTAMP',
    updated_at: 'CURRENT_TIMESTAMP',
  },
  newsletter_subscriptions: {
    id: 'gen_random_uuid()',
    email: null,
    is_active: 'true',
    created_at: 'CURRENT_TIMESTAMP',
  },
  contact_messages: {
    id: 'gen_random_uuid()',
    name: null,
    email: null,
    subject: null,
    message: null,
    status: "'new'",
    created_at: 'CURRENT_TIMESTAMP',
  },
  payment_methods: {
    id: 'gen_random_uuid()',
    user_id: null,
    type: null,
    upi_id: null,
    paypal_email: null,
    account_holder_name: null,
    account_number: null,
    ifsc_code: null,
    is_default: 'false',
    created_at: 'CURRENT_TIMESTAMP',
    updated_at: 'CURRENT_TIMESTAMP',
  },
  withdrawal_requests: {
    id: 'gen_random_uuid()',
    user_id: null,
    payment_method_id: null,
    amount: null,
    status: "'pending'",
    admin_notes: null,
    processed_by: null,
    processed_at: null,
    created_at: 'CURRENT_TIMESTAMP',
    updated_at: 'CURRENT_TIMESTAMP',
  },
  payment_transactions: {
    id: 'gen_random_uuid()',
    user_id: null,
    type: "'recharge'",
    order_id: null,
    gateway_order_id: null,
    amount: null,
    customer_mobile: null,
    payment_url: null,
    status: "'pending'",
    utr: null,
    remark1: null,
    remark2: null,
    redirect_url: null,
    release_id: null,
    completed_at: null,
    created_at: 'CURRENT_TIMESTAMP',
    updated_at: 'CURRENT_TIMESTAMP',
  },
  platform_settings: {
    id: 'gen_random_uuid()',
    setting_key: null,
    setting_value: null,
    updated_by: null,
    updated_at: 'CURRENT_TIMESTAMP',
  },
  events: {
    id: 'nextval',
    type: null,
    aggregate_type: null,
    aggregate_id: null,
    actor_id: null,
    payload: "'{}'",
    occurred_at: 'CURRENT_TIMESTAMP',
    position: null,
    published_at: null,
  },
  processed_events: { group_name: null, event_id: null, processed_at: 'CURRENT_TIMESTAMP' },
  consumer_positions: {
    group_name: null,
    stream: "'events'",
    position: '0',
    updated_at: 'CURRENT_TIMESTAMP',
  },
};

const moneyColumns = [
  ['users', 'coins'],
  ['royalties', 'amount'],
  ['withdrawal_requests', 'amount'],
  ['payment_transactions', 'amount'],
] as const;

const server = inject('databaseServerUrl');

describe.skipIf(!server)('migrations on PostgreSQL', () => {
  const name = uniqueName('riffline_migrate');
  let db: Db;

  beforeAll(async () => {
    const url = await createDatabase(server!, name);
    db = connect(loadConfig({ NODE_ENV: 'test', DATABASE_URL: url }));
  });

  afterAll(async () => {
    await db?.destroy();
    await dropDatabase(server!, name);
  });

  async function publicTables(): Promise<string[]> {
    const rows: Array<{ tableName: string }> = await db('information_schema.tables')
      .select('table_name')
      .where({ table_schema: 'public' })
      .orderBy('table_name');
    return rows.map((r) => r.tableName);
  }

  it('go up on an empty database and create every SPEC §3 column with its default', async () => {
    expect(await publicTables()).toEqual([]);
    expect(await migrateLatest(db)).toEqual([
      '20261122000100_entities',
      '20261122000200_events',
      '20261122000300_identity',
      '20261123000100_email_verification',
      '20261123000200_releases_media',
      '20261123000300_payments',
      '20261123000400_failed_events',
      '20261123000500_list_indexes',
      '20261123000600_reports',
      '20261123000700_mail_delivery',
      '20261123000800_exports',
      '20261123000900_admin_money_lists',
      '20261123001000_contact_replies',
      '20261123001100_ticket_messages',
      '20261123001300_outbox_notify',
      '20261126000100_application_rejection_reason',
      '20261126000200_event_log_state',
      '20261126000300_platform_stats',
      '20261127000100_report_rows_keys',
      '20261127000200_analytics_statement_keys',
      '20261127000300_application_counts',
      '20261127000400_analytics_keys_one_pass',
      '20261128000100_report_line_blocks',
      '20261129000100_analytics_report_ids',
      '20261130000100_kept_lines_in_blocks',
      '20261201001100_withdrawal_payment_reference',
      '20261201001200_admin_alerts',
    ]);
    expect((await migrationStatus(db)).pending).toEqual([]);

    const columns: Array<{ tableName: string; columnName: string; columnDefault: string | null }> = await db(
      'information_schema.columns',
    )
      .select('table_name', 'column_name', 'column_default')
      .where({ table_schema: 'public' });
    for (const [table, expected] of Object.entries(spec)) {
      const actual = new Map(
        columns.filter((c) => c.tableName === table).map((c) => [c.columnName, c.columnDefault]),
      );
      expect([...actual.keys()].sort(), `columns of ${table}`).toEqual(
        expect.arrayContaining(Object.keys(expected).sort()),
      );
      for (const [column, defaultValue] of Object.entries(expected)) {
        const actualDefault = actual.get(column) ?? null;
        if (defaultValue === null) expect(actualDefault, `${table}.${column} default`).toBeNull();
        else expect(actualDefault, `${table}.${column} default`).toContain(defaultValue);
      }
    }
  });

  it('stores money as decimal(10,2)', async () => {
    for (const [table, column] of moneyColumns) {
      const row = await db('information_schema.columns')
        .first('data_type', 'numeric_precision', 'numeric_scale')
        .where({ table_schema: 'public', table_name: table, column_name: column });
      expect(row, `${table}.${column}`).toEqual({
        dataType: 'numeric',
        numericPrecision: 10,
        numericScale: 2,
      });
    }
  });

  it('seeds the platform settings: the two growth badges and the distribution fee', async () => {
    const rows = await db('platform_settings').select('setting_key', 'setting_value').orderBy('setting_key');
    expect(rows).toEqual([
      { settingKey: 'distribution_fee_coins', settingValue: '0' },
      { settingKey: 'earnings_growth_percentage', settingValue: '8.2' },
      { settingKey: 'streams_growth_percentage', settingValue: '12.5' },
    ]);
  });

  it('go down to an empty schema and up again', async () => {
    await migrateDownAll(db);
    expect(await publicTables()).toEqual(['knex_migrations', 'knex_migrations_lock']);
    const sequences = await db('information_schema.sequences').where({ sequence_schema: 'public' });
    expect(sequences.filter((s: { sequenceName: string }) => !s.sequenceName.startsWith('knex_'))).toEqual(
      [],
    );
    await migrateLatest(db);
    expect(await publicTables()).toContain('withdrawal_requests');
  });

  it("keeps a completed payout's reference, and an admin's alerts toggle on by default (20261201001100, …1200)", async () => {
    const artist = await buildArtist(db);
    await downThrough(db, '20261201001100_withdrawal_payment_reference');
    const [request] = await db('withdrawal_requests')
      .insert({ userId: artist.id, amount: '20.00', status: 'completed' })
      .returning('id');
    await db('notification_settings').insert({ userId: artist.id });
    await migrateLatest(db);
    expect(await db('withdrawal_requests').where({ id: request.id }).first()).toMatchObject({
      paymentReference: null,
    });
    expect(await db('notification_settings').where({ userId: artist.id }).first()).toMatchObject({
      adminAlerts: true,
    });
    await db('withdrawal_requests').where({ id: request.id }).update({ paymentReference: '412345678901' });
    await expect(
      db('withdrawal_requests')
        .where({ id: request.id })
        .update({ paymentReference: 'x'.repeat(101) }),
    ).rejects.toThrow(/withdrawal_requests_payment_reference_length/);
    await expect(
      db('withdrawal_requests').where({ id: request.id }).update({ paymentReference: '' }),
    ).rejects.toThrow(/withdrawal_requests_payment_reference_length/);
    await downThrough(db, '20261201001100_withdrawal_payment_reference');
    expect(await db('withdrawal_requests').where({ id: request.id }).first()).not.toHaveProperty(
      'paymentReference',
    );
    await migrateLatest(db);
  });

  it("moves a report's lines into blocks of a thousand and back, nothing lost (20261128000100)", async () => {
    await movesLinesIntoBlocks(db);
  });

  it("keeps the range of each report's cells' ids, which finds them without the report_id index (20261129000100)", async () => {
    const artist = await buildArtist(db);
    const release = await buildRelease(db, { userId: artist.id });
    await downThrough(db, '20261129000100_analytics_report_ids');
    const report = async (name: string) =>
      (
        (await db('store_reports')
          .insert({ filename: name, fileKey: `reports/${name}`, contentHash: name.padEnd(64, 'x'), size: 1 })
          .returning('id')) as Array<{ id: string }>
      )[0]!.id;
    const [one, mixed, other, none] = [
      await report('one'),
      await report('mixed'),
      await report('other'),
      await report('none'),
    ];
    const cell = (id: string, reportId: string) => ({
      id,
      reportId,
      releaseId: release.id,
      userId: artist.id,
      platform: 'Spotify',
      date: '2026-10-01',
      streams: 1,
    });
    const prefix = '019ab000-0000-7000-8000-';
    await db('analytics').insert([
      cell(`${prefix}000000000001`, one),
      cell(`${prefix}000000000002`, one),
      cell('019ab000-0001-7000-8000-000000000001', mixed),
      cell('019ab000-0002-7000-8000-000000000001', mixed),
      cell(`${prefix}000000000003`, other),
    ]);
    await migrateLatest(db);
    const ids = async () =>
      Object.fromEntries(
        (await db('store_reports').whereIn('id', [one, mixed, other, none]).select('id', 'analyticsIds')).map(
          (r: { id: string; analyticsIds: string | null }) => [r.id, r.analyticsIds],
        ),
      );
    // One prefix (and only its report's cells in its range, the other report's left alone by the delete).
    expect(await ids()).toEqual({ [one]: prefix, [mixed]: null, [other]: prefix, [none]: '' });
    const indexes = await db('pg_indexes').where({ tablename: 'analytics' }).pluck('indexname');
    expect(indexes).not.toContain('analytics_report_index');
    const cellsOf = async (reportId: string) =>
      Number((await db('analytics').where({ reportId }).count({ n: '*' }))[0]!.n);
    await db('store_reports').where({ id: one }).delete();
    await db('store_reports').where({ id: mixed }).delete();
    expect([await cellsOf(one), await cellsOf(mixed), await cellsOf(other)]).toEqual([0, 0, 1]);
    await downThrough(db, '20261129000100_analytics_report_ids');
    expect(await db('pg_indexes').where({ tablename: 'analytics' }).pluck('indexname')).toContain(
      'analytics_report_index',
    );
    await migrateLatest(db);
  });
});

describe('migration 20261128000100 on PGlite (the embedded database of `make start`)', () => {
  it("moves a report's lines into blocks and back, nothing lost", async () => {
    const pglite = connect(loadConfig({ NODE_ENV: 'test' }), { pglite: 'memory' });
    try {
      await migrateLatest(pglite);
      await movesLinesIntoBlocks(pglite);
    } finally {
      await pglite.destroy();
    }
  });
});

/** Undoes migrations, the latest first, until `name` is undone too. */
async function downThrough(db: Db, name: string) {
  while ((await migrationStatus(db)).done.includes(name)) await migrateDownOne(db);
}

/**
 * A report's lines written before migration 20261128000100, moved into blocks by it (the kept ones whole by
 * 20261130000100), and back by their downs.
 */
async function movesLinesIntoBlocks(db: Db) {
  await downThrough(db, '20261128000100_report_line_blocks');
  const [report] = await db('store_reports')
    .insert({ filename: 'r.csv', fileKey: 'reports/r.csv', contentHash: 'h'.repeat(64), size: 1 })
    .returning('id');
  const reportId = (report as { id: string }).id;
  const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  // 2,500 lines numbered with gaps (records spanning lines), matched to a few tracks, some kept.
  const rows = Array.from({ length: 2_500 }, (_, i) => {
    const lineNumber = 2 + i + Math.floor(i / 7);
    const status = i % 11 === 3 ? 'unmatched' : i % 13 === 5 ? 'invalid' : 'matched';
    const valid = status !== 'invalid';
    const matched = status === 'matched';
    return {
      report_id: reportId,
      line_number: lineNumber,
      status,
      reason: matched ? null : `why ${lineNumber}`,
      period: valid ? '2026-10' : null,
      sale_date: valid ? '2026-10-0' + String(1 + (i % 9)) : null,
      store: valid ? `Store "${i % 5}"\t\\ ♫` : null,
      country: valid ? 'IN' : null,
      isrc: valid ? `QZABC26${String(i % 40).padStart(5, '0')}` : null,
      upc: i % 2 ? '036000291452' : null,
      sale_type: valid ? 'stream' : null,
      units: valid ? i * 1_000_003 : null,
      net_revenue: valid ? `${i}.12345678` : null,
      currency: valid ? 'INR' : null,
      rate_per_usd: valid ? '83.12' : null,
      revenue_usd: matched ? `${i % 97}.00000001` : null,
      listeners: i % 3 ? null : i,
      track_id: matched ? (i % 4 ? uuid(i % 4) : null) : null,
      release_id: matched ? uuid(100 + (i % 3)) : null,
      user_id: matched ? `usr_${i % 2}` : null,
      royalty_id: matched ? uuid(200 + (i % 6)) : null,
      fields: matched ? null : JSON.stringify({ units: String(i) }),
    };
  });
  await db.batchInsert('store_report_lines', rows, 500);
  const before = await db('store_report_lines').where({ reportId }).orderBy('lineNumber');

  await migrateLatest(db);
  expect(await db.schema.hasTable('store_report_lines')).toBe(false);
  const blocks = await db('store_report_line_blocks').where({ reportId }).orderBy('block');
  const counts = ['records', 'matched', 'unmatched', 'invalid'] as const;
  expect(
    blocks.map((b: Record<string, number>) => [b.block, ...counts.flatMap((c) => [b[`${c}Before`], b[c]])]),
  ).toEqual(
    [0, 1, 2].map((block) => {
      const inBlock = before.slice(block * 1000, (block + 1) * 1000);
      const earlier = before.slice(0, block * 1000);
      const count = (rows: Array<{ status: string }>, c: string) =>
        c === 'records' ? rows.length : rows.filter((r) => r.status === c).length;
      return [block, ...counts.flatMap((c) => [count(earlier, c), count(inBlock, c)])];
    }),
  );
  const { total, rows: lines } = await storeReportLinesPage(db, reportId, {
    order: 'asc',
    offset: 0,
    limit: 5_000,
  });
  expect(total).toBe(2_500);
  expect(lines).toEqual(
    before.map((r: Record<string, unknown>) => ({
      ...r,
      units: r.units === null ? null : Number(r.units),
      listeners: r.listeners === null ? null : Number(r.listeners),
      // PGlite reads a date as a Date at UTC midnight; the lines give it as text.
      saleDate: r.saleDate instanceof Date ? r.saleDate.toISOString().slice(0, 10) : r.saleDate,
    })),
  );

  const unmatched = await storeReportLinesPage(db, reportId, {
    status: 'unmatched',
    order: 'desc',
    offset: 3,
    limit: 100,
  });
  const unmatchedBefore = lines.filter((l) => l.status === 'unmatched').reverse();
  expect(unmatched.total).toBe(unmatchedBefore.length);
  expect(unmatched.rows).toEqual(unmatchedBefore.slice(3, 103));

  await downThrough(db, '20261128000100_report_line_blocks');
  expect(await db('store_report_lines').where({ reportId }).orderBy('lineNumber')).toEqual(before);
  await migrateLatest(db);
}
