import type { Context } from 'hono';

/** The security headers of every answer, as securityHeaders() leaves them in the request's context. */
export type SecurityHeaderSet = {
  /** The base Content-Security-Policy, for an answer that brings none of its own. */
  csp: string;
  /** Set on every answer, over whatever it says. */
  fixed: Readonly<Record<string, string>>;
};

export type AnswerHeaderVariables = { requestId: string; securityHeaders: SecurityHeaderSet };

/** Answers made by answerWithHeaders() with the request id and the security headers already in them. */
const complete = new WeakSet<Response>();

/**
 * An answer with the headers the middleware would add after it (security headers, X-Request-Id) put
 * into its plain header record at once. Adding them afterwards turns the record into a Headers object,
 * which Node's adapter then has to take apart again: for a cheap answer (/healthz, a cached public
 * read) that was about half of what the middleware cost per request (ADR 043). requestContext and
 * securityHeaders leave an answer made here as it is. Header names in `own` are written as in the
 * HTTP spec's examples (`Content-Type`), so that none is sent twice under two spellings.
 */
export function answerWithHeaders(c: Context, body: BodyInit | null, status: number, own: Record<string, string>): Response {
  return answerWithCompleteHeaders(c, body, status, answerHeaders(c, own));
}

/** An answer whose record already holds what answerHeaders() adds (the answer memo keeps such records). */
export function answerWithCompleteHeaders(c: Context, body: BodyInit | null, status: number, headers: Record<string, string>): Response {
  const response = new Response(body, { status, headers });
  // Without either middleware (a unit test's bare app) the ones that do run add their part as before.
  if (c.get('securityHeaders') !== undefined && c.get('requestId') !== undefined) complete.add(response);
  return response;
}

/** `own` with the security headers and the request id added, in a new record. */
export function answerHeaders(c: Context, own: Record<string, string>): Record<string, string> {
  const security = c.get('securityHeaders') as SecurityHeaderSet | undefined;
  const requestId = c.get('requestId') as string | undefined;
  // Object.assign rather than spreads: `{ ...own, ...fixed }` followed by another key was microseconds
  // per request in V8 (Node 20), as much as the rest of the middleware.
  const headers: Record<string, string> =
    security && !('Content-Security-Policy' in own) ? { 'Content-Security-Policy': security.csp } : {};
  Object.assign(headers, own, security?.fixed);
  if (requestId !== undefined) headers['X-Request-Id'] = requestId;
  return headers;
}

/** Whether `response` already carries the request id and the security headers (answerWithHeaders). */
export function carriesAnswerHeaders(response: Response): boolean {
  return complete.has(response);
}
