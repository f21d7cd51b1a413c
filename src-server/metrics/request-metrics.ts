import type { MiddlewareHandler } from 'hono';
import type { RequestMetrics } from './requests';

const TRPC_PREFIX = '/api/trpc/';

/**
 * Records every request's status and duration under a route label from a fixed set (ADR 044):
 * `trpc:<procedure>` for each procedure of the app's router (`trpc_batch` for several in one call,
 * `trpc_unknown` for a name the router does not have), the fixed addresses the app serves under their
 * own path (`fixedPaths`), `api_other` for the rest of /api, `media` for pictures, and for everything
 * else `static` (a file of the client build), `page:<route id>` (`page:/blog/$slug`, the route the
 * renderer matches, `routeIdOf`; `page` when it does not know), `form_post` or `not_found`. The raw
 * path is never a label: random addresses end up as `not_found` and cannot grow the registry, and route
 * ids are the route tree's. Per request this does two map lookups and a few increments (the maps are
 * built once here); a page request also one match, which the router answers from its own bounded cache
 * of recent addresses.
 */
export function requestMetrics(
  metrics: RequestMetrics,
  options: {
    procedures: readonly string[];
    fixedPaths: readonly string[];
    mediaPrefix: string;
    /** The id of the route the page at this path (percent-encoded, as in the URL) renders, if known. */
    routeIdOf: (pathname: string) => string | null;
  },
): MiddlewareHandler {
  const procedureLabels = new Map(options.procedures.map((name) => [`${TRPC_PREFIX}${name}`, `trpc:${name}`]));
  const fixedLabels = new Map(options.fixedPaths.map((path) => [path, path]));
  // Each route id's label is built once, not per request.
  const pageLabels = new Map<string, string>();

  function pageLabel(url: string): string {
    // The path as the page handler reads it (percent-encoded; Hono's c.req.path is decoded).
    const routeId = options.routeIdOf(new URL(url).pathname);
    if (routeId === null) return 'page';
    const known = pageLabels.get(routeId);
    if (known !== undefined) return known;
    const label = `page:${routeId}`;
    pageLabels.set(routeId, label);
    return label;
  }

  function routeLabel(method: string, path: string, url: string, status: number): string {
    const fixed = fixedLabels.get(path);
    if (fixed) return fixed;
    if (path.startsWith(TRPC_PREFIX)) return procedureLabels.get(path) ?? (path.includes(',') ? 'trpc_batch' : 'trpc_unknown');
    if (path.startsWith('/api/')) return 'api_other';
    if (status === 404) return 'not_found';
    if (path.startsWith(options.mediaPrefix)) return 'media';
    if (method === 'POST') return 'form_post';
    // Files of the client build have an extension (/assets/index-3f2a.js, /favicon.ico); pages do not.
    return path.includes('.', path.lastIndexOf('/')) ? 'static' : pageLabel(url);
  }

  return async (c, next) => {
    const started = performance.now();
    await next();
    metrics.observe(routeLabel(c.req.method, c.req.path, c.req.url, c.res.status), c.res.status, (performance.now() - started) / 1000);
  };
}
