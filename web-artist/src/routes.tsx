import { useRoutes, type RouteObject } from 'react-router';
import type { ArtistAppPath } from '@riffline/contracts';
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

/**
 * SPEC §2: what each visitor can open; `/` and `/apply` change with the visitor's state themselves. The
 * paths are `artistAppPaths` (contracts), which the API answers 200 (any other path 404): the type refuses
 * a page missing there, or one more.
 */
const pages = {
  '/': home,
  '/apply': page(() => import('./pages/apply/Apply.tsx')),
  '/about': page(() => import('./pages/public/About.tsx')),
  '/contact': page(() => import('./pages/contact/Contact.tsx')),
  '/support': page(() => import('./pages/support/Support.tsx')),
  '/articles/:category': page(() => import('./pages/support/Category.tsx')),
  '/articles/:category/:id': page(() => import('./pages/support/Article.tsx')),
  '/releases': page(() => import('./pages/releases/Releases.tsx')),
  '/wallet': page(() => import('./pages/wallet/Wallet.tsx')),
  '/royalties': page(() => import('./pages/royalties/Royalties.tsx')),
  '/analytics': page(() => import('./pages/analytics/Analytics.tsx')),
  '/tickets': page(() => import('./pages/supportTickets/SupportTickets.tsx')),
  '/settings': page(() => import('./pages/settings/Settings.tsx')),
  '/privacy': page(() => import('./pages/legal/Privacy.tsx')),
  '/terms': page(() => import('./pages/legal/Terms.tsx')),
  '/cookies': page(() => import('./pages/legal/Cookies.tsx')),
} satisfies Record<ArtistAppPath, Pick<RouteObject, 'element' | 'handle'>>;

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      ...Object.entries(pages).map(([path, route]) =>
        path === '/' ? { index: true, ...route } : { path: path.slice(1), ...route },
      ),
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
