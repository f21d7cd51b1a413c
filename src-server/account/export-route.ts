/**
 * GET /api/account/export (DATA_EXPORT_PATH): the signed-in user's data as a JSON file download. A plain
 * GET with the session cookie rather than a tRPC query, so a link downloads it, with or without script,
 * under its own name (Content-Disposition). Private: no-store, and only the cookie's user is exported.
 */
import type { Context } from 'hono';
import { dataExportFileName } from '@shared/schemas/account';
import { resolveRequestSession } from '../auth/request-session';
import type { RequestVariables } from '../http/request-context';
import { PRIVATE_CACHE_CONTROL } from '../http/private-answers';
import { hitRateLimit } from '../lib/rate-limit';
import type { AppDeps } from '../trpc';
import { buildDataExport } from './data-export';
import { ACCOUNT_RATE_LIMITS } from './rate-limits';

export function dataExportHandler(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>) {
  const { db, clock, config } = deps;
  return async (c: Context<{ Variables: RequestVariables }>): Promise<Response> => {
    const headers = new Headers({ 'Cache-Control': PRIVATE_CACHE_CONTROL, Vary: 'Cookie' });
    const now = clock.now();
    const { user } = await resolveRequestSession(db, c.req.header('cookie') ?? null, headers, now, config.isHttps);
    if (!user) {
      headers.set('Content-Type', 'application/json');
      return new Response(JSON.stringify({ error: { code: 'UNAUTHENTICATED', message: 'Sign in first' } }), { status: 401, headers });
    }
    const limit = await hitRateLimit(db, ACCOUNT_RATE_LIMITS.exportPerUser, user.id, now);
    if (!limit.allowed) {
      headers.set('Content-Type', 'application/json');
      headers.set('Retry-After', String(limit.retryAfterSeconds));
      return new Response(JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'Too many requests' } }), { status: 429, headers });
    }
    const data = await buildDataExport(db, user, now);
    c.get('logger').info('account data exported', { userId: user.id });
    headers.set('Content-Type', 'application/json; charset=utf-8');
    headers.set('Content-Disposition', `attachment; filename="${dataExportFileName(now)}"`);
    return new Response(`${JSON.stringify(data, null, 2)}\n`, { status: 200, headers });
  };
}
