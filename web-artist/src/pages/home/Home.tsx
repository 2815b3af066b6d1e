import { lazy } from 'react';
import { useVisitor } from '../../api/auth.ts';
import { Spinner } from '../../components/Page/Spinner.tsx';

const Landing = lazy(() => import('../public/Landing.tsx'));
const ApplicationStatus = lazy(() => import('./ApplicationStatus.tsx'));
const Dashboard = lazy(() => import('./Dashboard.tsx'));

/** `/`: the landing page for visitors, the application's status while awaiting approval, else the dashboard. */
export default function Home() {
  const { state } = useVisitor();
  if (state === 'loading') return <Spinner />;
  if (state === 'anonymous') return <Landing />;
  if (state === 'pending') return <ApplicationStatus />;
  return <Dashboard />;
}
