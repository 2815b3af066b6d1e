import { z } from 'zod';

/**
 * The Settings page's notification toggles (SPEC §2), stored per user and respected by the notifications
 * worker: `emailNotifications` covers email about the account's activity (releases, payouts, payments),
 * `royaltyUpdates` the email when royalties are credited, `marketing` news and offers. Admins have one
 * more, `adminAlerts`: email about each new application and each new support ticket (on by default).
 */
export const NotificationSettingsResponse = z.object({
  emailNotifications: z.boolean(),
  royaltyUpdates: z.boolean(),
  marketing: z.boolean(),
  adminAlerts: z.boolean().optional().describe('admins only'),
});
export type NotificationSettingsResponse = z.infer<typeof NotificationSettingsResponse>;

const toggle = (label: string) => z.boolean({ error: `${label} must be true or false` }).optional();

/**
 * PATCH /api/user/notifications: the toggles to change (at least one); the others stay as they are.
 * `adminAlerts` is an admin's only (an artist sending it gets a 403).
 */
export const NotificationSettingsBody = z
  .strictObject(
    {
      emailNotifications: toggle('emailNotifications'),
      royaltyUpdates: toggle('royaltyUpdates'),
      marketing: toggle('marketing'),
      adminAlerts: toggle('adminAlerts'),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? 'Only emailNotifications, royaltyUpdates and marketing can be changed'
          : 'The settings must be a JSON object',
    },
  )
  .refine(
    (body) => Object.values(body).some((value) => value !== undefined),
    'Choose at least one of emailNotifications, royaltyUpdates and marketing',
  );
export type NotificationSettingsBody = z.infer<typeof NotificationSettingsBody>;
