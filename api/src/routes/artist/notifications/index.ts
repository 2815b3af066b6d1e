import { NotificationSettingsResponse } from '@riffline/contracts';
import { notificationSettingsOf } from '@riffline/db';
import { changeNotifications } from '../../../commands/users/notificationSettingsChanger.ts';
import { presentNotificationSettings } from '../../../presenters/notificationSettings.ts';
import { defineRoute, type Handler } from '../../route.ts';
import { UpdateNotificationsSchema, type UpdateNotificationsInput } from './schema.ts';

const tag = 'Settings';

const update: Handler<UpdateNotificationsInput> = (ctx, { db }) =>
  changeNotifications(db, ctx.state.user!, ctx.state.input.body);

/**
 * The Settings page's notification toggles. Settings is an approved artist's page (SPEC §2: /settings is in
 * the approved set only), so these routes are too; admins pass that gate as everywhere.
 */
export const notificationRoutes = [
  defineRoute({
    method: 'get',
    path: '/user/notifications',
    summary:
      "The notification toggles: account emails, royalty updates, marketing (and an admin's alerts of new applications and tickets)",
    tag,
    audience: 'approved',
    response: NotificationSettingsResponse,
    handler: async (ctx, { db }) =>
      presentNotificationSettings(await notificationSettingsOf(db, ctx.state.user!.id), ctx.state.user!),
  }),
  defineRoute({
    method: 'patch',
    path: '/user/notifications',
    summary: 'Turn notification emails on or off (only the toggles sent change; adminAlerts: admins only)',
    tag,
    audience: 'approved',
    request: UpdateNotificationsSchema,
    response: NotificationSettingsResponse,
    handler: update,
  }),
];
