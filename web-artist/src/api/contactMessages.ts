import type { z } from 'zod';
import type { ContactMessageBody, ContactMessageResponse } from '@riffline/contracts';
import { api } from './client.ts';

export const sendContactMessage = (body: z.input<typeof ContactMessageBody>) =>
  api<z.infer<typeof ContactMessageResponse>>('/api/contact', { method: 'POST', body });
