import { useRoutes, type RouteObject } from 'react-router';
import { signedInHint } from './api/auth.ts';
import { Layout } from './components/Layout/Layout.tsx';
import { lazyPage } from './components/Page/lazyPage.tsx';
import Home, { dashboard } from './pages/home/Home.tsx';

export interface PageHandle {
  preload: () => Promise<void>;
}

/**
 * A page in a chunk of its own: the landing does not download the other pages. `handle.preload` fetches the
 * chunk (main.tsx calls it for the address being opened, before the first render), so the page paints in
 * the first frame instead of behind the Suspense fallback.
 */
function page(load: Parameters<typeof lazyPage>[0]): Pick<RouteObject, 'element' | 'handle'> {
  const { Page, preload } = lazyPage(load);
  const handle: PageHandle = { preload };
  return { element: <Page />, handle };
}

/**
 * `/`: Home, with the landing, is part of the entry script (the most visited page paints without a second
 * round trip; the other pages pay a few KB for it). For a browser signed in last time, the dashboard's
 * chunk is fetched before the first render.
 */
const home: Pick<RouteObject, 'element' | 'handle'> = {
  element: <Home />,
  handle: {
    preload: () => (signedInHint() ? dashboard.preload() : Promise.resolve()),
  } satisfies PageHandle,
};

/** SPEC §2: what each visitor can open; `/` and `/apply` change with the visitor's state themselves. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { index: true, ...home },
      { path: 'apply', ...page(() => import('./pages/apply/Apply.tsx')) },
      { path: 'about', ...page(() => import('./pages/public/About.tsx')) },
      { path: 'contact', ...page(() => import('./pages/contact/Contact.tsx')) },
      { path: 'support', ...page(() => import('./pages/support/Support.tsx')) },
      { path: 'articles/:category', ...page(() => import('./pages/support/Category.tsx')) },
      { path: 'articles/:category/:id', ...page(() => import('./pages/support/Article.tsx')) },
      { path: 'releases', ...page(() => import('./pages/releases/Releases.tsx')) },
      { path: 'wallet', ...page(() => import('./pages/wallet/Wallet.tsx')) },
      { path: 'royalties', ...page(() => import('./pages/royalties/Royalties.tsx')) },
      { path: 'analytics', ...page(() => import('./pages/analytics/Analytics.tsx')) },
      { path: 'tickets', ...page(() => import('./pages/supportTickets/SupportTickets.tsx')) },
      { path: 'settings', ...page(() => import('./pages/settings/Settings.tsx')) },
      { path: 'privacy', ...page(() => import('./pages/legal/Privacy.tsx')) },
      { path: 'terms', ...page(() => import('./pages/legal/Terms.tsx')) },
      { path: 'cookies', ...page(() => import('./pages/legal/Cookies.tsx')) },
      { path: '*', ...page(() => import('./pages/public/NotFound.tsx')) },
    ],
  },
];

/**
 * The route table in the declarative router (`<BrowserRouter>` in main.tsx): the app uses no loaders or
 * actions, and the data router's code would add much to the landing's entry script (docs/benchmarks.md).
 */
export function AppRoutes() {
  return useRoutes(routes);
}
