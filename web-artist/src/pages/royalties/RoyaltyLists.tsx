import PaymentsIcon from '@mui/icons-material/Payments';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { Box, Chip, Paper, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import {
  convertAmount,
  formatMoney,
  withdrawalRequestNote,
  type Currency,
  type RoyaltyStatus,
  type WithdrawalRequestStatus,
} from '@riffline/contracts';
import { royaltiesQuery } from '../../api/account.ts';
import { withdrawalRequestsQuery, type WithdrawalRequest } from '../../api/withdrawalRequests.ts';
import { QueryList } from '../../components/Page/QueryList.tsx';

type ChipColor = 'warning' | 'success' | 'error' | 'info' | 'default';

/** SPEC §4: what the artist reads for each status of a payout request. */
export const withdrawalStatusChips: Record<WithdrawalRequestStatus, { label: string; color: ChipColor }> = {
  pending: { label: 'Pending', color: 'warning' },
  approved: { label: 'Approved - Processing (24hr)', color: 'info' },
  declined: { label: 'Declined', color: 'error' },
  processing: { label: 'Processing', color: 'info' },
  completed: { label: 'Completed', color: 'success' },
};

/**
 * SPEC §4's royalty badges, in words that agree with Available to Withdraw: a ledger row is `pending` from
 * the moment its report is imported until Riffline marks it otherwise (it never does: withdrawals draw on
 * the balance, not on single rows), and every row counts as available. So `pending` reads 'Credited', not
 * 'Pending', which would say the money is not there yet (docs/payments.md).
 */
export const royaltyStatusChips: Record<RoyaltyStatus, { label: string; color: ChipColor }> = {
  pending: { label: 'Credited', color: 'success' },
  paid: { label: 'Paid', color: 'success' },
  unpaid: { label: 'Unpaid', color: 'default' },
};

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

/** "2026-01" → "January 2026"; any other period as it is. */
const month = (period: string) => {
  const m = /^(\d{4})-(\d{2})$/.exec(period);
  if (!m) return period;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
};

/** An amount held in USD, in the artist's currency (and the dollars beside it when that differs). */
function Amount({ usd, currency }: { usd: string; currency: Currency }) {
  return (
    <Typography component="span" sx={{ fontWeight: 800, fontSize: '1.15rem' }}>
      {formatMoney(convertAmount(usd, 'USD', currency), currency)}
      {currency !== 'USD' && (
        <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
          ({formatMoney(usd, 'USD')})
        </Typography>
      )}
    </Typography>
  );
}

function Row({
  label,
  amount,
  chip,
  details,
}: {
  label: string;
  amount: ReactNode;
  chip: { label: string; color: ChipColor };
  details: Array<string | null>;
}) {
  return (
    <Paper component="li" variant="outlined" aria-label={label} sx={{ p: 2.5 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Box sx={{ mr: 'auto' }}>{amount}</Box>
        <Chip size="small" label={chip.label} color={chip.color} sx={{ fontWeight: 700 }} />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
        {details.filter(Boolean).join(' · ')}
      </Typography>
    </Paper>
  );
}

function WithdrawalRow({ withdrawal: w, currency }: { withdrawal: WithdrawalRequest; currency: Currency }) {
  const to = w.paymentMethod ? w.paymentMethod.label : 'a removed payment method';
  return (
    <Row
      label={`Withdrawal of ${formatMoney(w.amount, 'USD')} requested ${day(w.createdAt)}`}
      amount={<Amount usd={w.amount} currency={currency} />}
      chip={withdrawalStatusChips[w.status]}
      details={[`Requested ${day(w.createdAt)}`, `to ${to}`, withdrawalRequestNote(w)]}
    />
  );
}

/** The artist's payout requests, newest first (SPEC §2 Royalties: withdrawal history). */
export function WithdrawalHistory({ currency }: { currency: Currency }) {
  const withdrawals = useQuery(withdrawalRequestsQuery);
  return (
    <QueryList
      query={withdrawals}
      loading="Loading withdrawals"
      failed="Your withdrawals could not be loaded."
      empty={{
        icon: <PaymentsIcon />,
        title: 'No withdrawal requests found',
        hint: 'Once you have at least 20 USD available, request a withdrawal to one of your payment methods.',
      }}
    >
      {(w) => <WithdrawalRow key={w.id} withdrawal={w} currency={currency} />}
    </QueryList>
  );
}

/** Earnings per sale month and release, from the royalty ledger, each with the day it was credited. */
export function RoyaltyHistory({ currency }: { currency: Currency }) {
  const royalties = useQuery({ ...royaltiesQuery, select: (r) => r.items });
  return (
    <QueryList
      query={royalties}
      loading="Loading royalties"
      failed="Your royalties could not be loaded."
      empty={{
        icon: <ReceiptLongIcon />,
        title: 'No royalties found',
        hint: 'Earnings appear here once the stores report streams and sales of your live releases.',
      }}
    >
      {(r) => (
        <Row
          key={r.id}
          label={`Royalties for ${month(r.period)}`}
          amount={<Amount usd={convertAmount(r.amount, r.currency, 'USD')} currency={currency} />}
          chip={royaltyStatusChips[r.status]}
          details={[
            month(r.period),
            r.releaseId ? (r.releaseTitle ?? 'A release') : 'All releases',
            `Credited ${day(r.creditedAt)}`,
            r.paidAt ? `Paid ${day(r.paidAt)}` : null,
          ]}
        />
      )}
    </QueryList>
  );
}
