import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  InputAdornment,
  Link,
  MenuItem,
  TextField,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { convertAmount, currencySymbols, formatMoney, type Currency } from '@riffline/contracts';
import { serverMessage } from '../../api/client.ts';
import { royaltiesQuery } from '../../api/account.ts';
import { paymentMethodsQuery } from '../../api/paymentMethods.ts';
import { submitWithdrawalRequest, withdrawalRequestsQuery } from '../../api/withdrawalRequests.ts';
import { useLoggedOutFlow } from '../../components/Auth/useLoggedOutFlow.ts';
import { useConfirmItsYou } from '../../components/SecondFactor/ConfirmItsYouDialog.tsx';
import { keepDraft, takeDraft } from '../../components/SecondFactor/drafts.ts';
import { useToast } from '../../components/Toast/Toast.tsx';
import { describeMethod, methodTypeLabels } from '../../components/PaymentMethods/paymentMethodLabels.ts';
import { checkWithdrawal, minimumWithdrawal } from './withdrawalRequestRules.ts';

const DRAFT_KEY = 'riffline.withdrawalDraft';
/** The form as it was sent to sign in again, put back on the way back. */
function withdrawalDraft(): { paymentMethodId: string; amount: string } {
  const draft = takeDraft(DRAFT_KEY);
  return {
    paymentMethodId: typeof draft?.paymentMethodId === 'string' ? draft.paymentMethodId : '',
    amount: typeof draft?.amount === 'string' ? draft.amount : '',
  };
}

/**
 * Request Withdrawal (SPEC §2 Royalties, §5 Withdrawal): one of the artist's payment methods (the default
 * first) and an amount in their currency, at least 20 USD; sent in USD.
 */
export function WithdrawalDialog({
  open,
  onClose,
  currency,
  availableUsd,
}: {
  open: boolean;
  onClose: () => void;
  currency: Currency;
  availableUsd: string;
}) {
  const toast = useToast();
  const loggedOut = useLoggedOutFlow();
  const queryClient = useQueryClient();
  const methods = useQuery({ ...paymentMethodsQuery, enabled: open });
  const confirmItsYou = useConfirmItsYou();
  const [draft] = useState(withdrawalDraft);
  const [chosen, setChosen] = useState(draft.paymentMethodId);
  const [amount, setAmount] = useState(draft.amount);
  const [errors, setErrors] = useState<Partial<Record<'paymentMethodId' | 'amount', string>>>({});
  // The default method unless the artist picked another.
  const paymentMethodId = chosen || methods.data?.find((m) => m.isDefault)?.id || methods.data?.[0]?.id || '';

  const close = () => {
    setChosen('');
    setAmount('');
    setErrors({});
    onClose();
  };

  const request = useMutation({
    mutationFn: submitWithdrawalRequest,
    onSuccess: (withdrawal) => {
      void queryClient.invalidateQueries({ queryKey: withdrawalRequestsQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: royaltiesQuery.queryKey });
      toast({
        title: 'Withdrawal Requested',
        description: `${formatMoney(convertAmount(withdrawal.amount, 'USD', currency), currency)} is on its way for review. Payouts are sent within 24 hours of approval.`,
      });
      close();
    },
    onError: (error) => {
      if (loggedOut(error)) return;
      // Payouts need a recent sign-in with the authenticator app: sign in again and come back to this form.
      if (confirmItsYou.handle(error, '/royalties?withdraw=1')) {
        keepDraft(DRAFT_KEY, { paymentMethodId, amount });
        return;
      }
      toast({
        title: 'Failed to submit withdrawal request',
        description: serverMessage(error),
        variant: 'destructive',
      });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkWithdrawal({ paymentMethodId, amount, currency, availableUsd });
    if (!check.ok) {
      setErrors({ [check.field]: check.message });
      toast({ title: 'Invalid Amount', description: check.message, variant: 'destructive' });
      return;
    }
    setErrors({});
    request.mutate(check.body);
  };

  const available = formatMoney(convertAmount(availableUsd, 'USD', currency), currency);
  const noMethods = methods.data?.length === 0;
  return (
    <>
      {confirmItsYou.dialog}
      <Dialog
        open={open}
        onClose={() => !request.isPending && close()}
        aria-labelledby="withdrawal-title"
        fullWidth
        maxWidth="xs"
      >
        <Box component="form" noValidate onSubmit={submit}>
          <DialogTitle id="withdrawal-title">Request Withdrawal</DialogTitle>
          <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
            {methods.error && <Alert severity="error">Your payment methods could not be loaded.</Alert>}
            {noMethods ? (
              <Alert severity="info">
                Add a UPI id, PayPal account or bank account first, in{' '}
                <Link component={RouterLink} to="/settings">
                  Settings
                </Link>
                .
              </Alert>
            ) : (
              <TextField
                select
                label="Payment Method"
                value={paymentMethodId}
                onChange={(e) => setChosen(e.target.value)}
                error={Boolean(errors.paymentMethodId)}
                helperText={errors.paymentMethodId}
                disabled={methods.isPending}
                required
              >
                {(methods.data ?? []).map((m) => (
                  <MenuItem key={m.id} value={m.id}>
                    {methodTypeLabels[m.type]} · {describeMethod(m)}
                    {m.isDefault ? ' (default)' : ''}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <TextField
              label="Amount"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              error={Boolean(errors.amount)}
              helperText={errors.amount ?? `At least ${minimumWithdrawal(currency)}; ${available} available`}
              required
              autoFocus
              slotProps={{
                htmlInput: { inputMode: 'decimal' },
                input: {
                  startAdornment: (
                    <InputAdornment position="start">{currencySymbols[currency]}</InputAdornment>
                  ),
                },
              }}
            />
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={close} disabled={request.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={request.isPending || noMethods}>
              {request.isPending ? 'Submitting…' : 'Submit Request'}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
    </>
  );
}
