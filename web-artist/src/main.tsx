import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, matchRoutes } from 'react-router';
import { analyticsQuery, dashboardGrowthQuery, royaltiesQuery } from './api/account.ts';
import { currentUserQuery, signedInHint, watchSignInLinks } from './api/auth.ts';
import { releasesQuery } from './api/releases.ts';
import { coinsQuery } from './api/wallet.ts';
import { createQueryClient } from './api/queryClient.ts';
import { ToastProvider } from './components/Toast/Toast.tsx';
import { AppRoutes, routes, type PageHandle } from './routes.tsx';
import { theme } from './theme.ts';

const queryClient = createQueryClient();
// Who is signed in: asked at once, beside the page's chunk.
const signInCheck = queryClient.prefetchQuery(currentUserQuery);
watchSignInLinks();
// The dashboard's figures, asked as soon as the check says an artist is signed in (not once the dashboard
// has rendered): they come in during the first render and paint with it, instead of each answer
// re-rendering the page after its first paint.
const dashboardData =
  signedInHint() && window.location.pathname === '/'
    ? signInCheck.then(() => {
        const user = queryClient.getQueryData(currentUserQuery.queryKey);
        if (!user || !(user.isApproved || user.role === 'admin')) return;
        return Promise.all(
          [coinsQuery, releasesQuery, analyticsQuery(30), dashboardGrowthQuery, royaltiesQuery].map((q) =>
            queryClient.prefetchQuery(q as Parameters<typeof queryClient.prefetchQuery>[0]),
          ),
        );
      })
    : undefined;

/**
 * The first render is a transition, so React renders it in slices that let the browser breathe instead of
 * one long task (a phone's main thread stays responsive while the page builds).
 */
function render() {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <QueryClientProvider client={queryClient}>
            <ToastProvider>
              <BrowserRouter>
                <AppRoutes />
              </BrowserRouter>
            </ToastProvider>
          </QueryClientProvider>
        </ThemeProvider>
      </StrictMode>,
    ),
  );
}

// The first render waits for the opened page's chunk (and the data it opens with), and for a browser signed
// in last time for the sign-in check too (at most 400 ms, so a slow network still sees the header soon): the
// page paints in one go, in the view it ends in, instead of a spinner giving way to it. Visitors never wait
// for the check.
const pagePreloads = (matchRoutes(routes, window.location) ?? []).map((match) =>
  (match.route.handle as PageHandle | undefined)?.preload(queryClient),
);
void Promise.race([
  Promise.all([...pagePreloads, signedInHint() ? signInCheck : undefined, dashboardData]).catch(
    () => undefined,
  ),
  new Promise((resolve) => window.setTimeout(resolve, 400)),
]).then(render);
