import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { addAmounts, type VerifyOrderResponse } from '@riffline/contracts';
import { currentUserQuery } from '../../api/auth.ts';
import { coinsQuery, transactionsQuery, verifyOrder } from '../../api/wallet.ts';
import { useLoggedOutFlow } from '../../components/Auth/useLoggedOutFlow.ts';
import { useToast } from '../../components/Toast/Toast.tsx';

/**
 * Verify a top-up (POST /api/payment/verify/:orderId) and say how it stands in SPEC §8's toasts: the Verify
 * button of a pending row, and the wallet itself when the gateway sends the artist back to it.
 */
export function useVerifyOrder() {
  const toast = useToast();
  const loggedOut = useLoggedOutFlow();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => verifyOrder(orderId),
    onSuccess: async (result, orderId) => {
      await showVerifyAnswer(queryClient, orderId, result);
      if (result.status === 'completed') {
        toast({ title: 'Payment Successful', description: result.message });
      } else if (result.status === 'failed') {
        toast({
          title: 'Payment Failed',
          description: result.message || 'Payment verification failed.',
          variant: 'destructive',
        });
      } else if (result.status === 'pending') {
        toast({
          title: 'Payment Pending',
          description: 'Payment is still processing. Try again in a moment.',
        });
      } else {
        toast({ title: 'Payment Expired', description: result.message, variant: 'destructive' });
      }
    },
    onError: (error) => {
      if (loggedOut(error)) return;
      toast({
        title: 'Verification Error',
        description: 'Failed to verify payment.',
        variant: 'destructive',
      });
    },
  });
}

/**
 * The verify answer in the wallet at once: the order's row and, when completed, the balance; both are read
 * again behind it. A read still on its way was asked before the answer and would replace it (an
 * invalidation joins a first read rather than restarting it), so it is cancelled first.
 */
export async function showVerifyAnswer(
  queryClient: QueryClient,
  orderId: string,
  result: VerifyOrderResponse,
) {
  await Promise.all([
    queryClient.cancelQueries({ queryKey: transactionsQuery.queryKey }),
    queryClient.cancelQueries({ queryKey: coinsQuery.queryKey }),
  ]);
  queryClient.setQueryData(transactionsQuery.queryKey, (rows) =>
    rows?.map((t) =>
      t.orderId === orderId
        ? { ...t, status: result.status, message: result.status === 'failed' ? result.message : t.message }
        : t,
    ),
  );
  void queryClient.invalidateQueries({ queryKey: transactionsQuery.queryKey });
  if (result.status !== 'completed') return;
  queryClient.setQueryData(
    coinsQuery.queryKey,
    (coins) => coins && { ...coins, coins: addAmounts(coins.coins, result.coinsAdded) },
  );
  void queryClient.invalidateQueries({ queryKey: coinsQuery.queryKey });
  void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
}
