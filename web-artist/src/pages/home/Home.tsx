import { lazy, useDeferredValue, useEffect } from 'react';
import { useVisitor } from '../../api/auth.ts';
import type { LazyPage } from '../../components/Page/lazyPage.tsx';
import { PageSpinner } from '../../components/Page/Spinner.tsx';
import Landing from '../public/Landing.tsx';
import Dashboard from './Dashboard.tsx';

const ApplicationStatus = lazy(() => import('./ApplicationStatus.tsx'));
/**
 * The dashboard's top (banner, figures, quick actions) ships in the entry script like the landing: a
 * signed-in artist's first paint waits for no second round trip. Its below-the-fold sections stay lazy.
 */
export const dashboard: LazyPage = { Page: Dashboard, preload: () => Promise.resolve() };

/**
 * `/`: the landing page for visitors, the application's status while awaiting approval, else the dashboard.
 * The landing ships with the entry script and shows at once while the sign-in check is pending, unless
 * this browser was signed in last time: then the dashboard's chunk loads beside the check.
 */
export default function Home() {
  const { shown: now } = useVisitor();
  // The switch to another view (the dashboard once the check answers) renders in the background, in
  // slices, while the current view stays on screen: no long task on the main thread.
  const shown = useDeferredValue(now);
  useEffect(() => {
    if (now === 'loading') void dashboard.preload();
  }, [now]);
  if (shown === 'anonymous') return <Landing />;
  if (shown === 'loading') return <PageSpinner />;
  if (shown === 'pending') return <ApplicationStatus />;
  return <dashboard.Page />;
}
