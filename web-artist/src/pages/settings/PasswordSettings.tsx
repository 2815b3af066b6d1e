import { Alert, Box, Button, TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { PasswordChangeBody } from '@riffline/contracts';
import { changePassword } from '../../api/account.ts';
import { ApiError } from '../../api/client.ts';
import { useLoggedOutFlow } from '../../components/Auth/useLoggedOutFlow.ts';
import { useToast } from '../../components/Toast/Toast.tsx';
import { SettingsCard } from './SettingsCard.tsx';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';

/** Security: the password change of accounts on the embedded identity provider (SPEC §2 Settings). */
export function PasswordSettings({ embedded, providerName }: { embedded: boolean; providerName: string }) {
  const toast = useToast();
  const loggedOut = useLoggedOutFlow();
  const [values, setValues] = useState<Record<Field, string>>({
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      setValues({ currentPassword: '', newPassword: '', confirmPassword: '' });
      toast({ title: 'Password Changed', description: 'Your other sessions were signed out.' });
    },
    onError: (error) => {
      if (loggedOut(error)) return;
      const message = error instanceof ApiError ? error.serverMessage : undefined;
      toast({ title: 'Failed to change password', description: message, variant: 'destructive' });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    const parsed = PasswordChangeBody.safeParse(values);
    if (!parsed.success)
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
    if (values.confirmPassword !== values.newPassword) found.confirmPassword = 'Passwords do not match';
    setErrors(found);
    if (parsed.success && !found.confirmPassword) change.mutate(parsed.data);
  };
  const field = (name: Field, label: string, autoComplete: string) => (
    <TextField
      label={label}
      type="password"
      required
      value={values[name]}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? (name === 'newPassword' ? 'At least 8 characters' : undefined)}
      slotProps={{ htmlInput: { autoComplete } }}
    />
  );
  return (
    <SettingsCard id="security-title" title="Security" subtitle="Change the password you sign in with.">
      {embedded ? (
        <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2, maxWidth: 420 }}>
          {field('currentPassword', 'Current Password', 'current-password')}
          {field('newPassword', 'New Password', 'new-password')}
          {field('confirmPassword', 'Confirm New Password', 'new-password')}
          <Box>
            <Button type="submit" variant="contained" disabled={change.isPending}>
              {change.isPending ? 'Changing…' : 'Change Password'}
            </Button>
          </Box>
        </Box>
      ) : (
        <Alert severity="info">Your password is managed by {providerName}: change it there.</Alert>
      )}
    </SettingsCard>
  );
}
