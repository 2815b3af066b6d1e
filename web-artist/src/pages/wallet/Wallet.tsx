import AddIcon from '@mui/icons-material/Add';
import LockIcon from '@mui/icons-material/Lock';
import MonetizationOnIcon from '@mui/icons-material/MonetizationOn';
import { Alert, Box, Button, Card, CardContent, Paper, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { convertAmount, formatCoins, formatMoney } from '@riffline/contracts';
import { hasArtistArea, useVisitor } from '../../api/auth.ts';
import { coinsQuery } from '../../api/wallet.ts';
import { ContinueWithButton } from '../../components/Auth/ContinueWithButton.tsx';
import { Page } from '../../components/Page/Page.tsx';
import { PageSpinner } from '../../components/Page/Spinner.tsx';
import { RechargeDialog } from './RechargeDialog.tsx';
import { TransactionList } from './TransactionList.tsx';
import { useVerifyOrder } from './useVerifyOrder.ts';
import { LoadFailed } from '../../components/Page/LoadFailed.tsx';

/** SPEC §2 Wallet: the text signed-out and not-yet-approved visitors see. */
export const WALLET_GATE = 'Please log in and get approved to access your wallet.';

function Balance({ onTopUp }: { onTopUp: () => void }) {
  const { user } = useVisitor();
  const currency = user?.preferredCurrency ?? 'USD';
  const coins = useQuery(coinsQuery);
  return (
    <Card component="section" aria-labelledby="balance-title">
      <CardContent
        sx={{ display: 'flex', gap: 3, alignItems: 'center', flexWrap: 'wrap', p: { xs: 2.5, md: 4 } }}
      >
        <MonetizationOnIcon sx={{ fontSize: 56, color: '#f59e0b' }} aria-hidden />
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography id="balance-title" color="text.secondary" sx={{ fontWeight: 600 }}>
            Coin Balance
          </Typography>
          {coins.isPending && <Skeleton variant="text" width={160} sx={{ fontSize: '2.4rem' }} />}
          {coins.error && (
            <LoadFailed onRetry={() => void coins.refetch()}>Your balance could not be loaded.</LoadFailed>
          )}
          {coins.data && (
            <>
              <Typography
                component="p"
                data-testid="coin-balance"
                sx={{ fontSize: '2.4rem', fontWeight: 800, lineHeight: 1.2 }}
              >
                {formatCoins(coins.data.coins)} coins
              </Typography>
              <Typography variant="body2" color="text.secondary" data-testid="coin-value">
                1 coin = 1 rupee
                {currency !== 'INR' &&
                  ` · worth about ${formatMoney(convertAmount(coins.data.coins, 'INR', currency), currency)}`}
              </Typography>
            </>
          )}
        </Box>
        <Button variant="contained" size="large" startIcon={<AddIcon />} onClick={onTopUp}>
          Top Up Coins
        </Button>
      </CardContent>
    </Card>
  );
}

/**
 * Back from the gateway's page (`/wallet?order=RFL…`, the order's return address): the order is verified
 * at once, with the toast the Verify button gives, and the address loses the order so a reload does not ask
 * again. A pending order keeps its Verify button in the history.
 */
function useVerifyOnReturn() {
  const [params, setParams] = useSearchParams();
  const verify = useVerifyOrder();
  const returned = params.get('order');
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (!returned || asked.current === returned) return;
    asked.current = returned;
    verify.mutate(returned);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('order');
        return next;
      },
      { replace: true },
    );
  }, [returned, verify, setParams]);
  return verify.isPending ? verify.variables : null;
}

function CoinWallet() {
  const [params, setParams] = useSearchParams();
  // `/wallet?recharge=1` (the dashboard's Top Up Coins) opens the dialog at once.
  const [recharging, setRecharging] = useState(params.get('recharge') === '1');
  const verifying = useVerifyOnReturn();
  return (
    <Page title="Coin Wallet" subtitle="Top up coins to pay distribution fees. 1 coin = 1 rupee.">
      <Box sx={{ display: 'grid', gap: 4 }}>
        <Balance onTopUp={() => setRecharging(true)} />
        {verifying && (
          <Alert severity="info" data-testid="verifying-order">
            Verifying order {verifying} with the payment gateway…
          </Alert>
        )}
        <Box component="section" aria-labelledby="history-title">
          <Typography variant="h3" component="h2" id="history-title" sx={{ mb: 2 }}>
            Transaction History
          </Typography>
          <TransactionList />
        </Box>
      </Box>
      <RechargeDialog
        open={recharging}
        onClose={() => {
          setRecharging(false);
          if (params.has('recharge')) setParams({}, { replace: true });
        }}
      />
    </Page>
  );
}

/** /wallet: the coin balance, top-ups through the payment gateway and their history (SPEC §2 Wallet). */
export default function Wallet() {
  const { state } = useVisitor();
  useEffect(() => {
    document.title = 'Coin Wallet · Riffline';
  }, []);
  if (state === 'loading') return <PageSpinner />;
  if (!hasArtistArea(state))
    return (
      <Page title="Coin Wallet">
        <Paper
          variant="outlined"
          sx={{ p: { xs: 3, md: 5 }, textAlign: 'center', maxWidth: 560, mx: 'auto' }}
        >
          <LockIcon color="primary" sx={{ fontSize: 48 }} aria-hidden />
          <Typography sx={{ mt: 1, mb: 3, fontSize: '1.1rem' }}>{WALLET_GATE}</Typography>
          {state === 'anonymous' && <ContinueWithButton returnTo="/wallet" />}
        </Paper>
      </Page>
    );
  return <CoinWallet />;
}
