import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import AttachMoneyIcon from '@mui/icons-material/AttachMoney';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import PaymentsIcon from '@mui/icons-material/Payments';
import { Box, Button, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { convertAmount, formatMoney, type Currency } from '@riffline/contracts';
import { royaltiesQuery } from '../../api/account.ts';
import { useVisitor } from '../../api/auth.ts';
import { ArtistArea } from '../../components/Auth/ArtistArea.tsx';
import { Page } from '../../components/Page/Page.tsx';
import { StatCard } from '../../components/Stats/StatCard.tsx';
import { RoyaltyHistory, WithdrawalHistory } from './RoyaltyLists.tsx';
import { Statements } from './Statements.tsx';
import { WithdrawalDialog } from './WithdrawalDialog.tsx';
import { minimumWithdrawal } from './withdrawalRequestRules.ts';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography variant="h3" component="h2" id={id} sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function RoyaltiesPage() {
  const { user } = useVisitor();
  const currency: Currency = user?.preferredCurrency ?? 'USD';
  const royalties = useQuery(royaltiesQuery);
  const [params, setParams] = useSearchParams();
  // `/royalties?withdraw=1` (the dashboard's Request Withdrawal) opens the dialog at once.
  const [withdrawing, setWithdrawing] = useState(params.get('withdraw') === '1');
  const money = (usd: string) => formatMoney(convertAmount(usd, 'USD', currency), currency);

  return (
    <Page
      title="Royalties"
      subtitle={`What your music has earned, in ${currency}. Withdraw from ${minimumWithdrawal(currency)}${currency === 'USD' ? '' : ' (20 USD)'}; payouts are sent within 24 hours of approval.`}
    >
      <Box sx={{ display: 'grid', gap: { xs: 4, md: 5 } }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
          <StatCard
            label="Total Earnings"
            testId="royalty-total"
            icon={<AttachMoneyIcon />}
            query={royalties}
            value={(r) => money(r.totalEarnings)}
            note="All time, after the platform's commission"
          />
          <StatCard
            label="This Month"
            testId="royalty-month"
            icon={<CalendarMonthIcon />}
            query={royalties}
            value={(r) => money(r.thisMonth)}
            note="From the reports that came in this calendar month"
          />
          <StatCard
            label="Available to Withdraw"
            testId="royalty-available"
            icon={<AccountBalanceWalletIcon />}
            query={royalties}
            value={(r) => money(r.availableToWithdraw)}
            note="Every credited amount, less payouts requested"
            action={
              <Button
                variant="contained"
                size="small"
                startIcon={<PaymentsIcon />}
                onClick={() => setWithdrawing(true)}
                disabled={!royalties.data}
              >
                Request Withdrawal
              </Button>
            }
          />
        </Box>
        <Section id="withdrawal-history" title="Withdrawal History">
          <WithdrawalHistory currency={currency} />
        </Section>
        <Section id="royalty-history" title="Earnings History">
          <RoyaltyHistory currency={currency} />
        </Section>
        <Section id="statements" title="Statements">
          <Statements />
        </Section>
      </Box>
      {royalties.data && (
        <WithdrawalDialog
          open={withdrawing}
          onClose={() => {
            setWithdrawing(false);
            if (params.has('withdraw')) setParams({}, { replace: true });
          }}
          currency={currency}
          availableUsd={royalties.data.availableToWithdraw}
        />
      )}
    </Page>
  );
}

/** /royalties: earnings, withdrawals and their history (SPEC §2 Royalties). */
export default function Royalties() {
  return (
    <ArtistArea path="/royalties" title="Royalties" earners>
      <RoyaltiesPage />
    </ArtistArea>
  );
}
