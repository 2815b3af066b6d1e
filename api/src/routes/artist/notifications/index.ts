import { NotificationSettingsResponse } from '@riffline/contracts';
import { notificationSettingsOf } from '@riffline/db';
import { changeNotifications } from '../../../commands/users/notificationSettingsChanger.ts';
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
    summary: 'The notification toggles: account emails, royalty updates, marketing',
    tag,
    audience: 'approved',
    response: NotificationSettingsResponse,
    handler: (ctx, { db }) => notificationSettingsOf(db, ctx.state.user!.id),
  }),
  defineRoute({
    method: 'patch',
    path: '/user/notifications',
    summary: 'Turn notification emails on or off (only the toggles sent change)',
    tag,
    audience: 'approved',
    request: UpdateNotificationsSchema,
    response: NotificationSettingsResponse,
    handler: update,
  }),
];
