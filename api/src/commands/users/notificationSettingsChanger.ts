import type { NotificationSettingsBody, NotificationSettingsResponse } from '@riffline/contracts';
import { appendEvent, changeNotificationSettings, type Db, type User } from '@riffline/db';
import { AuthorizationError } from '../../errors.ts';
import { presentNotificationSettings } from '../../presenters/notificationSettings.ts';

const toggles = ['emailNotifications', 'royaltyUpdates', 'marketing', 'adminAlerts'] as const;

/**
 * A user turns notification emails on or off (the Settings page); `user.notificationSettingsChanged` only
 * when something changed. The notifications worker reads the stored toggles when it handles an event.
 * `adminAlerts` (new applications and tickets) is an admin's toggle: an artist cannot set it.
 */
export async function changeNotifications(
  db: Db,
  user: User,
  changes: NotificationSettingsBody,
): Promise<NotificationSettingsResponse> {
  if (changes.adminAlerts !== undefined && user.role !== 'admin') {
    throw AuthorizationError('Only admins can change adminAlerts');
  }
  return db.transaction(async (trx) => {
    const { before, after } = await changeNotificationSettings(trx, user.id, changes);
    const changed = toggles.filter((toggle) => before[toggle] !== after[toggle]);
    const settings = presentNotificationSettings(after, user);
    if (changed.length) {
      await appendEvent(trx, {
        type: 'user.notificationSettingsChanged',
        aggregateId: user.id,
        actorId: user.id,
        payload: { ...settings, changed },
      });
    }
    return settings;
  });
}
