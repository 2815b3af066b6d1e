import type { NotificationSettingsBody } from '@riffline/contracts';
import {
  appendEvent,
  changeNotificationSettings,
  type Db,
  type NotificationSettings,
  type User,
} from '@riffline/db';

const toggles = ['emailNotifications', 'royaltyUpdates', 'marketing'] as const;

/**
 * A user turns notification emails on or off (the Settings page); `user.notificationSettingsChanged` only
 * when something changed. The notifications worker reads the stored toggles when it handles an event.
 */
export async function changeNotifications(
  db: Db,
  user: User,
  changes: NotificationSettingsBody,
): Promise<NotificationSettings> {
  return db.transaction(async (trx) => {
    const { before, after } = await changeNotificationSettings(trx, user.id, changes);
    const changed = toggles.filter((toggle) => before[toggle] !== after[toggle]);
    if (changed.length) {
      await appendEvent(trx, {
        type: 'user.notificationSettingsChanged',
        aggregateId: user.id,
        actorId: user.id,
        payload: { ...after, changed },
      });
    }
    return after;
  });
}
