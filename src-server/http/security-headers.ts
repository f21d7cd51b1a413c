import type { MiddlewareHandler } from 'hono';
import { carriesAnswerHeaders, type SecurityHeaderSet } from './answer-headers';

/**
 * The Content-Security-Policy of every answer: the browser runs no script but this site's own files
 * and, on a rendered page, exactly the inline scripts the server wrote into it (the router's state for
 * hydration), named by their SHA-256 hashes. Styles may be inline because Mantine writes its CSS
 * variables into a <style> element.
 */
export function contentSecurityPolicy(options: {
  isDev: boolean;
  scriptHashes?: readonly string[];
  /** Other sites a form's post may redirect to (the payment page after a donation posted without scripts). */
  formTargets?: readonly string[];
}): string {
  const hashes = (options.scriptHashes ?? []).map((hash) => ` 'sha256-${hash}'`).join('');
  const formTargets = (options.formTargets ?? []).map((origin) => ` ${origin}`).join('');
  return [
    "default-src 'self'",
    // Vite's dev server injects the React Refresh preamble inline (hashes would switch 'unsafe-inline' off).
    options.isDev ? "script-src 'self' 'unsafe-inline'" : `script-src 'self'${hashes}`,
    "style-src 'self' 'unsafe-inline'",
    // Blog posts may show pictures from other https sites (an admin enters their address).
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    options.isDev ? "connect-src 'self' ws: wss:" : "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self'${formTargets}`,
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Headers that make the browser refuse what this site never does: run inline or foreign scripts, be
 * framed by another site, sniff content types or leak full URLs to other origins. A rendered page
 * brings its own Content-Security-Policy (with its scripts' hashes); every other answer gets the base one.
 */
export function securityHeaders(options: { isHttps: boolean; isDev: boolean }): MiddlewareHandler<{
  Variables: { securityHeaders: SecurityHeaderSet };
}> {
  const csp = contentSecurityPolicy({ isDev: options.isDev });
  // Made once: every answer gets the same list.
  const fixed: ReadonlyArray<readonly [string, string]> = [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()'],
    ...(options.isHttps ? [['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] as const] : []),
  ];
  // The same, for answers that write them into their own header record (answer-headers.ts).
  const set: SecurityHeaderSet = { csp, fixed: Object.fromEntries(fixed) };
  return async (c, next) => {
    c.set('securityHeaders', set);
    await next();
    if (carriesAnswerHeaders(c.res)) return;
    const headers = c.res.headers;
    if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', csp);
    for (const [name, value] of fixed) headers.set(name, value);
  };
}
