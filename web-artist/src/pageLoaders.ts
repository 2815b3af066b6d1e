import type { ComponentType } from 'react';
import type { ArtistAppPath } from '@riffline/contracts';

type PageLoader = () => Promise<{ default: ComponentType }>;

/**
 * Each page's chunk, by its path (SPEC §2: `artistAppPaths` in contracts, which the API answers 200): the
 * route table (routes.tsx) renders them, and the page preloader (preloadPage.ts) starts the opened one
 * beside the entry script. `/` is Home, in the entry script itself; the type refuses a page missing here,
 * or one more.
 */
export const pageLoaders = {
  '/apply': () => import('./pages/apply/Apply.tsx'),
  '/about': () => import('./pages/public/About.tsx'),
  '/contact': () => import('./pages/contact/Contact.tsx'),
  '/support': () => import('./pages/support/Support.tsx'),
  '/articles/:category': () => import('./pages/support/Category.tsx'),
  '/articles/:category/:id': () => import('./pages/support/Article.tsx'),
  '/releases': () => import('./pages/releases/Releases.tsx'),
  '/wallet': () => import('./pages/wallet/Wallet.tsx'),
  '/royalties': () => import('./pages/royalties/Royalties.tsx'),
  '/analytics': () => import('./pages/analytics/Analytics.tsx'),
  '/tickets': () => import('./pages/supportTickets/SupportTickets.tsx'),
  '/settings': () => import('./pages/settings/Settings.tsx'),
  '/privacy': () => import('./pages/legal/Privacy.tsx'),
  '/terms': () => import('./pages/legal/Terms.tsx'),
  '/cookies': () => import('./pages/legal/Cookies.tsx'),
  '/invites/:token': () => import('./pages/invites/Invite.tsx'),
} satisfies Record<Exclude<ArtistAppPath, '/'>, PageLoader>;

/** Any other path: the app's 'Page Not Found'. */
export const notFoundLoader: PageLoader = () => import('./pages/public/NotFound.tsx');

export type PagePath = keyof typeof pageLoaders;

/**
 * The API requests a page makes as it opens (the same URLs as its queries in `api/`): the preloader asks
 * them beside the page's chunk, and the first render waits for their answers (routes.tsx), so the page
 * paints with its content instead of moving when it comes in.
 */
export const pageRequests: Partial<Record<PagePath, string[]>> = {
  '/support': ['/api/help/categories', '/api/help/articles/popular'],
};

/**
 * The page at `pathname`, matched as react-router matches (case-insensitive, a trailing slash allowed):
 * `/` (Home, in the entry script), a page of `pageLoaders`, or null for 'Page Not Found'.
 */
export function pageAt(pathname: string): '/' | PagePath | null {
  const path = pathname.replace(/(.)\/$/, '$1').toLowerCase();
  if (path === '/') return '/';
  const pages = Object.keys(pageLoaders) as PagePath[];
  return pages.find((page) => new RegExp(`^${page.replace(/:[^/]+/g, '[^/]+')}$`).test(path)) ?? null;
}
