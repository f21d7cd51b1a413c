import { readCookie } from '../http/read-cookie';

/**
 * The session cookie: HttpOnly (no script can read it), SameSite=Lax (not sent on cross-site POSTs),
 * Path=/, Secure when the site runs on https, and an explicit expiry that follows the session's.
 */
export const SESSION_COOKIE = 'schoolbox_session';

export function setSessionCookie(headers: Headers, token: string, expiresAt: Date, now: Date, secure: boolean): void {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
  headers.append('Set-Cookie', serialize(token, `Max-Age=${maxAge}; Expires=${expiresAt.toUTCString()}`, secure));
}

export function deleteSessionCookie(headers: Headers, secure: boolean): void {
  headers.append('Set-Cookie', serialize('', 'Max-Age=0', secure));
}

function serialize(value: string, expiry: string, secure: boolean): string {
  return `${SESSION_COOKIE}=${value}; HttpOnly; SameSite=Lax; Path=/; ${expiry}${secure ? '; Secure' : ''}`;
}

export function readSessionToken(cookieHeader: string | null): string | null {
  return readCookie(cookieHeader, SESSION_COOKIE);
}
