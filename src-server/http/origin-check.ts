import type { Context, MiddlewareHandler } from 'hono';
import { AppError } from '../app-error';
import type { Logger } from '../lib/logger';
import { errorShapeOf } from '../trpc';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const TRPC_PREFIX = '/api/trpc/';

/**
 * CSRF protection for cookie sessions: a request that changes state must come from a page of this
 * site, so its Origin header must equal PUBLIC_URL's origin. Browsers always send Origin on POST.
 * The refusal is logged (a wrong PUBLIC_URL shows up here first) and, for tRPC calls, shaped by tRPC's
 * own error formatter so the page can show its translated message instead of "unexpected error".
 */
export function originCheck(publicUrl: string, exemptPaths: readonly string[] = []): MiddlewareHandler<{ Variables: { logger: Logger } }> {
  const allowed = new URL(publicUrl).origin;
  return async (c, next) => {
    // Exempt paths answer requests that cannot come from our pages and change nothing a forger could
    // want (one-click unsubscribe: the token in the URL is the proof).
    if (SAFE_METHODS.has(c.req.method) || exemptPaths.includes(c.req.path)) return next();
    const origin = c.req.header('origin');
    if (origin === allowed) return next();
    c.get('logger').warn('cross-origin request refused', { origin: origin ?? null, expected: allowed, path: c.req.path });
    return c.req.path.startsWith(TRPC_PREFIX)
      ? trpcRefusal(c)
      : c.json({ error: { code: 'FORBIDDEN_ORIGIN', message: 'Cross-origin request refused' } }, 403);
  };
}

function trpcRefusal(c: Context) {
  const paths = c.req.path.slice(TRPC_PREFIX.length).split(',');
  const refusal = new AppError('FORBIDDEN_ORIGIN', 'Cross-origin request refused');
  const shapes = paths.map((path) => ({ error: errorShapeOf(refusal, path) }));
  const status = shapes[0]?.error.data.httpStatus ?? 403;
  // A batch ("a,b,c") expects one answer per call.
  return c.json(c.req.query('batch') === '1' ? shapes : shapes[0], status as 403);
}
