import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, dropDatabase, uniqueName } from '#test/support/database.ts';
import { loadConfig } from './config.ts';
import { connect, type Db } from './connection.ts';
import { migrateDownAll, migrateDownOne, migrateLatest, migrationStatus } from './migrate.ts';
import { storeReportLinesPage } from './storeReports/queries.ts';
import { buildArtist, buildRelease, buildTrack } from '#test/support/factories.ts';

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
      '20261206000100_store_reports_rebuilt',
      '20261207000100_splits',
      '20261207000200_second_factor',
      '20261207000300_payee_invites',
      '20261207000400_release_expenses',
      '20261208000100_require_admin_second_factor',
      '20261208000200_track_splits',
      '20261209000100_store_targets',
      '20261209000200_delivery_acknowledgements',
      '20261210000100_release_changes',
      '20261210000200_release_corrections',
      '20261210000300_store_profile_default',
      '20261211000100_smartlinks',
      '20261212000100_mail_list_unsubscribe',
      '20261212000200_withdrawn_corrections',
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

  it("keeps a ledger amount's own scale, up to 8 decimals, within numeric(20,8)'s range (20261207000100)", async () => {
    const artist = await buildArtist(db);
    const row = { userId: artist.id, period: '2026-10' };
    const [cents, part] = await db('royalties')
      .insert([
        { ...row, amount: '12.34' },
        { ...row, amount: '6.17000001' },
      ])
      .returning(db.raw('amount::text as amount'));
    expect([cents.amount, part.amount]).toEqual(['12.34', '6.17000001']);
    for (const amount of ['0.000000001', '1000000000000'])
      await expect(db('royalties').insert({ ...row, amount })).rejects.toThrow(
        /royalties_amount_scale_check/,
      );
  });

  it("puts a split credit back whole in the owner's row on the way down (20261207000100)", async () => {
    const [owner, other] = [await buildArtist(db), await buildArtist(db)];
    const release = await buildRelease(db, { userId: owner.id });
    const [report] = await db('store_reports')
      .insert({ filename: 's.csv', fileKey: 'reports/s.csv', contentHash: 's'.repeat(64), size: 1 })
      .returning('id');
    const [split] = await db('splits')
      .insert({ releaseId: release.id, effectiveFrom: '2026-10', createdBy: owner.id })
      .returning('id');
    const payees = await db('payees')
      .insert([
        { ownerId: owner.id, userId: owner.id, status: 'owner' },
        { ownerId: owner.id, userId: other.id, email: 'b@example.test', status: 'accepted' },
        { ownerId: owner.id, email: 'c@example.test', status: 'invited' },
      ])
      .returning('id');
    const amounts = ['0.50000001', '0.29999999', '0.20000000'];
    await db('royalties').insert(
      payees.map((p: { id: string }, i: number) => ({
        reportId: report.id,
        releaseId: release.id,
        userId: [owner.id, other.id, null][i],
        payeeId: p.id,
        splitId: split.id,
        amount: amounts[i],
        period: '2026-10',
        grossUsd: '1.00000000',
        commissionPercent: '0',
        lines: 3,
      })),
    );
    await downThrough(db, '20261207000100_splits');
    expect(await db('royalties').where({ reportId: report.id }).select('userId', 'amount', 'lines')).toEqual([
      { userId: owner.id, amount: '1.00', lines: 3 },
    ]);
    await migrateLatest(db);
  });

  it("sums a track's own rows into the release's on the way down (20261208000200)", async () => {
    const owner = await buildArtist(db);
    const release = await buildRelease(db, { userId: owner.id });
    const [one, two] = [
      await buildTrack(db, { releaseId: release.id, trackNumber: 1 }),
      await buildTrack(db, { releaseId: release.id, trackNumber: 2 }),
    ];
    const [report] = await db('store_reports')
      .insert({ filename: 't.csv', fileKey: 'reports/t.csv', contentHash: 't'.repeat(64), size: 1 })
      .returning('id');
    const row = { reportId: report.id, releaseId: release.id, userId: owner.id, period: '2026-10' };
    await db('royalties').insert([
      { ...row, amount: '1.25', grossUsd: '1.50000000', commissionPercent: '15', lines: 3 },
      { ...row, trackId: one!.id, amount: '2.00', grossUsd: '2.40000000', commissionPercent: '15', lines: 2 },
      { ...row, trackId: two!.id, amount: '0.50', grossUsd: '0.60000000', commissionPercent: '15', lines: 1 },
      // A month with only a track's row: the release's row is made.
      {
        ...row,
        period: '2026-11',
        trackId: one!.id,
        amount: '4.00',
        grossUsd: '5.00000000',
        commissionPercent: '15',
        lines: 4,
      },
    ]);
    await downThrough(db, '20261208000200_track_splits');
    expect(
      await db('royalties')
        .where({ reportId: report.id })
        .orderBy('period')
        .select('period', db.raw('amount::text as amount'), db.raw('gross_usd::text as gross'), 'lines'),
    ).toEqual([
      { period: '2026-10', amount: '3.75', gross: '4.50000000', lines: 6 },
      { period: '2026-11', amount: '4.00', gross: '5.00000000', lines: 4 },
    ]);
    await migrateLatest(db);
  });

  it("seeds the platform settings: the two growth badges, the distribution fee and the admins' second factor", async () => {
    const rows = await db('platform_settings').select('setting_key', 'setting_value').orderBy('setting_key');
    expect(rows).toEqual([
      { settingKey: 'distribution_fee_coins', settingValue: '0' },
      { settingKey: 'earnings_growth_percentage', settingValue: '8.2' },
      { settingKey: 'require_admin_second_factor', settingValue: 'false' },
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

  it("moves a report's lines and cells into partitions with declared keys, and back, nothing lost (20261128000100 … 20261206000100)", async () => {
    await movesLinesIntoPartitions(db);
  });
});

describe.skipIf(!server)('two processes starting on one empty PostgreSQL database', () => {
  it('take turns: both come up, and every migration ran once', async () => {
    const name = uniqueName('riffline_migrate_race');
    const url = await createDatabase(server!, name);
    // Two connections as two API replicas have: pools of their own.
    const [first, second] = [1, 2].map(() => connect(loadConfig({ NODE_ENV: 'test', DATABASE_URL: url })));
    try {
      const [a, b] = await Promise.all([migrateLatest(first!), migrateLatest(second!)]);
      const all = (await migrationStatus(first!)).done;
      expect([...a, ...b].sort()).toEqual(all);
      expect(Math.min(a.length, b.length)).toBe(0);
      expect((await migrationStatus(second!)).pending).toEqual([]);
    } finally {
      await Promise.all([first!.destroy(), second!.destroy()]);
      await dropDatabase(server!, name);
    }
  });
});

describe('the store-report migrations on PGlite (the embedded database of `make start`)', () => {
  // Every migration on PGlite (WebAssembly), slow beside the browser suites on 2 cores: the longer limit
  // ends a hang, it does not time the migrations.
  it("move a report's lines and cells into partitions and back, nothing lost", async () => {
    const pglite = connect(loadConfig({ NODE_ENV: 'test' }), { pglite: 'memory' });
    try {
      await migrateLatest(pglite);
      await movesLinesIntoPartitions(pglite);
    } finally {
      await pglite.destroy();
    }
  }, 240_000);
});

/** Undoes migrations, the latest first, until `name` is undone too. */
async function downThrough(db: Db, name: string) {
  while ((await migrationStatus(db)).done.includes(name)) await migrateDownOne(db);
}

/**
 * A report's lines and cells written before migration 20261128000100, moved into blocks by it (the kept
 * ones whole by 20261130000100), then into the report's partitions by 20261206000100, and back by their
 * downs: every line and cell as it was.
 */
async function movesLinesIntoPartitions(db: Db) {
  await downThrough(db, '20261128000100_report_line_blocks');
  const artists = [await buildArtist(db), await buildArtist(db)];
  const releases = await Promise.all([0, 1, 2].map((i) => buildRelease(db, { userId: artists[i % 2]!.id })));
  const tracks = await Promise.all([0, 1, 2].map((i) => buildTrack(db, { releaseId: releases[i]!.id })));
  const [report] = await db('store_reports')
    .insert({ filename: 'r.csv', fileKey: 'reports/r.csv', contentHash: 'h'.repeat(64), size: 1 })
    .returning('id');
  const reportId = (report as { id: string }).id;
  const royalties = (await db('royalties')
    .insert(
      releases.map((r, i) => ({
        userId: artists[i % 2]!.id,
        releaseId: r.id,
        amount: '1.00',
        period: '2026-10',
        reportId,
      })),
    )
    .returning('id')) as Array<{ id: string }>;
  // 2,500 lines numbered with gaps (records spanning lines), matched to the tracks or their release, some kept.
  const rows = Array.from({ length: 2_500 }, (_, i) => {
    const lineNumber = 2 + i + Math.floor(i / 7);
    const status = i % 11 === 3 ? 'unmatched' : i % 13 === 5 ? 'invalid' : 'matched';
    const valid = status !== 'invalid';
    const matched = status === 'matched';
    const r = i % 3;
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
      track_id: matched && i % 4 ? tracks[r]!.id : null,
      release_id: matched ? releases[r]!.id : null,
      user_id: matched ? artists[r % 2]!.id : null,
      royalty_id: matched ? royalties[r]!.id : null,
      fields: matched ? null : JSON.stringify({ units: String(i) }),
    };
  });
  await db.batchInsert('store_report_lines', rows, 500);
  const cells = Array.from({ length: 300 }, (_, i) => ({
    reportId,
    releaseId: releases[i % 3]!.id,
    userId: artists[(i % 3) % 2]!.id,
    trackId: i % 2 ? tracks[i % 3]!.id : null,
    platform: `Store ${i % 5}`,
    country: 'IN',
    date: `2026-10-${String(1 + (i % 28)).padStart(2, '0')}`,
    streams: i,
    revenueUsd: `${i}.00000001`,
  }));
  await db.batchInsert('analytics', cells, 100);
  const flatLines = () => db('store_report_lines').where({ reportId }).orderBy('lineNumber');
  const allCells = () =>
    db('analytics')
      .where({ reportId })
      .orderBy('streams')
      .select(
        'id',
        'releaseId',
        'userId',
        'trackId',
        'platform',
        db.raw('date::text as date'),
        'streams',
        'revenueUsd',
      );
  const before = await flatLines();
  const cellsBefore = await allCells();

  await migrateLatest(db);
  const { total, rows: lines } = await storeReportLinesPage(db, reportId, {
    order: 'asc',
    offset: 0,
    limit: 5_000,
  });
  expect(total).toBe(2_500);
  expect(
    lines.map((l) => [
      l.lineNumber,
      l.status,
      l.reason,
      l.startDate,
      l.store,
      l.units === null ? null : Number(l.units),
      l.netRevenue,
      l.revenueUsd,
      l.trackId,
      l.releaseId,
      l.userId,
      l.royaltyId,
      l.fields,
    ]),
  ).toEqual(
    before.map((r: Record<string, unknown>) => [
      r.lineNumber,
      r.status,
      r.reason,
      r.saleDate instanceof Date ? r.saleDate.toISOString().slice(0, 10) : r.saleDate,
      r.store,
      r.units === null ? null : Number(r.units),
      r.netRevenue,
      r.revenueUsd,
      r.trackId,
      r.releaseId,
      r.userId,
      r.royaltyId,
      r.fields,
    ]),
  );
  expect(await allCells()).toEqual(cellsBefore);
  const partitions = await db('pg_inherits')
    .join('pg_class', 'pg_class.oid', 'pg_inherits.inhrelid')
    .pluck('relname');
  const hex = reportId.replace(/-/g, '');
  expect(partitions).toEqual(expect.arrayContaining([`store_report_lines_${hex}`, `analytics_${hex}`]));

  await downThrough(db, '20261128000100_report_line_blocks');
  expect(await flatLines()).toEqual(before);
  expect(await allCells()).toEqual(cellsBefore);
  await migrateLatest(db);
}
