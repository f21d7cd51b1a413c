import type { AnyRouter } from '@tanstack/react-router';

/**
 * Whether no route of the app has this address, so that the router answers it with the root's 404 page
 * (`notFoundMode: 'root'`). The same test as the router's own (RouterCore.matchRoutesInternal): no route
 * found, or only a layout with the rest of the path left over. `pathname` as the router reads it (decoded).
 */
export function isUnknownPath(router: AnyRouter, pathname: string): boolean {
  const [, rawParams, foundRoute] = router.getMatchedRoutes(pathname);
  if (!foundRoute) return pathname.replace(/\/+$/, '') !== '';
  return foundRoute.path !== '/' && Boolean(rawParams['**']);
}

/**
 * The id of the route the router renders at this address (its deepest match, e.g. `/blog/$slug`), or
 * null for the root's 404 page. One of the route tree's ids, so a bounded set whatever the address.
 * `pathname` as the router reads it (decoded). The router keeps recent matches in a bounded cache of
 * its own, so the second lookup after isUnknownPath's costs a map read.
 */
export function routeIdAt(router: AnyRouter, pathname: string): string | null {
  if (isUnknownPath(router, pathname)) return null;
  const [branch] = router.getMatchedRoutes(pathname);
  return branch.at(-1)?.id ?? null;
}

/**
 * Whether the page at this address is the same for everyone with the same role: no route on the way is
 * private (one person's page) or rendered per request (a form's token). The server renders such a page
 * once per language and role and shares it (docs/decisions/045-pages-shared-by-role.md). The root's 404
 * page is one of them. `pathname` as the router reads it (decoded).
 */
export function isSharedAt(router: AnyRouter, pathname: string): boolean {
  const [branch] = router.getMatchedRoutes(pathname);
  return !branch.some((route) => route.options.staticData?.private === true || route.options.staticData?.fresh === true);
}
