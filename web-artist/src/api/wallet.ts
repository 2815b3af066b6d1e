import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  CoinsResponse,
  CreateOrderResponse,
  TransactionResponse,
  VerifyOrderResponse,
} from '@riffline/contracts';
import { api } from './client.ts';

export type Transaction = TransactionResponse;

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
