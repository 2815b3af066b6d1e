import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PaymentMethodBody, PaymentMethodResponse } from '@riffline/contracts';
import { api } from './client.ts';

export type PaymentMethod = PaymentMethodResponse;

/** Payout methods, the default first. */
export const paymentMethodsQuery = queryOptions({
  queryKey: ['payment-methods'],
  queryFn: () => api<PaymentMethod[]>('/api/payment-methods'),
});

export const addPaymentMethod = (body: z.input<typeof PaymentMethodBody>) =>
  api<PaymentMethod>('/api/payment-methods', { method: 'POST', body });

export const deletePaymentMethod = (id: string) =>
  api<void>(`/api/payment-methods/${id}`, { method: 'DELETE' });

export const setDefaultPaymentMethod = (id: string) =>
  api<PaymentMethod>(`/api/payment-methods/${id}/default`, { method: 'PATCH' });
