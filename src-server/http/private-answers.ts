import type { MiddlewareHandler } from 'hono';

/** How an API answer for one visitor may be cached: not at all, by nobody. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/**
 * API answers belong to the one who asked (an admin's subscriber list, the orders, the CSV export, the
 * result of a write): neither the browser nor a proxy on the way may keep them, and a cache that keys
 * by address alone must tell one visitor's answer from another's by the cookie. An answer that already
 * says how it may be cached keeps its own headers: that is a public read from public-read-cache.ts.
 */
export function privateAnswers(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    if (headers.has('Cache-Control')) return;
    headers.set('Cache-Control', PRIVATE_CACHE_CONTROL);
    headers.append('Vary', 'Cookie');
  };
}
