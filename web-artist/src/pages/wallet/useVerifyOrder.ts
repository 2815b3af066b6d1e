import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addAmounts } from '@riffline/contracts';
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
    onSuccess: (result, orderId) => {
      // The row says what the answer says at once; the history is read again behind it.
      queryClient.setQueryData(transactionsQuery.queryKey, (rows) =>
        rows?.map((t) =>
          t.orderId === orderId
            ? {
                ...t,
                status: result.status,
                message: result.status === 'failed' ? result.message : t.message,
              }
            : t,
        ),
      );
      void queryClient.invalidateQueries({ queryKey: transactionsQuery.queryKey });
      if (result.status === 'completed') {
        queryClient.setQueryData(
          coinsQuery.queryKey,
          (coins) => coins && { ...coins, coins: addAmounts(coins.coins, result.coinsAdded) },
        );
        void queryClient.invalidateQueries({ queryKey: coinsQuery.queryKey });
        void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
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
