import type { Db, DbTransaction } from '../connection.ts';

/** A user's notification toggles (the Settings page); a user who never changed one has the defaults. */
export interface NotificationSettings {
  /** Email about their account's activity: releases, payouts, payments. */
  emailNotifications: boolean;
  /** Email when new royalties are credited. */
  royaltyUpdates: boolean;
  /** News and offers from Riffline. */
  marketing: boolean;
}

export const defaultNotificationSettings: Readonly<NotificationSettings> = Object.freeze({
  emailNotifications: true,
  royaltyUpdates: true,
  marketing: false,
});

const fields = ['emailNotifications', 'royaltyUpdates', 'marketing'] as const;

const present = (row: Record<string, unknown> | undefined): NotificationSettings =>
  row
    ? {
        emailNotifications: Boolean(row.emailNotifications),
        royaltyUpdates: Boolean(row.royaltyUpdates),
        marketing: Boolean(row.marketing),
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
