import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import PaymentsIcon from '@mui/icons-material/Payments';
import { Button, Stack } from '@mui/material';
import {
  formatMoney,
  PAYMENT_REFERENCE_MAX,
  PAYMENT_REFERENCE_REQUIRED,
  type WithdrawalRequestResponse,
  type WithdrawalRequestReviewBody,
} from '@riffline/contracts';
import { useState, type ReactNode } from 'react';
import { Confirm, useRecordContext, useTranslate } from 'react-admin';
import { enumLabelKey } from '../common/enums.ts';
import { ReasonDialog } from '../common/ReasonDialog.tsx';
import { useToast } from '../common/Toast.tsx';
import { useAdminAction } from '../common/useAdminAction.ts';

type Move = WithdrawalRequestReviewBody['status'];

/** What an admin may do next with a request in each status (SPEC §4): the API refuses anything else. */
const next: Partial<Record<WithdrawalRequestResponse['status'], Move[]>> = {
  pending: ['approved', 'declined'],
  approved: ['processing'],
  processing: ['completed'],
};

const buttons: Record<Move, { label: string; icon: ReactNode; color: 'success' | 'error' | 'primary' }> = {
  approved: { label: 'riffline.payouts.approve', icon: <CheckIcon />, color: 'success' },
  declined: { label: 'riffline.payouts.decline', icon: <CloseIcon />, color: 'error' },
  processing: { label: 'riffline.payouts.processing', icon: <PaymentsIcon />, color: 'primary' },
  completed: { label: 'riffline.payouts.completed', icon: <DoneAllIcon />, color: 'success' },
};

/**
 * Approve / Decline a pending payout, then mark it processing and completed; each asks first, Decline
 * asks why (the artist reads it) and Mark Completed asks for the payment's reference (the artist is
 * emailed it). Pessimistic: `PATCH /api/admin/withdrawal-requests/:id`, then the list is read again. The
 * buttons stand one above the other, so that the table fits a 1280 px screen.
 */
export function WithdrawalRequestActions(_props: { label?: string }) {
  const request = useRecordContext<WithdrawalRequestResponse>();
  const translate = useTranslate();
  const toast = useToast();
  const [asking, setAsking] = useState<Move | null>(null);
  const review = useAdminAction({
    run: (dataProvider, body: { status: Move; adminNotes?: string; paymentReference?: string }) =>
      dataProvider.reviewWithdrawal(request!.id, body),
    onSuccess: (updated) => {
      setAsking(null);
      toast.success('riffline.payouts.updated', 'riffline.payouts.updatedText', {
        amount: formatMoney(updated.amount, 'USD'),
        status: translate(enumLabelKey('withdrawalStatus', updated.status)).toLowerCase(),
      });
    },
    onFailure: () => {
      setAsking(null);
      toast.error('riffline.payouts.failed', 'riffline.payouts.failedText');
    },
  });
  const moves = request ? (next[request.status] ?? []) : [];
  if (!request || !moves.length) return null;
  const args = { amount: formatMoney(request.amount, 'USD'), method: request.paymentMethod?.label ?? '—' };
  return (
    <Stack
      direction={{ xs: 'row', md: 'column' }}
      spacing={1}
      sx={{ alignItems: { md: 'stretch' } }}
      onClick={(e) => e.stopPropagation()}
    >
      {moves.map((move) => (
        <Button
          key={move}
          size="small"
          variant={move === 'declined' ? 'outlined' : 'contained'}
          color={buttons[move].color}
          startIcon={buttons[move].icon}
          disabled={review.isPending}
          onClick={() => setAsking(move)}
        >
          {translate(buttons[move].label)}
        </Button>
      ))}
      {moves
        .filter((move) => move === 'approved' || move === 'processing')
        .map((move) => (
          <Confirm
            key={move}
            isOpen={asking === move}
            loading={review.isPending}
            title={`riffline.payouts.${move === 'approved' ? 'approve' : 'processing'}Title`}
            titleTranslateOptions={args}
            content={`riffline.payouts.${move === 'approved' ? 'approve' : 'processing'}Content`}
            contentTranslateOptions={args}
            confirm={buttons[move].label}
            onConfirm={() => review.mutate({ status: move })}
            onClose={() => setAsking(null)}
          />
        ))}
      {moves.includes('completed') && (
        <ReasonDialog
          open={asking === 'completed'}
          loading={review.isPending}
          title={translate('riffline.payouts.completedTitle', args)}
          content={translate('riffline.payouts.completedContent', args)}
          label={translate('riffline.payouts.reference')}
          helperText={translate('riffline.payouts.referenceHelp')}
          requiredMessage={PAYMENT_REFERENCE_REQUIRED}
          maxLength={PAYMENT_REFERENCE_MAX}
          singleLine
          tone="success"
          confirmLabel={translate('riffline.payouts.completed')}
          onConfirm={(paymentReference) => review.mutate({ status: 'completed', paymentReference })}
          onClose={() => setAsking(null)}
        />
      )}
      {moves.includes('declined') && (
        <ReasonDialog
          open={asking === 'declined'}
          loading={review.isPending}
          title={translate('riffline.payouts.declineTitle', args)}
          confirmLabel={translate('riffline.payouts.decline')}
          helperText={translate('riffline.payouts.reasonHelp')}
          onConfirm={(reason) =>
            review.mutate({ status: 'declined', ...(reason ? { adminNotes: reason } : {}) })
          }
          onClose={() => setAsking(null)}
        />
      )}
    </Stack>
  );
}
