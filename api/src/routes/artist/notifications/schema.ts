import { NotificationSettingsBody } from '@riffline/contracts';
import { z } from 'zod';

export const UpdateNotificationsSchema = z.object({ body: NotificationSettingsBody });
export type UpdateNotificationsInput = z.infer<typeof UpdateNotificationsSchema>;
