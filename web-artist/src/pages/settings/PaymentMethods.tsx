import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import PhoneAndroidIcon from '@mui/icons-material/PhoneAndroid';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Paper,
  Skeleton,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { PaymentMethodBody, paymentMethodTypes, type PaymentMethodType } from '@riffline/contracts';
import { serverMessage } from '../../api/client.ts';
import {
  addPaymentMethod,
  deletePaymentMethod,
  paymentMethodsQuery,
  setDefaultPaymentMethod,
  type PaymentMethod,
} from '../../api/paymentMethods.ts';
import { useLoggedOutFlow } from '../../components/Auth/useLoggedOutFlow.ts';
import { useConfirmItsYou } from '../../components/SecondFactor/ConfirmItsYouDialog.tsx';
import { useToast } from '../../components/Toast/Toast.tsx';
import { describeMethod, methodTypeLabels } from '../../components/PaymentMethods/paymentMethodLabels.ts';
import { SettingsCard } from './SettingsCard.tsx';

/** The fields each type asks for (SPEC §5 Payment method). */
const fieldsByType: Record<PaymentMethodType, Array<{ name: string; label: string; hint?: string }>> = {
  upi: [{ name: 'upiId', label: 'UPI ID', hint: 'Like name@bank' }],
  paypal: [{ name: 'paypalEmail', label: 'PayPal Email' }],
  bank_transfer: [
    { name: 'accountHolderName', label: 'Account Holder Name' },
    { name: 'accountNumber', label: 'Account Number', hint: '6 to 20 digits' },
    { name: 'ifscCode', label: 'IFSC Code', hint: 'Like ABCD0123456' },
  ],
};

function AddMethodDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const toast = useToast();
  const loggedOut = useLoggedOutFlow();
  const confirmItsYou = useConfirmItsYou();
  const queryClient = useQueryClient();
  const [type, setType] = useState<PaymentMethodType>('upi');
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const reset = () => {
    setType('upi');
    setValues({});
    setErrors({});
  };
  const add = useMutation({
    mutationFn: addPaymentMethod,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: paymentMethodsQuery.queryKey });
      toast({ title: 'Payment Method Added', description: 'You can now be paid out to it.' });
      reset();
      onClose();
    },
    onError: (error) => {
      if (loggedOut(error)) return;
      // Adding one needs a recent sign-in with the authenticator app: sign in again, back to this form.
      if (confirmItsYou.handle(error, '/settings?paymentMethod=add')) return;
      toast({
        title: 'Failed to add payment method',
        description: serverMessage(error),
        variant: 'destructive',
      });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      type,
      ...Object.fromEntries(fieldsByType[type].map((f) => [f.name, values[f.name] ?? ''])),
    };
    const parsed = PaymentMethodBody.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'type');
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    add.mutate(parsed.data);
  };
  const close = () => {
    if (add.isPending) return;
    reset();
    onClose();
  };
  return (
    <>
      {confirmItsYou.dialog}
      <Dialog open={open} onClose={close} aria-labelledby="add-method-title" fullWidth maxWidth="xs">
        <Box component="form" noValidate onSubmit={submit}>
          <DialogTitle id="add-method-title">Add Payment Method</DialogTitle>
          <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
            <TextField
              select
              label="Type"
              value={type}
              onChange={(e) => {
                setType(e.target.value as PaymentMethodType);
                setErrors({});
              }}
            >
              {paymentMethodTypes.map((t) => (
                <MenuItem key={t} value={t}>
                  {methodTypeLabels[t]}
                </MenuItem>
              ))}
            </TextField>
            {fieldsByType[type].map((f) => (
              <TextField
                key={`${type}-${f.name}`}
                label={f.label}
                required
                value={values[f.name] ?? ''}
                onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
                error={Boolean(errors[f.name])}
                helperText={errors[f.name] ?? f.hint}
                type={f.name === 'paypalEmail' ? 'email' : 'text'}
                slotProps={{ htmlInput: f.name === 'accountNumber' ? { inputMode: 'numeric' } : {} }}
              />
            ))}
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={close} disabled={add.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={add.isPending}>
              {add.isPending ? 'Adding…' : 'Add Method'}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
    </>
  );
}

function MethodRow({ method }: { method: PaymentMethod }) {
  const toast = useToast();
  const loggedOut = useLoggedOutFlow();
  const confirmItsYou = useConfirmItsYou();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: paymentMethodsQuery.queryKey });
  const makeDefault = useMutation({
    mutationFn: () => setDefaultPaymentMethod(method.id),
    onSuccess: () => {
      refresh();
      toast({ title: 'Default Updated', description: `Payouts now go to ${describeMethod(method)}.` });
    },
    onError: (error) => {
      if (loggedOut(error)) return;
      if (confirmItsYou.handle(error, '/settings')) return;
      toast({
        title: 'Failed to set default payment method',
        description: serverMessage(error),
        variant: 'destructive',
      });
    },
  });
  const remove = useMutation({
    mutationFn: () => deletePaymentMethod(method.id),
    onSuccess: () => {
      refresh();
      toast({ title: 'Payment Method Deleted', description: `${describeMethod(method)} was removed.` });
    },
    onError: (error) => {
      if (loggedOut(error)) return;
      toast({
        title: 'Failed to delete payment method',
        description: serverMessage(error),
        variant: 'destructive',
      });
    },
  });
  const busy = makeDefault.isPending || remove.isPending;
  const label = `${methodTypeLabels[method.type]} ${describeMethod(method)}`;
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-label={label}
      data-testid="payment-method"
      sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
    >
      {method.type === 'bank_transfer' ? (
        <AccountBalanceIcon color="primary" aria-hidden />
      ) : (
        <PhoneAndroidIcon color="primary" aria-hidden />
      )}
      <Box sx={{ flex: 1, minWidth: 160 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <Typography sx={{ fontWeight: 700 }}>{methodTypeLabels[method.type]}</Typography>
          {method.isDefault && <Chip size="small" color="primary" label="Default" />}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {describeMethod(method)}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 1 }}>
        {!method.isDefault && (
          <Button onClick={() => makeDefault.mutate()} disabled={busy} aria-label={`Set ${label} as default`}>
            Set Default
          </Button>
        )}
        <Button
          color="error"
          startIcon={<DeleteOutlineIcon />}
          onClick={() => remove.mutate()}
          disabled={busy}
          aria-label={`Delete ${label}`}
        >
          Delete
        </Button>
      </Box>
      {confirmItsYou.dialog}
    </Paper>
  );
}

/** Payout methods: add (per-type fields), delete, set default (SPEC §2 Settings). */
export function PaymentMethods() {
  const methods = useQuery(paymentMethodsQuery);
  const [params, setParams] = useSearchParams();
  // `/settings?paymentMethod=add`: back from signing in again (the step-up), the form opens again.
  const [adding, setAdding] = useState(params.get('paymentMethod') === 'add');
  return (
    <SettingsCard
      id="payment-methods-title"
      title="Payment Methods"
      subtitle="Where your withdrawals are paid: UPI, PayPal or a bank transfer."
    >
      {methods.isPending && <Skeleton variant="rounded" height={72} />}
      {methods.error && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void methods.refetch()}>
              Retry
            </Button>
          }
        >
          Your payment methods could not be loaded.
        </Alert>
      )}
      {methods.data?.length === 0 && (
        <Typography color="text.secondary">
          No payment methods yet: add one to request withdrawals.
        </Typography>
      )}
      {methods.data && methods.data.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
          {methods.data.map((m) => (
            <MethodRow key={m.id} method={m} />
          ))}
        </Box>
      )}
      <Box>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
          Add Payment Method
        </Button>
      </Box>
      <AddMethodDialog
        open={adding}
        onClose={() => {
          setAdding(false);
          if (params.has('paymentMethod')) setParams({}, { replace: true });
        }}
      />
    </SettingsCard>
  );
}
