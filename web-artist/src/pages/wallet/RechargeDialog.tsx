import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  InputAdornment,
  TextField,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { CreateOrderBody, RECHARGE_AMOUNT_MESSAGE } from '@riffline/contracts';
import { createOrder, transactionsQuery } from '../../api/wallet.ts';
import { useLoggedOutFlow } from '../../components/Auth/useLoggedOutFlow.ts';
import { useToast } from '../../components/Toast/Toast.tsx';

/**
 * Top up coins (SPEC §2 Wallet, §5 Recharge): an amount in rupees (1 coin = 1 rupee, at least 1) and an
 * optional mobile number. Once the order exists, this tab goes to the gateway's payment page, which sends
 * the artist back to the wallet naming the order; the wallet then verifies it by itself (Wallet.tsx). One
 * tab: no window to lose, and no pop-up blocker in the way.
 */
export function RechargeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const toast = useToast();
  const loggedOut = useLoggedOutFlow();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState('');
  const [mobile, setMobile] = useState('');
  const [mobileError, setMobileError] = useState<string | null>(null);

  const order = useMutation({
    mutationFn: (body: { amount: string; customerMobile?: string }) => createOrder(body),
    onSuccess: ({ paymentUrl }) => {
      void queryClient.invalidateQueries({ queryKey: transactionsQuery.queryKey });
      window.location.assign(paymentUrl);
    },
    onError: (error) => {
      if (loggedOut(error)) return;
      toast({
        title: 'Failed to Create Order',
        description: 'Please try again later.',
        variant: 'destructive',
      });
    },
  });
  // From the order's answer until the gateway's page loads, the dialog says where it is going.
  const leaving = order.isPending || order.isSuccess;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = CreateOrderBody.safeParse({ amount: amount.trim(), customerMobile: mobile });
    if (!parsed.success) {
      const amountIssue = parsed.error.issues.some((i) => i.path[0] === 'amount');
      if (amountIssue || !amount.trim()) {
        toast({ title: 'Invalid Amount', description: RECHARGE_AMOUNT_MESSAGE, variant: 'destructive' });
        return;
      }
      setMobileError(parsed.error.issues[0]?.message ?? 'Mobile number must be 10 digits');
      return;
    }
    setMobileError(null);
    order.mutate({ amount: parsed.data.amount, customerMobile: mobile.trim() || undefined });
  };

  return (
    <Dialog
      open={open}
      onClose={() => !leaving && onClose()}
      aria-labelledby="recharge-title"
      fullWidth
      maxWidth="xs"
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="recharge-title">Top Up Coins</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <TextField
            label="Amount"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            required
            autoFocus
            slotProps={{
              htmlInput: { inputMode: 'decimal' },
              input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> },
            }}
            helperText="1 coin = 1 rupee; at least ₹1"
          />
          <TextField
            label="Mobile number (optional)"
            value={mobile}
            onChange={(e) => setMobile(e.target.value)}
            error={Boolean(mobileError)}
            helperText={mobileError ?? 'Ten digits, for the payment app'}
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'tel-national' } }}
          />
          <Alert severity="info">
            You go on to the payment page. Once you have paid, it brings you back here and your payment is
            verified.
          </Alert>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={leaving}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={leaving}>
            {order.isSuccess
              ? 'Opening the payment page…'
              : order.isPending
                ? 'Creating order…'
                : 'Proceed to Payment'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
