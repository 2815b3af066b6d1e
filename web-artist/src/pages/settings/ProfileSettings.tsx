import { Box, TextField } from '@mui/material';
import type { CurrentUser } from '../../api/auth.ts';
import { SettingsCard } from './SettingsCard.tsx';

/** Profile (SPEC §2 Settings): the names come from the sign-in account; the email cannot change. */
export function ProfileSettings({ user }: { user: CurrentUser }) {
  return (
    <SettingsCard id="profile-title" title="Profile" subtitle="The names and email address of your account.">
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField label="First Name" value={user.firstName ?? ''} disabled />
        <TextField label="Last Name" value={user.lastName ?? ''} disabled />
        <TextField
          label="Email"
          value={user.email ?? ''}
          disabled
          helperText="Email cannot be changed"
          sx={{ gridColumn: { sm: '1 / -1' } }}
        />
      </Box>
    </SettingsCard>
  );
}
