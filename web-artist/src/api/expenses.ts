import { queryOptions } from '@tanstack/react-query';
import type { ExpensesResponse } from '@riffline/contracts';
import { api } from './client.ts';
import { RELEASES_KEY } from './releases.ts';

export type Expenses = ExpensesResponse;

/** A release's expenses in the order they are repaid, with what is left to recoup (under the release's key). */
export const releaseExpensesQuery = (releaseId: string) =>
  queryOptions({
    queryKey: [...RELEASES_KEY, releaseId, 'expenses'],
    queryFn: () => api<Expenses>(`/api/releases/${releaseId}/expenses`),
  });

/** Records an expense paid by the owner (`'owner'`) or a payee of the split; 400 carries the server's reason. */
export const createExpense = (
  releaseId: string,
  body: { amountUsd: string; paidBy: string; note?: string },
) => api<Expenses>(`/api/releases/${releaseId}/expenses`, { method: 'POST', body });

/** Deletes an expense nothing was repaid on (409 otherwise). */
export const deleteExpense = (releaseId: string, expenseId: string) =>
  api<Expenses>(`/api/releases/${releaseId}/expenses/${expenseId}`, { method: 'DELETE' });
