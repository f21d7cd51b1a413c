import type { Context, MiddlewareHandler } from 'hono';
import type { Logger } from '../lib/logger';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const TRPC_PREFIX = '/api/trpc/';

/**
 * CSRF protection for cookie sessions: a request that changes state must come from a page of this
 * site, so its Origin header must equal PUBLIC_URL's origin. Browsers always send Origin on POST.
 * The refusal is logged (a wrong PUBLIC_URL shows up here first) and, for tRPC calls, shaped as tRPC
 * errors so the page can show its translated message instead of "unexpected error".
 */
export function originCheck(publicUrl: string): MiddlewareHandler<{ Variables: { logger: Logger } }> {
  const allowed = new URL(publicUrl).origin;
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    if (origin === allowed) return next();
    c.get('logger').warn('cross-origin request refused', { origin: origin ?? null, expected: allowed, path: c.req.path });
    return c.req.path.startsWith(TRPC_PREFIX) ? trpcRefusal(c) : c.json({ error: { code: 'FORBIDDEN_ORIGIN', message: 'Cross-origin request refused' } }, 403);
  };
}

function trpcRefusal(c: Context) {
  const error = {
    error: {
      message: 'Cross-origin request refused',
      code: -32003, // tRPC's FORBIDDEN
      data: { code: 'FORBIDDEN', httpStatus: 403, appCode: 'FORBIDDEN_ORIGIN', fieldErrors: null, details: null },
    },
  };
  if (c.req.query('batch') !== '1') return c.json(error, 403);
  // A batch ("a,b,c") expects one answer per call.
  const calls = c.req.path.slice(TRPC_PREFIX.length).split(',').length;
  return c.json(Array.from({ length: calls }, () => error), 403);
}
