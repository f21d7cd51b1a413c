import type { Context } from 'hono';
import { resolveRequestSession } from '../auth/request-session';
import type { AppDeps, RequestContext } from '../trpc';
import type { RequestVariables } from './request-context';

/**
 * The tRPC context of one HTTP request: the app's dependencies, the request's id, logger and IP, and
 * the session from its cookie. Both the API and the server-rendered pages build it here, so a page's
 * loaders see exactly what an API call would.
 */
export async function createTrpcContext(
  c: Context<{ Variables: RequestVariables }>,
  deps: AppDeps,
  resHeaders: Headers,
): Promise<RequestContext> {
  return {
    ...deps,
    logger: c.get('logger'),
    requestId: c.get('requestId'),
    clientIp: c.get('clientIp'),
    resHeaders,
    ...(await resolveRequestSession(deps.db, c.req.header('cookie') ?? null, resHeaders, deps.clock.now(), deps.config.isHttps)),
  };
}
