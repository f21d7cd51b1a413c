import type { Db } from '../db/connect';
import type { UserRow } from '../db/schema';
import { deleteSessionCookie, readSessionToken, setSessionCookie } from './cookies';
import { validateSessionToken, type Session } from './session';

/**
 * Reads the session cookie of a request. A renewed session gets a fresh cookie; a cookie that no
 * longer names a valid session is removed from the browser.
 */
export async function resolveRequestSession(
  db: Db,
  cookieHeader: string | null,
  resHeaders: Headers,
  now: Date,
  secureCookies: boolean,
): Promise<{ session: Session | null; user: UserRow | null }> {
  const token = readSessionToken(cookieHeader, secureCookies);
  if (!token) return { session: null, user: null };
  const result = await validateSessionToken(db, token, now);
  if (!result.session) {
    deleteSessionCookie(resHeaders, secureCookies);
    return { session: null, user: null };
  }
  if (result.renewed) setSessionCookie(resHeaders, token, result.session.expiresAt, now, secureCookies);
  return { session: result.session, user: result.user };
}
