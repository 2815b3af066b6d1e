import { Box } from '@mui/material';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useVisitor } from '../../api/auth.ts';
import { PageSpinner } from '../Page/Spinner.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';

// Only for a signed-in user whose address is unverified: its own chunk.
const VerifyEmailBanner = lazy(() =>
  import('./VerifyEmailBanner.tsx').then((m) => ({ default: m.VerifyEmailBanner })),
);

function EmailBanner() {
  const { user } = useVisitor();
  if (!user || user.emailVerified) return null;
  return (
    <Suspense fallback={null}>
      <VerifyEmailBanner />
    </Suspense>
  );
}

export function Layout() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header />
      <EmailBanner />
      <Box component="main" id="main" tabIndex={-1} sx={{ flex: 1, outline: 'none' }}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
    </Box>
  );
}
