/**
 * tRPC's plumbing: the request context and the procedure kinds. Edit this file only to add a kind
 * of procedure or to change what every request carries; domain code lives in the domain folders.
 * https://trpc.io/docs/server/procedures
 */
import { initTRPC } from '@trpc/server';
import { ZodError, z } from 'zod';
import { AppError } from './app-error';
import { isAdmin } from './auth/roles';
import type { Session } from './auth/session';
import type { Config } from './config';
import type { Db } from './db/connect';
import type { UserRow } from './db/schema';
import type { Clock } from './lib/clock';
import type { Logger } from './lib/logger';
import { hitRateLimit, type RateLimitRule } from './lib/rate-limit';

/** What the process provides to every request (built once in main.ts, or by a test). */
export type AppDeps = {
  config: Config;
  db: Db;
  logger: Logger;
  clock: Clock;
  /** Wakes the mail worker after a request queued a mail (the worker also polls on its own). */
  outbox: { kick(): void };
};

/** What one request adds: who is asking and how to answer them. */
export type RequestContext = AppDeps & {
  requestId: string;
  clientIp: string;
  /** Headers to add to the HTTP answer (for example Set-Cookie). */
  resHeaders: Headers;
  /** The session from the request's cookie, and its user; null when signed out. */
  session: Session | null;
  user: UserRow | null;
};

const t = initTRPC.context<RequestContext>().create({
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    return {
      ...shape,
      // Never leak an internal error's text to a visitor.
      message: error.code === 'INTERNAL_SERVER_ERROR' ? 'Internal error' : shape.message,
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        appCode: error instanceof AppError ? error.appCode : cause instanceof ZodError ? 'VALIDATION_FAILED' : null,
        // Field errors let a form mark the inputs the server refused.
        fieldErrors: cause instanceof ZodError ? z.flattenError(cause).fieldErrors : null,
        details: error instanceof AppError ? (error.details ?? null) : null,
      },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

const logErrors = t.middleware(async ({ ctx, path, type, next }) => {
  const result = await next();
  if (!result.ok && result.error.code === 'INTERNAL_SERVER_ERROR') {
    ctx.logger.error('procedure failed', { path, type, error: result.error.cause ?? result.error });
  }
  return result;
});

/** Anyone may call it. */
export const publicProcedure = t.procedure.use(logErrors);

/** A signed-in user (sessions exist only for verified accounts); the user is non-null after it. */
export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.session || !ctx.user) throw new AppError('UNAUTHENTICATED');
  return next({ ctx: { ...ctx, session: ctx.session, user: ctx.user } });
});

/** A signed-in user with the admin role, looked up on every call so a revocation applies at once. */
export const adminProcedure = authedProcedure.use(async ({ ctx, next }) => {
  if (!(await isAdmin(ctx.db, ctx.user.id, ctx.logger))) throw new AppError('FORBIDDEN');
  return next();
});

/** Adds a database-backed rate limit per client IP; over the limit the call fails with HTTP 429. */
export function rateLimitedByIp(rule: RateLimitRule) {
  return t.middleware(async ({ ctx, next }) => {
    await enforceRateLimit(ctx, rule, ctx.clientIp);
    return next();
  });
}

export async function enforceRateLimit(ctx: RequestContext, rule: RateLimitRule, subject: string): Promise<void> {
  const result = await hitRateLimit(ctx.db, rule, subject, ctx.clock.now());
  if (!result.allowed) {
    ctx.resHeaders.set('Retry-After', String(result.retryAfterSeconds));
    throw new AppError('RATE_LIMITED', `rate limit ${rule.name}`, { retryAfterSeconds: result.retryAfterSeconds });
  }
}
