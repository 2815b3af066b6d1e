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
 * optional mobile number; the gateway's payment page opens in a new window. The window is opened on the
 * click itself (browsers block windows opened later) and sent to the page once the order exists.
 */
export function RechargeDialog({
  open,
  onClose,
  onOrdered,
}: {
  open: boolean;
  onClose: () => void;
  onOrdered: (orderId: string) => void;
}) {
  const toast = useToast();
  const loggedOut = useLoggedOutFlow();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState('');
  const [mobile, setMobile] = useState('');
  const [mobileError, setMobileError] = useState<string | null>(null);

  const order = useMutation({
    mutationFn: ({ body }: { body: { amount: string; customerMobile?: string }; win: Window | null }) =>
      createOrder(body),
    onSuccess: ({ orderId, paymentUrl }, { win }) => {
      if (win && !win.closed) win.location.href = paymentUrl;
      else window.open(paymentUrl, '_blank', 'noopener');
      void queryClient.invalidateQueries({ queryKey: transactionsQuery.queryKey });
      setAmount('');
      setMobile('');
      onOrdered(orderId);
      onClose();
    },
    onError: (error, { win }) => {
      win?.close();
      if (loggedOut(error)) return;
      toast({
        title: 'Failed to Create Order',
        description: 'Please try again later.',
        variant: 'destructive',
      });
    },
  });

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
    const win = window.open('', '_blank');
    if (win) win.opener = null;
    order.mutate({
      body: { amount: parsed.data.amount, customerMobile: mobile.trim() || undefined },
      win,
    });
  };

  return (
    <Dialog
      open={open}
      onClose={() => !order.isPending && onClose()}
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
            The payment page opens in a new window. Once you have paid, come back and press Verify.
          </Alert>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={order.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={order.isPending}>
            {order.isPending ? 'Creating order…' : 'Proceed to Payment'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
