import type { NotificationSettingsResponse } from '@riffline/contracts';
import type { NotificationSettings, User } from '@riffline/db';

/** The toggles a user has: `adminAlerts` is an admin's only. */
export function presentNotificationSettings(
  settings: NotificationSettings,
  user: Pick<User, 'role'>,
): NotificationSettingsResponse {
  const { adminAlerts, ...toggles } = settings;
  return user.role === 'admin' ? { ...toggles, adminAlerts } : toggles;
}
