import type { Context, Next } from 'hono';
import type { RequestVariables } from '../http/request-context';
import type { AppDeps } from '../trpc';
import { metricsAccess } from './access';
import { EXPOSITION_CONTENT_TYPE } from './exposition';
import { scrapeMetrics } from './scrape';

export const METRICS_PATH = '/metrics';

/**
 * GET /metrics: the Prometheus exposition (scrape.ts) for a caller metricsAccess lets in; anyone else
 * is passed on to the next route, the page handler, and gets the 404 page any unknown address gets, so
 * the endpoint is not revealed. Never cached.
 */
export function metricsHandler(deps: Pick<AppDeps, 'config' | 'db' | 'clock' | 'metrics'>) {
  const mayRead = metricsAccess(deps.config.metricsToken);
  return async (c: Context<{ Variables: RequestVariables }>, next: Next) => {
    if (!mayRead(c.req.header('authorization'), c.get('clientIp'))) return next();
    const text = await scrapeMetrics(deps);
    return c.body(text, 200, { 'Content-Type': EXPOSITION_CONTENT_TYPE, 'Cache-Control': 'no-store' });
  };
}
