/**
 * tRPC's plumbing: the request context, the one error formatter and the procedure kinds. Edit this
 * file only to add a kind of procedure or to change what every request carries; domain code lives in
 * the domain folders.
 * https://trpc.io/docs/server/procedures
 */
import { getTRPCErrorFromUnknown, getTRPCErrorShape, initTRPC, type TRPCError, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type Stripe from 'stripe';
import { ZodError, z } from 'zod';
import type { AppErrorCode } from '@shared/errors';
import { AppError, appErrorCodeOf } from './app-error';
import { isAdmin } from './auth/roles';
import type { Session } from './auth/session';
import type { Config } from './config';
import type { Db } from './db/connect';
import { isInvalidText } from './db/invalid-text';
import { isStorageFull } from './db/storage-full';
import type { UserRow } from './db/schema';
import { isClientAbort } from './http/client-abort';
import type { Clock } from './lib/clock';
import type { ContentVersion } from './lib/content-version';
import type { Logger } from './lib/logger';
import type { MediaStorage } from './media/storage';
import type { Metrics } from './metrics/registry';
import { hitRateLimit, type RateLimitRule } from './lib/rate-limit';
import type { ShopServices } from './shop/services';
import type { LegalHistory } from './site/legal-history';
import { hasTwoFactor } from './two-factor/secrets';

/**
 * What the process provides to every request: built once by the runtime (runtime.ts, or a test's), and
 * the only way a service reaches code (ADR 024): no module-level lookups.
 */
export type AppDeps = {
  config: Config;
  db: Db;
  logger: Logger;
  clock: Clock;
  /** The shop's provider and cached catalog, one per runtime (shared with the order worker). */
  shop: ShopServices;
  /** The version of public content; bump() after a write to it retires every cache built on it. */
  content: ContentVersion;
  /** Orders, donations and payments still held with a person's data: the legal pages describe them (ADR 055). */
  legalHistory: LegalHistory;
  /** Wakes the mail worker after a request queued a mail (the worker also polls on its own). */
  outbox: { kick(): void };
  /** Wakes the newsletter queue worker after "send" (it also polls on its own). */
  newsletterQueue: { kick(): void };
  /** Wakes the order worker after a paid order was recorded (it also polls on its own). */
  orderQueue: { kick(): void };
  /** The Stripe client (payments/stripe-client.ts); null when STRIPE_SECRET_KEY is unset (payments off). */
  stripe: Stripe | null;
  /** Where uploaded pictures are kept (ADR 036): the database by default. */
  media: MediaStorage;
  /** What /metrics reports (ADR 044): request and cache counters, the workers' last runs. */
  metrics: Metrics;
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

/** Who may call a procedure. Set by the procedure kinds below; the authorization tests read it. */
export type ProcedureAccess = 'public' | 'user' | 'admin';
export type ProcedureMeta = { access: ProcedureAccess };

// ---------------------------------------------------------------------------------------------
// Errors: domain code throws AppError; this is the one place that turns any error into the wire shape.

/** The tRPC code each domain error goes over the wire with; it also decides the HTTP status. A new code in
 * src-shared/errors.ts fails the typecheck until it is added here. */
const WIRE_CODE: Record<AppErrorCode, TRPC_ERROR_CODE_KEY> = {
  VALIDATION_FAILED: 'BAD_REQUEST',
  ACCOUNT_EXISTS: 'CONFLICT',
  INVALID_CREDENTIALS: 'UNAUTHORIZED',
  EMAIL_NOT_VERIFIED: 'FORBIDDEN',
  TOKEN_INVALID: 'BAD_REQUEST',
  UNAUTHENTICATED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  RATE_LIMITED: 'TOO_MANY_REQUESTS',
  FORBIDDEN_ORIGIN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  // The shop depends on Printful: when neither it nor a cached catalog answers, the service is unavailable.
  SHOP_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  // The request is fine but the shop's state refuses it (orders switched off, a variant gone).
  ORDERS_DISABLED: 'CONFLICT',
  PRODUCT_UNAVAILABLE: 'CONFLICT',
  NEWSLETTER_ALREADY_SENT: 'CONFLICT',
  EDIT_CONFLICT: 'CONFLICT',
  FORM_EXPIRED: 'BAD_REQUEST',
  // Only ever a posted form's refusal (its page says so): no procedure raises it.
  FORM_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  WITHDRAWAL_ORDER_UNKNOWN: 'NOT_FOUND',
  // The order is found, but its state refuses the withdrawal (cancelled or refunded already).
  WITHDRAWAL_ORDER_CANCELLED: 'CONFLICT',
  // Not UNAUTHORIZED: the session is fine, and the client takes a 401 for a session that ended.
  WRONG_PASSWORD: 'BAD_REQUEST',
  EMAIL_TAKEN: 'CONFLICT',
  LAST_ADMIN: 'CONFLICT',
  // Like ORDERS_DISABLED: the installation has no online donations; trying again will not change that.
  DONATIONS_OFFLINE: 'CONFLICT',
  // Like SHOP_UNAVAILABLE: Stripe did not answer or refused; the next click may well work.
  PAYMENT_PROVIDER_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  ORDER_NOT_CANCELLABLE: 'CONFLICT',
  // The session is fine; the admin screens wait until the second factor is set up.
  TWO_FACTOR_REQUIRED: 'FORBIDDEN',
  // Like WRONG_PASSWORD: not UNAUTHORIZED, which the client takes for a session that ended.
  TWO_FACTOR_CODE_INVALID: 'BAD_REQUEST',
  SIGN_IN_EXPIRED: 'BAD_REQUEST',
  TWO_FACTOR_ALREADY_ENABLED: 'CONFLICT',
  TWO_FACTOR_NOT_ENABLED: 'CONFLICT',
  // The server, not the request, is at fault, and it lasts until the operator frees space.
  STORAGE_FULL: 'SERVICE_UNAVAILABLE',
  INTERNAL: 'INTERNAL_SERVER_ERROR',
};

/** The HTTP status the API answers a procedure's failure with; a page whose data failed so answers by it (pages/failed-data.ts). */
export function httpStatusOf(cause: unknown): number {
  return getHTTPStatusCodeFromError({ code: wireCode(getTRPCErrorFromUnknown(cause)) } as TRPCError);
}

function wireCode(error: TRPCError): TRPC_ERROR_CODE_KEY {
  if (error.cause instanceof AppError) return WIRE_CODE[error.cause.code];
  if (isClientAbort(error.cause)) return 'CLIENT_CLOSED_REQUEST';
  if (isInvalidText(error.cause)) return 'BAD_REQUEST';
  if (isStorageFull(error.cause)) return WIRE_CODE.STORAGE_FULL;
  return error.code;
}

function formatError(error: TRPCError) {
  const appError = error.cause instanceof AppError ? error.cause : null;
  const zodError = error.cause instanceof ZodError ? error.cause : null;
  const invalidText = isInvalidText(error.cause);
  const appCode = appErrorCodeOf(error.cause);
  const code = wireCode(error);
  // Never leak an internal error's text to a visitor, nor the database's (a refused text, a full disk).
  const databaseRefusal = invalidText ? 'Invalid text' : !appError && appCode === 'STORAGE_FULL' ? 'Storage full' : null;
  return {
    message: code === 'INTERNAL_SERVER_ERROR' ? 'Internal error' : (databaseRefusal ?? error.message),
    code: TRPC_ERROR_CODES_BY_KEY[code],
    data: {
      code,
      httpStatus: getHTTPStatusCodeFromError({ code } as TRPCError),
      appCode,
      // Field errors let a form mark the inputs the server refused.
      fieldErrors: zodError ? z.flattenError(zodError).fieldErrors : null,
      details: appError?.details ?? null,
    },
  };
}

const t = initTRPC
  .context<RequestContext>()
  .meta<ProcedureMeta>()
  .create({ errorFormatter: ({ error }) => formatError(error) });

/** The wire shape of an error raised outside a procedure (the origin check), exactly as a procedure's. */
export function errorShapeOf(cause: unknown, path?: string) {
  return getTRPCErrorShape({
    config: t._config,
    error: getTRPCErrorFromUnknown(cause),
    type: 'unknown',
    path,
    input: undefined,
    ctx: undefined,
  });
}

export const router = t.router;
/** Calls procedures without HTTP, with a context built by the caller (tests, server-side rendering). */
export const createCallerFactory = t.createCallerFactory;

const logErrors = t.middleware(async ({ ctx, path, type, next }) => {
  const result = await next();
  if (result.ok) return result;
  const { cause } = result.error;
  if (isClientAbort(cause)) {
    ctx.logger.info('client closed the connection before its request was read', { path });
  } else if (isInvalidText(cause)) {
    // A schema let through text the database refuses (see db/invalid-text.ts): a gap to close, not an outage.
    ctx.logger.warn('the database refused the text of a request', { path, type });
  } else if (isStorageFull(cause)) {
    // The operator must free space: the error and its code (SQLITE_FULL, 53100) say where.
    ctx.logger.error("a write failed: the server's storage is full", { path, type, error: cause });
  } else if (wireCode(result.error) === 'INTERNAL_SERVER_ERROR') {
    ctx.logger.error('procedure failed', { path, type, error: cause ?? result.error });
  }
  return result;
});

// ---------------------------------------------------------------------------------------------
// The procedure kinds. The guards run before `.input()`, so a caller without the right is refused
// before their input is even read.

/** Anyone may call it. */
export const publicProcedure = t.procedure.meta({ access: 'public' }).use(logErrors);

/** A signed-in user (sessions exist only for verified accounts); the user is non-null after it. */
export const authedProcedure = publicProcedure.meta({ access: 'user' }).use(({ ctx, next }) => {
  if (!ctx.session || !ctx.user) throw new AppError('UNAUTHENTICATED');
  return next({ ctx: { ...ctx, session: ctx.session, user: ctx.user } });
});

/**
 * A signed-in user with the admin role, looked up on every call so a revocation applies at once. With
 * ADMIN_2FA_REQUIRED, only once the admin has two-factor sign-in (ADR 041).
 */
export const adminProcedure = authedProcedure.meta({ access: 'admin' }).use(async ({ ctx, next }) => {
  if (!(await isAdmin(ctx.db, ctx.user.id, ctx.logger))) throw new AppError('FORBIDDEN');
  if (ctx.config.admin2faRequired && !(await hasTwoFactor(ctx.db, ctx.user.id))) throw new AppError('TWO_FACTOR_REQUIRED');
  return next();
});

/** For a procedure that queues mail: once it succeeded, the mail worker is woken to send it now. */
export const queuesMail = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  if (result.ok) ctx.outbox.kick();
  return result;
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
  if (!result.allowed) refuseRateLimited(ctx, rule.name, result.retryAfterSeconds);
}

/** Answers HTTP 429 with a Retry-After header. */
export function refuseRateLimited(ctx: RequestContext, ruleName: string, retryAfterSeconds: number): never {
  ctx.resHeaders.set('Retry-After', String(retryAfterSeconds));
  throw new AppError('RATE_LIMITED', `rate limit ${ruleName}`, { retryAfterSeconds });
}
