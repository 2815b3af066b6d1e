import { Box, Card, CardContent, Typography } from '@mui/material';
import { lazy, Suspense, useEffect } from 'react';
import { Navigate } from 'react-router';
import { hasArtistArea, useVisitor } from '../../api/auth.ts';
import { ContinueWithButton } from '../../components/Auth/ContinueWithButton.tsx';
import { Page } from '../../components/Page/Page.tsx';
import { PageSpinner } from '../../components/Page/Spinner.tsx';

const loadSignedIn = () => import('./SignedInApply.tsx');
const SignedInApply = lazy(loadSignedIn);

function CreateAccount() {
  return (
    <Card sx={{ p: { xs: 1, sm: 3 }, textAlign: 'center' }}>
      <CardContent>
        <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
          Create Your Account
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Create a free account or sign in, then fill in the application. It takes a few minutes.
        </Typography>
        <ContinueWithButton returnTo="/apply" screen="signup" />
      </CardContent>
    </Card>
  );
}

export default function Apply() {
  const { state, shown } = useVisitor();
  // Signed in last time: the form's chunk loads beside the sign-in check.
  useEffect(() => {
    if (shown === 'loading') void loadSignedIn();
  }, [shown]);
  if (hasArtistArea(state)) return <Navigate to="/" replace />;
  return (
    <Page
      title="Apply to Join"
      subtitle="Applying is free. Tell us about your music and we will get back to you within 24-48 hours."
      maxWidth="md"
    >
      <Box>
        {shown === 'anonymous' ? (
          <CreateAccount />
        ) : (
          <Suspense fallback={<PageSpinner />}>
            {state === 'loading' ? <PageSpinner /> : <SignedInApply />}
          </Suspense>
        )}
      </Box>
    </Page>
  );
}
