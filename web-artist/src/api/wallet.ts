import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  CoinsResponse,
  CreateOrderResponse,
  PaymentMethodBody,
  PaymentMethodResponse,
  TransactionResponse,
  VerifyOrderResponse,
  WithdrawalResponse,
} from '@riffline/contracts';
import { api } from './client.ts';

export type Transaction = TransactionResponse;
export type PaymentMethod = PaymentMethodResponse;
export type Withdrawal = WithdrawalResponse;

/** Only requested for approved users (SPEC §4). */
export const coinsQuery = queryOptions({
  queryKey: ['user', 'coins'],
  queryFn: () => api<CoinsResponse>('/api/user/coins'),
});

/** Recharges and distribution fees, newest first. */
export const transactionsQuery = queryOptions({
  queryKey: ['payment', 'transactions'],
  queryFn: () => api<Transaction[]>('/api/payment/transactions'),
});

/** A pending recharge and the gateway's page to pay it on (opened in a new window). */
export const createOrder = (body: { amount: string; customerMobile?: string }) =>
  api<z.infer<typeof CreateOrderResponse>>('/api/payment/create-order', { method: 'POST', body });

export const verifyOrder = (orderId: string) =>
  api<VerifyOrderResponse>(`/api/payment/verify/${encodeURIComponent(orderId)}`, { method: 'POST' });

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

/** The artist's payout requests, newest first. */
export const withdrawalsQuery = queryOptions({
  queryKey: ['withdrawal-requests'],
  queryFn: () => api<Withdrawal[]>('/api/withdrawal-requests'),
});

/** A payout request: the amount in USD (SPEC §5: converted from the artist's currency before sending). */
export const requestWithdrawal = (body: { paymentMethodId: string; amount: string }) =>
  api<Withdrawal>('/api/withdrawal-requests', { method: 'POST', body: { ...body, status: 'pending' } });
