import { randomUUID } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import type { Logger } from '../lib/logger';
import { carriesAnswerHeaders } from './answer-headers';

type Fields = Record<string, unknown>;

/**
 * The request's logger: the app's logger with the request id added to each line, as `logger.child`
 * would, but made without a closure per method and level; most requests log nothing but their one
 * line, so this costs one small object per request (ADR 043).
 */
class RequestLogger implements Logger {
  constructor(
    private readonly parent: Logger,
    private readonly requestId: string,
  ) {}
  debug(message: string, fields?: Fields) {
    this.parent.debug(message, { requestId: this.requestId, ...fields });
  }
  info(message: string, fields?: Fields) {
    this.parent.info(message, { requestId: this.requestId, ...fields });
  }
  warn(message: string, fields?: Fields) {
    this.parent.warn(message, { requestId: this.requestId, ...fields });
  }
  error(message: string, fields?: Fields) {
    this.parent.error(message, { requestId: this.requestId, ...fields });
  }
  child(fields: Fields): Logger {
    return this.parent.child({ requestId: this.requestId, ...fields });
  }
}

export type RequestVariables = { requestId: string; logger: Logger; clientIp: string };

/**
 * Gives each request an id (echoed as X-Request-Id), a logger that carries it, and the client's IP,
 * and logs every request at info with method, path, status and duration. Behind one reverse proxy set
 * TRUST_PROXY=true so the IP comes from the last X-Forwarded-For entry (the one that proxy added)
 * instead of the socket.
 */
export function requestContext(logger: Logger, trustProxy: boolean): MiddlewareHandler<{ Variables: RequestVariables }> {
  return async (c, next) => {
    const requestId = randomUUID();
    const requestLogger = new RequestLogger(logger, requestId);
    c.set('requestId', requestId);
    c.set('logger', requestLogger);
    c.set('clientIp', clientIp(c, trustProxy));
    const started = performance.now();
    await next();
    // An answer made with answerWithHeaders() has it already; setting it again would cost a Headers object.
    if (!carriesAnswerHeaders(c.res)) c.res.headers.set('X-Request-Id', requestId);
    logRequest(logger, requestId, c.req.method, c.req.path, c.res.status, started);
  };
}

/** The access log's line for a request answered with `status`, started at `started` (performance.now()). */
export function logRequest(logger: Logger, requestId: string, method: string, path: string, status: number, started: number): void {
  logger.info('request', { requestId, method, path, status, ms: Math.round(performance.now() - started) });
}

function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    // The rightmost entry is the one our own proxy appended; everything left of it the client can forge.
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown'; // no Node socket, e.g. app.request() in a unit test
  }
}
