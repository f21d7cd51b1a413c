import type { MiddlewareHandler } from 'hono';
import type { RequestMetrics } from './requests';

const TRPC_PREFIX = '/api/trpc/';
/** Page addresses whose label is remembered: every page in its languages, and more. */
const ADDRESS_LABELS_KEPT = 2000;

export type RequestRecorder = {
  /** Times every request that passes through it. */
  middleware: MiddlewareHandler;
  /**
   * Records a request answered before it reached the middleware (the answer memo): its method, path (as
   * Hono's c.req.path: decoded) and URL; `started` from performance.now().
   */
  record(method: string, path: string, url: string, status: number, started: number): void;
};

/**
 * Records every request's status and duration under a route label from a fixed set (ADR 044):
 * `trpc:<procedure>` for each procedure of the app's router (`trpc_batch` for several in one call,
 * `trpc_unknown` for a name the router does not have), the fixed addresses the app serves under their
 * own path (`fixedPaths`), `api_other` for the rest of /api, `media` for pictures, and for everything
 * else `static` (a file of the client build), `page:<route id>` (`page:/blog/$slug`, the route the
 * renderer matches, `routeIdOf`; `page` when it does not know), `form_post` or `not_found`. The raw
 * path is never a label: random addresses end up as `not_found` and cannot grow the registry, and route
 * ids are the route tree's. Per request this does two map lookups and a few increments (the maps are
 * built once here); a page's label is remembered by its path (the first request of a path matches it).
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
): RequestRecorder {
  const procedureLabels = new Map(options.procedures.map((name) => [`${TRPC_PREFIX}${name}`, `trpc:${name}`]));
  const fixedLabels = new Map(options.fixedPaths.map((path) => [path, path]));
  // Each route id's label is built once, not per request.
  const routeLabels = new Map<string, string>();
  // The label of each recently asked page address: parsing the URL and matching the route took a good
  // part of a cached page's time (ADR 050). Addresses are not a bounded set: the map starts over when full.
  const labelsByAddress = new Map<string, string>();

  function pageLabel(url: string): string {
    // The path as it came, after the origin and before the query: the key the label is remembered by.
    const start = url.indexOf('/', url.indexOf('//') + 2);
    const query = url.indexOf('?', start);
    const address = query === -1 ? url.slice(start) : url.slice(start, query);
    const known = labelsByAddress.get(address);
    if (known !== undefined) return known;
    if (labelsByAddress.size >= ADDRESS_LABELS_KEPT) labelsByAddress.clear();
    // The path as the page handler reads it (percent-encoded; Hono's c.req.path is decoded).
    const label = routeLabelOf(options.routeIdOf(new URL(url).pathname));
    labelsByAddress.set(address, label);
    return label;
  }

  function routeLabelOf(routeId: string | null): string {
    if (routeId === null) return 'page';
    const known = routeLabels.get(routeId);
    if (known !== undefined) return known;
    const label = `page:${routeId}`;
    routeLabels.set(routeId, label);
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

  const record = (method: string, path: string, url: string, status: number, started: number) =>
    metrics.observe(routeLabel(method, path, url, status), status, (performance.now() - started) / 1000);
  return {
    middleware: async (c, next) => {
      const started = performance.now();
      await next();
      record(c.req.method, c.req.path, c.req.url, c.res.status, started);
    },
    record,
  };
}
