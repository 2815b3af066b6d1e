import Router from '@koa/router';
import { describe, expect, test } from 'vitest';
import { allRoutes } from './index.ts';
import { indexRouteMatching } from './indexedMatch.ts';

/** Every route of the API on a router of its own (the handlers do nothing: only matching is tested). */
function routerOfAllRoutes(): Router {
  const router = new Router({ prefix: '/api' });
  for (const def of allRoutes()) router[def.method](def.path, async () => undefined);
  return router;
}

/** A match as positions in the router's stack, so two routers' results compare. */
function positions(router: Router, path: string, method: string) {
  const result = router.match(path, method);
  const at = (layer: Router['stack'][number]) => router.stack.indexOf(layer);
  return { path: result.path.map(at), pathAndMethod: result.pathAndMethod.map(at), route: result.route };
}

describe('indexRouteMatching', () => {
  const plain = routerOfAllRoutes();
  const indexed = routerOfAllRoutes();
  indexRouteMatching(indexed);

  const examples = allRoutes().flatMap((def) => {
    const path = `/api${def.path.replace(/:[A-Za-z0-9_]+/g, 'x1')}`;
    return [path, path.toUpperCase(), `${path}/`, `${path}/more`, path.replace(/\/[^/]*$/, '')];
  });
  const others = [
    '/',
    '/api',
    '/api/',
    '//api/releases',
    '/apix/releases',
    '/assets/index.js',
    '/api/nothing-here',
    '/API/AUTH/USER',
    '/Api/Releases',
    '/api/%61uth/user',
    '/api/\u017Fupport-tickets',
    '/api/\u212Aeys',
    '/api/releases//tracks',
    '/api/admin/../releases',
  ];
  const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'get'];

  test('matches what the router matches, for every route and the paths around them', () => {
    let compared = 0;
    let routed = 0;
    for (const path of [...examples, ...others]) {
      for (const method of methods) {
        const expected = positions(plain, path, method);
        expect(positions(indexed, path, method), `${method} ${path}`).toEqual(expected);
        compared += 1;
        if (expected.route) routed += 1;
      }
    }
    // The comparison covered routes that match, not only misses.
    expect(routed).toBeGreaterThan(allRoutes().length);
    expect(compared).toBeGreaterThan(1000);
  });

  test('a route added after the first request is matched too', () => {
    const router = routerOfAllRoutes();
    indexRouteMatching(router);
    expect(router.match('/api/later/one', 'GET').route).toBe(false);
    router.get('/later/:id', async () => undefined);
    expect(router.match('/api/later/one', 'GET').route).toBe(true);
  });

  test('tests only the routes that can match', () => {
    const router = routerOfAllRoutes();
    indexRouteMatching(router);
    let tested = 0;
    for (const layer of router.stack) {
      const match = layer.match.bind(layer);
      layer.match = (path: string) => ((tested += 1), match(path));
    }
    expect(router.match('/api/auth/user', 'GET').route).toBe(true);
    // Those under /api/auth, and any whose first segment is not plain text (none today).
    const first = (path: string) => /^\/([A-Za-z0-9_-]+)(?:\/|$)/.exec(path)?.[1];
    const candidates = allRoutes().filter((def) => [undefined, 'auth'].includes(first(def.path))).length;
    expect(candidates).toBeLessThan(allRoutes().length / 10);
    expect(tested).toBe(candidates);
  });
});
