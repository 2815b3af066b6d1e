import type { Db, DbTransaction } from '../connection.ts';

/** A user's notification toggles (the Settings page); a user who never changed one has the defaults. */
export interface NotificationSettings {
  /** Email about their account's activity: releases, payouts, payments. */
  emailNotifications: boolean;
  /** Email when new royalties are credited. */
  royaltyUpdates: boolean;
  /** News and offers from Riffline. */
  marketing: boolean;
  /** An admin's: email about each new application and each new support ticket. */
  adminAlerts: boolean;
}

export const defaultNotificationSettings: Readonly<NotificationSettings> = Object.freeze({
  emailNotifications: true,
  royaltyUpdates: true,
  marketing: false,
  adminAlerts: true,
});

const fields = ['emailNotifications', 'royaltyUpdates', 'marketing', 'adminAlerts'] as const;

const present = (row: Record<string, unknown> | undefined): NotificationSettings =>
  row
    ? {
        emailNotifications: Boolean(row.emailNotifications),
        royaltyUpdates: Boolean(row.royaltyUpdates),
        marketing: Boolean(row.marketing),
        adminAlerts: Boolean(row.adminAlerts),
      }
    : { ...defaultNotificationSettings };

/** The user's toggles (the defaults when they never changed one). */
export async function notificationSettingsOf(db: Db, userId: string): Promise<NotificationSettings> {
  return present(await db('notification_settings').where({ userId }).first());
}

/**
 * Changes the toggles named in `changes`, in the caller's transaction (a user's first change creates the
 * row, the defaults for the others); answers the settings before and after.
 */
export async function changeNotificationSettings(
  trx: DbTransaction,
  userId: string,
  changes: Partial<NotificationSettings>,
): Promise<{ before: NotificationSettings; after: NotificationSettings }> {
  if (!trx?.isTransaction) throw new Error('changeNotificationSettings must run inside a transaction');
  // The row first (with the defaults), then locked: two changes at once apply one after the other.
  await trx('notification_settings').insert({ userId }).onConflict('user_id').ignore();
  const before = present(await trx('notification_settings').where({ userId }).forUpdate().first());
  const after: NotificationSettings = { ...before };
  for (const field of fields) if (changes[field] !== undefined) after[field] = changes[field];
  await trx('notification_settings')
    .where({ userId })
    .update({ ...after, updatedAt: trx.fn.now() });
  return { before, after };
}

/** Who hears about each new application and support ticket: every admin with an address and the toggle on. */
export async function adminAlertRecipients(
  db: Db,
): Promise<Array<{ userId: string; email: string; firstName: string | null }>> {
  return db('users as u')
    .leftJoin('notification_settings as n', 'n.userId', 'u.id')
    .where('u.role', 'admin')
    .whereNotNull('u.email')
    .where((q) => q.whereNull('n.adminAlerts').orWhere('n.adminAlerts', true))
    .orderBy('u.id')
    .select('u.id as userId', 'u.email', 'u.firstName');
}
