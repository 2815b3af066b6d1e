import type { QueryClient } from '@tanstack/react-query';
import { useRoutes, type RouteObject } from 'react-router';
import { signedInHint } from './api/auth.ts';
import { categoriesQuery, popularQuery } from './api/help.ts';
import { Layout } from './components/Layout/Layout.tsx';
import { lazyPage } from './components/Page/lazyPage.tsx';
import Home, { dashboard } from './pages/home/Home.tsx';
import { notFoundLoader, pageLoaders, type PagePath } from './pageLoaders.ts';

export interface PageHandle {
  preload: (queryClient: QueryClient) => Promise<unknown>;
}

/**
 * The queries a page asks as it opens (its `pageRequests` in pageLoaders.ts, which the page preloader
 * starts): the first render waits for them too, so the page paints with its content.
 */
const pageData: Partial<Record<PagePath, (queryClient: QueryClient) => Promise<unknown>>> = {
  '/support': (queryClient) =>
    Promise.all([queryClient.prefetchQuery(categoriesQuery), queryClient.prefetchQuery(popularQuery)]),
};

/**
 * A page in a chunk of its own: the landing does not download the other pages. `handle.preload` fetches the
 * chunk and the page's first data (main.tsx calls it for the address being opened, before the first
 * render), so the page paints in the first frame, with its content, instead of behind the Suspense
 * fallback.
 */
function page(
  load: Parameters<typeof lazyPage>[0],
  data?: PageHandle['preload'],
): Pick<RouteObject, 'element' | 'handle'> {
  const { Page, preload } = lazyPage(load);
  const handle: PageHandle = {
    preload: (queryClient) => Promise.all([preload(), data?.(queryClient)]),
  };
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
 * other pages are `pageLoaders`' (their paths are contracts' `artistAppPaths`, which the API answers 200;
 * any other path is 404 and the app's 'Page Not Found').
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { index: true, ...home },
      ...(Object.keys(pageLoaders) as PagePath[]).map((path) => ({
        path: path.slice(1),
        ...page(pageLoaders[path], pageData[path]),
      })),
      { path: '*', ...page(notFoundLoader) },
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
