import { Alert, Box, Button, FormControlLabel, Skeleton, Switch, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettingsResponse } from '@riffline/contracts';
import { notificationsQuery, updateNotifications } from '../../api/account.ts';
import { useLoggedOutFlow } from '../../components/Auth/useLoggedOutFlow.ts';
import { useToast } from '../../components/Toast/Toast.tsx';
import { SettingsCard } from './SettingsCard.tsx';

type Key = keyof NotificationSettingsResponse;

interface Toggle {
  key: Key;
  label: string;
  hint: string;
}

const toggles: Toggle[] = [
  {
    key: 'emailNotifications',
    label: 'Email notifications',
    hint: 'Your releases, payouts and payments',
  },
  { key: 'royaltyUpdates', label: 'Royalty updates', hint: 'When royalties are credited' },
  { key: 'marketing', label: 'Marketing emails', hint: 'News and offers from Riffline' },
];

/** An admin's own toggle (the API answers it for admins only). */
const adminToggle: Toggle = {
  key: 'adminAlerts',
  label: 'Admin alerts',
  hint: 'Email about each new application and each new support ticket',
};

/** The notification toggles, saved as they are flipped (SPEC §2 Settings); an admin has one more. */
export function NotificationSettings() {
  const toast = useToast();
  const loggedOut = useLoggedOutFlow();
  const queryClient = useQueryClient();
  const settings = useQuery(notificationsQuery);
  const save = useMutation({
    mutationFn: (change: Partial<NotificationSettingsResponse>) => updateNotifications(change),
    onSuccess: (saved) => {
      queryClient.setQueryData(notificationsQuery.queryKey, saved);
      toast({ title: 'Notifications Updated', description: 'Your email preferences are saved.' });
    },
    onError: (error) => {
      if (loggedOut(error)) return;
      toast({
        title: 'Failed to update notifications',
        description: 'Please try again.',
        variant: 'destructive',
      });
    },
  });
  return (
    <SettingsCard id="notifications-title" title="Notifications" subtitle="Choose which emails you get.">
      {settings.isPending && <Skeleton variant="rounded" height={120} />}
      {settings.error && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void settings.refetch()}>
              Retry
            </Button>
          }
        >
          Your notification settings could not be loaded.
        </Alert>
      )}
      {settings.data && (
        <Box sx={{ display: 'grid', gap: 1 }}>
          {(settings.data.adminAlerts === undefined ? toggles : [...toggles, adminToggle]).map(
            ({ key, label, hint }) => {
              const pending = save.isPending && save.variables[key] !== undefined;
              const checked = pending ? Boolean(save.variables[key]) : Boolean(settings.data[key]);
              return (
                <FormControlLabel
                  key={key}
                  sx={{ alignItems: 'flex-start', m: 0, gap: 1 }}
                  control={
                    <Switch
                      checked={checked}
                      disabled={save.isPending}
                      onChange={(e) => save.mutate({ [key]: e.target.checked })}
                    />
                  }
                  label={
                    <Box sx={{ pt: 0.75 }}>
                      <Typography sx={{ fontWeight: 600 }}>{label}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {hint}
                      </Typography>
                    </Box>
                  }
                />
              );
            },
          )}
        </Box>
      )}
    </SettingsCard>
  );
}
