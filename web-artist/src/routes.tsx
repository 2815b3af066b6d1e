import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Layout } from './components/Layout/Layout.tsx';

// Every page is its own chunk: the landing page loads only what it needs.
const Home = lazy(() => import('./pages/home/Home.tsx'));
const Apply = lazy(() => import('./pages/apply/Apply.tsx'));
const About = lazy(() => import('./pages/public/About.tsx'));
const Contact = lazy(() => import('./pages/contact/Contact.tsx'));
const Support = lazy(() => import('./pages/support/Support.tsx'));
const Category = lazy(() => import('./pages/support/Category.tsx'));
const Article = lazy(() => import('./pages/support/Article.tsx'));
const Releases = lazy(() => import('./pages/releases/Releases.tsx'));
const Royalties = lazy(() => import('./pages/royalties/Royalties.tsx'));
const Analytics = lazy(() => import('./pages/analytics/Analytics.tsx'));
const Wallet = lazy(() => import('./pages/wallet/Wallet.tsx'));
const Settings = lazy(() => import('./pages/settings/Settings.tsx'));
const Tickets = lazy(() => import('./pages/tickets/Tickets.tsx'));
const Privacy = lazy(() => import('./pages/legal/Privacy.tsx'));
const Terms = lazy(() => import('./pages/legal/Terms.tsx'));
const Cookies = lazy(() => import('./pages/legal/Cookies.tsx'));
const NotFound = lazy(() => import('./pages/public/NotFound.tsx'));

/** SPEC §2: what each visitor can open; `/` and `/apply` change with the visitor's state themselves. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { index: true, element: <Home /> },
      { path: 'apply', element: <Apply /> },
      { path: 'about', element: <About /> },
      { path: 'contact', element: <Contact /> },
      { path: 'support', element: <Support /> },
      { path: 'articles/:category', element: <Category /> },
      { path: 'articles/:category/:id', element: <Article /> },
      { path: 'releases', element: <Releases /> },
      { path: 'wallet', element: <Wallet /> },
      { path: 'royalties', element: <Royalties /> },
      { path: 'analytics', element: <Analytics /> },
      { path: 'tickets', element: <Tickets /> },
      { path: 'settings', element: <Settings /> },
      { path: 'privacy', element: <Privacy /> },
      { path: 'terms', element: <Terms /> },
      { path: 'cookies', element: <Cookies /> },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
