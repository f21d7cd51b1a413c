import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Who may read /metrics (ADR 044): a request with `Authorization: Bearer <METRICS_TOKEN>`, or one from
 * this machine. "From this machine" is the client IP request-context.ts worked out: the socket's
 * address, or with TRUST_PROXY=true the address the reverse proxy put in X-Forwarded-For. Behind a
 * proxy on the same host every socket is local, so the socket alone would let the whole internet in;
 * the forwarded address is the visitor's. A scraper on the same host that talks to the app's port
 * directly (no X-Forwarded-For) still counts as local.
 */
export function metricsAccess(token: string | null): (authorization: string | undefined, clientIp: string) => boolean {
  const expected = token ? digest(token) : null;
  return (authorization, clientIp) => {
    if (isLoopback(clientIp)) return true;
    if (!expected || !authorization?.startsWith('Bearer ')) return false;
    // Compared as digests: equal length whatever was sent, and in constant time.
    return timingSafeEqual(digest(authorization.slice('Bearer '.length).trim()), expected);
  };
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

export function isLoopback(ip: string): boolean {
  return ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.');
}
