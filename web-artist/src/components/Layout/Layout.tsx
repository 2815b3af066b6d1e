import { Box } from '@mui/material';
import { lazy, Suspense, useLayoutEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { useVisitor } from '../../api/auth.ts';
import { AfterFirstPaint } from '../Page/AfterFirstPaint.tsx';
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

/**
 * A page opened from a link starts at its top, as a page load would (the declarative router restores no
 * scroll position); back and forward leave it to the browser's own restoration.
 */
function ScrollToTop() {
  const { pathname } = useLocation();
  const navigation = useNavigationType();
  useLayoutEffect(() => {
    if (navigation !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigation]);
  return null;
}

export function Layout() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <ScrollToTop />
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
      <AfterFirstPaint>
        <Footer />
      </AfterFirstPaint>
    </Box>
  );
}
