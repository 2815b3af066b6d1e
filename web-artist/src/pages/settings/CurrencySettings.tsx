import { MenuItem, TextField } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currencies, currencySymbols, type Currency } from '@riffline/contracts';
import { changeCurrency } from '../../api/account.ts';
import { currentUserQuery, type CurrentUser } from '../../api/auth.ts';
import { ApiError } from '../../api/client.ts';
import { useLoggedOutFlow } from '../../components/Auth/useLoggedOutFlow.ts';
import { useToast } from '../../components/Toast/Toast.tsx';
import { SettingsCard } from './SettingsCard.tsx';

const currencyNames: Record<Currency, string> = {
  USD: 'US Dollar',
  EUR: 'Euro',
  GBP: 'British Pound',
  INR: 'Indian Rupee',
  JPY: 'Japanese Yen',
  CAD: 'Canadian Dollar',
  AUD: 'Australian Dollar',
  CNY: 'Chinese Yuan',
  BRL: 'Brazilian Real',
  MXN: 'Mexican Peso',
};

/** The preferred currency every amount is shown in (SPEC §2 Settings, §9 rates). */
export function CurrencySettings({ user }: { user: CurrentUser }) {
  const toast = useToast();
  const loggedOut = useLoggedOutFlow();
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: changeCurrency,
    onSuccess: (updated, currency) => {
      queryClient.setQueryData(currentUserQuery.queryKey, (old: CurrentUser | null | undefined) =>
        old ? { ...old, ...updated, preferredCurrency: currency } : old,
      );
      toast({ title: 'Currency Updated', description: `Amounts now show in ${currencyNames[currency]}.` });
    },
    onError: (error) => {
      if (loggedOut(error)) return;
      toast({
        title: 'Failed to update currency',
        description: error instanceof ApiError ? error.serverMessage : undefined,
        variant: 'destructive',
      });
    },
  });
  const value = change.isPending ? change.variables : user.preferredCurrency;
  return (
    <SettingsCard
      id="currency-title"
      title="Currency"
      subtitle="Earnings and other amounts are shown in this currency, at fixed rates."
    >
      <TextField
        select
        label="Preferred Currency"
        value={value}
        disabled={change.isPending}
        onChange={(e) => change.mutate(e.target.value as Currency)}
        sx={{ maxWidth: 360 }}
      >
        {currencies.map((c) => (
          <MenuItem key={c} value={c}>
            {c} ({currencySymbols[c]}) · {currencyNames[c]}
          </MenuItem>
        ))}
      </TextField>
    </SettingsCard>
  );
}
