import type { z } from 'zod';
import type { NewsletterSubscriptionResponse } from '@riffline/contracts';
import { api } from './client.ts';

export const subscribeNewsletter = (email: string) =>
  api<z.infer<typeof NewsletterSubscriptionResponse>>('/api/newsletter', { method: 'POST', body: { email } });
