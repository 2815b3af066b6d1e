import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { transactionsQuery, type Transaction } from '../../api/wallet.ts';
import { showVerifyAnswer } from './useVerifyOrder.ts';

const row = (status: Transaction['status'], message: string | null = null): Transaction => ({
  id: 't1',
  type: 'recharge',
  orderId: 'RFL1',
  amount: '12.00',
  status,
  paymentUrl: null,
  utr: null,
  message,
  releaseId: null,
  completedAt: null,
  createdAt: '2026-12-01T10:00:00.000Z',
});

afterEach(() => vi.unstubAllGlobals());

describe('showVerifyAnswer', () => {
  it('is not undone by a first read of the history that was asked before the answer', async () => {
    // The wallet opened from the gateway: its first read of the history leaves before verify settles the
    // order and answers after it, still saying pending; the next read says failed.
    let answerFirstRead: (body: Transaction[]) => void = () => undefined;
    const reads = [
      new Promise<Transaction[]>((resolve) => (answerFirstRead = resolve)),
      Promise.resolve([row('failed', 'The payment was declined')]),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        const body = await reads.shift()!;
        return new Response(JSON.stringify(body), { status: 200 });
      }),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const shown = new QueryObserver(queryClient, transactionsQuery);
    const seen: Array<Transaction[] | undefined> = [];
    const unsubscribe = shown.subscribe((result) => seen.push(result.data));

    const answered = showVerifyAnswer(queryClient, 'RFL1', {
      status: 'failed',
      coinsAdded: '0.00',
      message: 'The payment was declined',
    });
    answerFirstRead([row('pending')]);
    await answered;
    await vi.waitFor(() =>
      expect(shown.getCurrentResult().data).toEqual([row('failed', 'The payment was declined')]),
    );
    expect(seen.filter(Boolean).map((rows) => rows![0]!.status)).not.toContain('pending');
    unsubscribe();
  });
});
