import { queryOptions } from '@tanstack/react-query';
import type { WithdrawalRequestResponse } from '@riffline/contracts';
import { api } from './client.ts';

export type WithdrawalRequest = WithdrawalRequestResponse;

/** The artist's payout requests, newest first. */
export const withdrawalRequestsQuery = queryOptions({
  queryKey: ['withdrawal-requests'],
  queryFn: () => api<WithdrawalRequest[]>('/api/withdrawal-requests'),
});

/** A payout request: the amount in USD (SPEC §5: converted from the artist's currency before sending). */
export const submitWithdrawalRequest = (body: { paymentMethodId: string; amount: string }) =>
  api<WithdrawalRequest>('/api/withdrawal-requests', {
    method: 'POST',
    body: { ...body, status: 'pending' },
  });
