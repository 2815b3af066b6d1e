import type Router from '@koa/router';

type Layer = Router['stack'][number];
type MatchResult = ReturnType<Router['match']>;

/** A route path's first segment after the prefix when it is plain text (`/api/releases/:id` → `releases`). */
const LITERAL_FIRST = /^\/api\/([A-Za-z0-9_-]+)(?:\/|$)/;
/** The same of a request's path, lower-cased as the router's case-insensitive patterns compare it. */
const REQUEST_FIRST = /^\/api\/([^/]*)/i;

/**
 * @koa/router tests a request's path against every route's pattern in turn (about 150 here, with a debug
 * call each), a cost every request pays however few routes could match it. This gives a router a
 * `match` that tests only the routes whose path can match: those whose first segment after `/api/` is the
 * request's, and those whose first segment is not plain text (a parameter, say). Each candidate is still
 * tested by its own pattern, in the router's order, so the result is the router's own (a test holds it
 * equal for every route and the paths around them, upper case and odd characters included).
 */
export function indexRouteMatching(router: Router): void {
  let indexed: { size: number; bySegment: Map<string, Layer[]>; other: Layer[] } | null = null;
  const index = () => {
    if (indexed?.size === router.stack.length) return indexed;
    const firstOf = (layer: Layer) =>
      typeof layer.path === 'string' ? LITERAL_FIRST.exec(layer.path)?.[1]?.toLowerCase() : undefined;
    const bySegment = new Map<string, Layer[]>();
    for (const layer of router.stack) {
      const first = firstOf(layer);
      if (first !== undefined) bySegment.set(first, []);
    }
    // Each segment's candidates in the router's order: its own routes and the others, interleaved.
    const other: Layer[] = [];
    for (const layer of router.stack) {
      const first = firstOf(layer);
      if (first !== undefined) bySegment.get(first)!.push(layer);
      else for (const layers of [other, ...bySegment.values()]) layers.push(layer);
    }
    indexed = { size: router.stack.length, bySegment, other };
    return indexed;
  };

  router.match = (path: string, method: string): MatchResult => {
    const first = REQUEST_FIRST.exec(path)?.[1];
    const { bySegment, other } = index();
    const candidates = first === undefined ? other : (bySegment.get(first.toLowerCase()) ?? other);
    const result: MatchResult = { path: [], pathAndMethod: [], route: false };
    const wanted = method.toUpperCase();
    for (const layer of candidates) {
      if (!layer.match(path)) continue;
      result.path.push(layer);
      if (layer.methods.length === 0 || layer.methods.includes(wanted)) {
        result.pathAndMethod.push(layer);
        if (layer.methods.length > 0) result.route = true;
      }
    }
    return result;
  };
}
