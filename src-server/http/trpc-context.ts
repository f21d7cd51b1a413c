import type { Context } from 'hono';
import { resolveRequestSession } from '../auth/request-session';
import type { Session } from '../auth/session';
import type { UserRow } from '../db/schema';
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
  /** The session when the caller has read it already (a page request, pages/page-viewer.ts). */
  auth?: { session: Session | null; user: UserRow | null },
): Promise<RequestContext> {
  return {
    ...deps,
    logger: c.get('logger'),
    requestId: c.get('requestId'),
    clientIp: c.get('clientIp'),
    resHeaders,
    ...(auth ?? (await resolveRequestSession(deps.db, c.req.header('cookie') ?? null, resHeaders, deps.clock.now(), deps.config.isHttps))),
  };
}
