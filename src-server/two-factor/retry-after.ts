import { AppError } from '../app-error';
import type { RequestContext } from '../trpc';

/**
 * Runs a two-factor action and, when it was refused for too many wrong codes, answers with the
 * Retry-After header as every rate limit does (trpc.ts refuseRateLimited).
 */
export async function withRetryAfter<T>(ctx: Pick<RequestContext, 'resHeaders'>, action: Promise<T>): Promise<T> {
  try {
    return await action;
  } catch (error) {
    const retryAfter = error instanceof AppError && error.code === 'RATE_LIMITED' ? error.details?.retryAfterSeconds : undefined;
    if (typeof retryAfter === 'number') ctx.resHeaders.set('Retry-After', String(retryAfter));
    throw error;
  }
}
