import type { Knex } from 'knex';
import { isEmbedded } from './connection.ts';
import * as entities from './migrations/20261122000100_entities.ts';
import * as events from './migrations/20261122000200_events.ts';
import * as identity from './migrations/20261122000300_identity.ts';
import * as emailVerification from './migrations/20261123000100_email_verification.ts';
import * as releasesMedia from './migrations/20261123000200_releases_media.ts';
import * as payments from './migrations/20261123000300_payments.ts';
import * as failedEvents from './migrations/20261123000400_failed_events.ts';
import * as listIndexes from './migrations/20261123000500_list_indexes.ts';
import * as reports from './migrations/20261123000600_reports.ts';
import * as mailDelivery from './migrations/20261123000700_mail_delivery.ts';
import * as exportJobs from './migrations/20261123000800_exports.ts';
import * as adminMoneyLists from './migrations/20261123000900_admin_money_lists.ts';
import * as contactReplies from './migrations/20261123001000_contact_replies.ts';
import * as ticketMessages from './migrations/20261123001100_ticket_messages.ts';
import * as outboxNotify from './migrations/20261123001300_outbox_notify.ts';
import * as applicationRejectionReason from './migrations/20261126000100_application_rejection_reason.ts';
import * as eventLogState from './migrations/20261126000200_event_log_state.ts';
import * as platformStats from './migrations/20261126000300_platform_stats.ts';
import * as reportRowsKeys from './migrations/20261127000100_report_rows_keys.ts';
import * as analyticsStatementKeys from './migrations/20261127000200_analytics_statement_keys.ts';
import * as applicationCounts from './migrations/20261127000300_application_counts.ts';
import * as analyticsKeysOnePass from './migrations/20261127000400_analytics_keys_one_pass.ts';
import * as reportLineBlocks from './migrations/20261128000100_report_line_blocks.ts';
import * as analyticsReportIds from './migrations/20261129000100_analytics_report_ids.ts';
import * as keptLinesInBlocks from './migrations/20261130000100_kept_lines_in_blocks.ts';
import * as withdrawalPaymentReference from './migrations/20261201001100_withdrawal_payment_reference.ts';
import * as adminAlerts from './migrations/20261201001200_admin_alerts.ts';
import * as storeReportsRebuilt from './migrations/20261206000100_store_reports_rebuilt.ts';
import * as splits from './migrations/20261207000100_splits.ts';
import * as secondFactor from './migrations/20261207000200_second_factor.ts';
import * as payeeInvites from './migrations/20261207000300_payee_invites.ts';
import * as releaseExpenses from './migrations/20261207000400_release_expenses.ts';
import * as requireAdminSecondFactor from './migrations/20261208000100_require_admin_second_factor.ts';
import * as trackSplits from './migrations/20261208000200_track_splits.ts';
import * as storeTargets from './migrations/20261209000100_store_targets.ts';
import * as deliveryAcknowledgements from './migrations/20261209000200_delivery_acknowledgements.ts';
import * as releaseChanges from './migrations/20261210000100_release_changes.ts';
import * as releaseCorrections from './migrations/20261210000200_release_corrections.ts';
import * as storeProfileDefault from './migrations/20261210000300_store_profile_default.ts';
import * as smartlinks from './migrations/20261211000100_smartlinks.ts';
import * as mailListUnsubscribe from './migrations/20261212000100_mail_list_unsubscribe.ts';
import * as withdrawnCorrections from './migrations/20261212000200_withdrawn_corrections.ts';

interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

// Listed here rather than read from disk, so the same list works under tsx, vitest and a bundle.
const migrations: Record<string, Migration> = {
  '20261122000100_entities': entities,
  '20261122000200_events': events,
  '20261122000300_identity': identity,
  '20261123000100_email_verification': emailVerification,
  '20261123000200_releases_media': releasesMedia,
  '20261123000300_payments': payments,
  '20261123000400_failed_events': failedEvents,
  '20261123000500_list_indexes': listIndexes,
  '20261123000600_reports': reports,
  '20261123000700_mail_delivery': mailDelivery,
  '20261123000800_exports': exportJobs,
  '20261123000900_admin_money_lists': adminMoneyLists,
  '20261123001000_contact_replies': contactReplies,
  '20261123001100_ticket_messages': ticketMessages,
  '20261123001300_outbox_notify': outboxNotify,
  '20261126000100_application_rejection_reason': applicationRejectionReason,
  '20261126000200_event_log_state': eventLogState,
  '20261126000300_platform_stats': platformStats,
  '20261127000100_report_rows_keys': reportRowsKeys,
  '20261127000200_analytics_statement_keys': analyticsStatementKeys,
  '20261127000300_application_counts': applicationCounts,
  '20261127000400_analytics_keys_one_pass': analyticsKeysOnePass,
  '20261128000100_report_line_blocks': reportLineBlocks,
  '20261129000100_analytics_report_ids': analyticsReportIds,
  '20261130000100_kept_lines_in_blocks': keptLinesInBlocks,
  '20261201001100_withdrawal_payment_reference': withdrawalPaymentReference,
  '20261201001200_admin_alerts': adminAlerts,
  '20261206000100_store_reports_rebuilt': storeReportsRebuilt,
  '20261207000100_splits': splits,
  '20261207000200_second_factor': secondFactor,
  '20261207000300_payee_invites': payeeInvites,
  '20261207000400_release_expenses': releaseExpenses,
  '20261208000100_require_admin_second_factor': requireAdminSecondFactor,
  '20261208000200_track_splits': trackSplits,
  '20261209000100_store_targets': storeTargets,
  '20261209000200_delivery_acknowledgements': deliveryAcknowledgements,
  '20261210000100_release_changes': releaseChanges,
  '20261210000200_release_corrections': releaseCorrections,
  '20261210000300_store_profile_default': storeProfileDefault,
  '20261211000100_smartlinks': smartlinks,
  '20261212000100_mail_list_unsubscribe': mailListUnsubscribe,
  '20261212000200_withdrawn_corrections': withdrawnCorrections,
};

const source: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations).sort(),
  getMigrationName: (name) => name,
  getMigration: async (name) => migrations[name]!,
};

const options: Knex.MigratorConfig = { migrationSource: source, tableName: 'knex_migrations' };

/** The advisory lock the migrations run under (its number is ours alone, beside the relay's and imports'). */
const MIGRATION_LOCK = 7_245_010;

/**
 * Brings the schema up to date; returns the names of the migrations it ran. Processes starting together
 * on one PostgreSQL database (two API replicas) take turns: knex alone lets them race to create its own
 * tables and fails the one that finds its lock taken. The lock is held on a connection of its own, outside
 * the pool the migrations use; PGlite is one process's alone.
 */
export async function migrateLatest(db: Knex): Promise<string[]> {
  const latest = async () => ((await db.migrate.latest(options)) as [number, string[]])[1];
  if (isEmbedded(db)) return latest();
  const holder = (await db.client.acquireRawConnection()) as {
    query(sql: string, values: unknown[]): Promise<unknown>;
  };
  try {
    await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    return await latest();
  } finally {
    // Closing the connection releases the lock.
    await db.client.destroyRawConnection(holder);
  }
}

/** Rolls every migration back, leaving only knex's own bookkeeping tables. */
export async function migrateDownAll(db: Knex): Promise<void> {
  await db.migrate.rollback(options, true);
}

/** Rolls the latest migration back (a test of what it converts). */
export async function migrateDownOne(db: Knex): Promise<void> {
  await db.migrate.down(options);
}

export async function migrationStatus(db: Knex): Promise<{ done: string[]; pending: string[] }> {
  const [done, pending] = (await db.migrate.list(options)) as [Array<{ name: string }>, Array<string>];
  return { done: done.map((m) => m.name), pending: pending.map(String) };
}
