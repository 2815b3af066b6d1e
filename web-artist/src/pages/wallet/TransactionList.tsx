import { Box, Button, Chip, Paper, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { TransactionStatus } from '@riffline/contracts';
import { formatCoins } from '@riffline/contracts';
import { transactionsQuery, type Transaction } from '../../api/wallet.ts';
import { Spinner } from '../../components/Page/Spinner.tsx';
import { LoadFailed } from '../../components/Page/LoadFailed.tsx';
import { useVerifyOrder } from './useVerifyOrder.ts';

const statusChips: Record<
  TransactionStatus,
  { label: string; color: 'warning' | 'success' | 'error' | 'default' }
> = {
  pending: { label: 'Pending', color: 'warning' },
  completed: { label: 'Completed', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
  expired: { label: 'Expired', color: 'default' },
};

const typeLabels = { recharge: 'Coin top-up', distribution_fee: 'Distribution fee' } as const;

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function TransactionRow({ transaction: t }: { transaction: Transaction }) {
  const verify = useVerifyOrder();
  const chip = statusChips[t.status];
  // Only settled money moves the balance: a failed or expired top-up shows its amount without a sign.
  const sign = t.status !== 'completed' ? '' : t.type === 'recharge' ? '+' : '−';
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-label={`${typeLabels[t.type]} ${t.orderId}`}
      data-testid="transaction"
      sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
    >
      <Box sx={{ flex: 1, minWidth: 180 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 700 }}>{typeLabels[t.type]}</Typography>
          <Chip size="small" label={chip.label} color={chip.color} sx={{ fontWeight: 700 }} />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {when(t.createdAt)} · Order {t.orderId}
          {t.utr ? ` · UTR ${t.utr}` : ''}
        </Typography>
        {t.status === 'failed' && t.message && (
          <Typography variant="body2" color="error" sx={{ mt: 0.5 }}>
            {t.message}
          </Typography>
        )}
      </Box>
      <Typography sx={{ fontWeight: 800, whiteSpace: 'nowrap' }}>
        {sign}
        {formatCoins(t.amount)} coins
      </Typography>
      {t.status === 'pending' && (
        <Box sx={{ display: 'flex', gap: 1 }}>
          {/* The gateway's page in this tab: it sends the artist back to the wallet, which verifies. */}
          {t.paymentUrl && <Button href={t.paymentUrl}>Pay</Button>}
          <Button
            variant="contained"
            onClick={() => verify.mutate(t.orderId)}
            disabled={verify.isPending}
            aria-label={`Verify order ${t.orderId}`}
          >
            {verify.isPending ? 'Verifying…' : 'Verify'}
          </Button>
        </Box>
      )}
    </Paper>
  );
}

/** The wallet's history: recharges and distribution fees, newest first, Verify on pending rows. */
export function TransactionList() {
  const transactions = useQuery(transactionsQuery);
  if (transactions.isPending) return <Spinner label="Loading transactions" />;
  if (transactions.error)
    return (
      <LoadFailed onRetry={() => void transactions.refetch()}>
        Your transactions could not be loaded.
      </LoadFailed>
    );
  if (transactions.data.length === 0)
    return <Typography color="text.secondary">No transactions yet: your top-ups show here.</Typography>;
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
      {transactions.data.map((t) => (
        <TransactionRow key={t.id} transaction={t} />
      ))}
    </Box>
  );
}
