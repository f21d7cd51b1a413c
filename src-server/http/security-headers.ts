import type { MiddlewareHandler } from 'hono';

/**
 * Headers that make the browser refuse what this site never does: run inline or foreign scripts, be
 * framed by another site, sniff content types or leak full URLs to other origins.
 * Styles may be inline because Mantine writes its CSS variables into a <style> element at run time.
 */
export function securityHeaders(options: { isHttps: boolean; isDev: boolean }): MiddlewareHandler {
  const csp = [
    "default-src 'self'",
    // Vite's dev server injects the React Refresh preamble inline and talks over a WebSocket.
    options.isDev ? "script-src 'self' 'unsafe-inline'" : "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    // Blog posts may show pictures from other https sites (an admin enters their address).
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    options.isDev ? "connect-src 'self' ws: wss:" : "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set('Content-Security-Policy', csp);
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    headers.set('X-Frame-Options', 'DENY');
    headers.set('Cross-Origin-Opener-Policy', 'same-origin');
    headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (options.isHttps) headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  };
}
