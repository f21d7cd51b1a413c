import { readCookie } from '@shared/read-cookie';

/**
 * The session cookie: HttpOnly (no script can read it), SameSite=Lax (not sent on cross-site POSTs),
 * Path=/, Secure when the site runs on https, and an explicit expiry that follows the session's.
 * On https its name carries the `__Host-` prefix: a browser then keeps it only with Secure, Path=/ and
 * no Domain, so neither a plain-http page nor a sibling subdomain can set or overwrite it.
 */
export const SESSION_COOKIE = 'schoolbox_session';

export const sessionCookieName = (secure: boolean) => (secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE);

export function setSessionCookie(headers: Headers, token: string, expiresAt: Date, now: Date, secure: boolean): void {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
  headers.append('Set-Cookie', serialize(token, `Max-Age=${maxAge}; Expires=${expiresAt.toUTCString()}`, secure));
}

export function deleteSessionCookie(headers: Headers, secure: boolean): void {
  headers.append('Set-Cookie', serialize('', 'Max-Age=0', secure));
}

function serialize(value: string, expiry: string, secure: boolean): string {
  return `${sessionCookieName(secure)}=${value}; HttpOnly; SameSite=Lax; Path=/; ${expiry}${secure ? '; Secure' : ''}`;
}

/** The session token of a request: on https only the `__Host-` cookie counts. */
export function readSessionToken(cookieHeader: string | null, secure: boolean): string | null {
  return readCookie(cookieHeader, sessionCookieName(secure));
}
