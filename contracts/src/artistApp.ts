/**
 * The artist app's pages (SPEC §2), as react-router path patterns. web-artist/src/pageLoaders.ts loads
 * exactly these (its type check refuses a page missing here or one more), and the API answers any other
 * path of the app with 404 and the app's own 'Page Not Found' (api/src/static.ts).
 */
export const artistAppPaths = [
  '/',
  '/apply',
  '/about',
  '/contact',
  '/support',
  '/articles/:category',
  '/articles/:category/:id',
  '/releases',
  '/wallet',
  '/royalties',
  '/analytics',
  '/tickets',
  '/settings',
  '/privacy',
  '/terms',
  '/cookies',
  '/invites/:token',
] as const;

export type ArtistAppPath = (typeof artistAppPaths)[number];

/**
 * Matches a path as react-router does: case-insensitive, a trailing slash allowed, `:param` one segment
 * that is not empty.
 */
function pathPattern(path: string): RegExp {
  const segments = path.replace(/^\//, '').split('/').filter(Boolean);
  const body = segments
    .map((segment) =>
      segment.startsWith(':') ? '/[^/]+' : `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
    )
    .join('');
  return new RegExp(`^${body}/?$`, 'i');
}

let patterns: RegExp[] | undefined;

/** Whether the artist app has a page at `pathname` (the URL's path, without its query). */
export function isArtistAppPath(pathname: string): boolean {
  patterns ??= artistAppPaths.map(pathPattern);
  return patterns.some((pattern) => pattern.test(pathname));
}
