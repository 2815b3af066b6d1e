import { Box } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { providerQuery, useVisitor } from '../../api/auth.ts';
import { ArtistArea } from '../../components/Auth/ArtistArea.tsx';
import { Page } from '../../components/Page/Page.tsx';
import { CurrencySettings } from './CurrencySettings.tsx';
import { NotificationSettings } from './NotificationSettings.tsx';
import { PasswordSettings } from './PasswordSettings.tsx';
import { PaymentMethods } from './PaymentMethods.tsx';
import { ProfileSettings } from './ProfileSettings.tsx';
import { TwoFactorSettings } from './TwoFactorSettings.tsx';

function AccountSettings() {
  const { user, state } = useVisitor();
  const provider = useQuery(providerQuery);
  if (!user) return null;
  const artist = state !== 'pending';
  return (
    <Page
      title="Settings"
      subtitle={`Your profile, currency, ${artist ? 'notifications, ' : ''}payout methods and password.`}
    >
      <Box sx={{ display: 'grid', gap: 3 }}>
        <ProfileSettings user={user} />
        <CurrencySettings user={user} />
        {/* A collaborator who is not an artist has no artist notifications to set. */}
        {artist && <NotificationSettings />}
        <PaymentMethods />
        {provider.data && (
          <PasswordSettings embedded={provider.data.embedded} providerName={provider.data.name} />
        )}
        {provider.data && (
          <TwoFactorSettings embedded={provider.data.embedded} providerName={provider.data.name} />
        )}
      </Box>
    </Page>
  );
}

/** /settings (SPEC §2 Settings): approved artists, and collaborators who accepted a share. */
export default function Settings() {
  return (
    <ArtistArea path="/settings" title="Settings" earners>
      <AccountSettings />
    </ArtistArea>
  );
}
