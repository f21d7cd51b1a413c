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
