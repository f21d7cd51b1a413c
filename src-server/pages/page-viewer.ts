import { roleOnlyUser, type SessionUser } from '@shared/schemas/auth';
import { toSessionUser } from '../auth/accounts';
import { readSessionToken } from '../auth/cookies';
import { resolveRequestSession } from '../auth/request-session';
import type { Session } from '../auth/session';
import type { UserRow } from '../db/schema';
import type { AppDeps } from '../trpc';

/** What a page's chrome depends on about the visitor: the key of the pages shared by role (ADR 045). */
export type ViewerRole = 'anonymous' | 'member' | 'admin' | 'admin-2fa-setup';

/** Who asks for a page, read once per request before the cache is asked. */
export type PageViewer = {
  /** The session and its user, for the rendering's tRPC context. */
  auth: { session: Session | null; user: UserRow | null };
  /** The signed-in user as the browser sees it, or null. */
  sessionUser: SessionUser | null;
  role: ViewerRole;
  /** What reading the session asks of the browser: a renewed session's cookie, or removing a dead one. */
  setCookies: string[];
};

const ANONYMOUS: PageViewer = { auth: { session: null, user: null }, sessionUser: null, role: 'anonymous', setCookies: [] };

export async function readPageViewer(deps: AppDeps, cookieHeader: string | null): Promise<PageViewer> {
  // Most page requests carry no session: they cost no database read and no allocation here.
  if (readSessionToken(cookieHeader, deps.config.isHttps) === null) return ANONYMOUS;
  const resHeaders = new Headers();
  const auth = await resolveRequestSession(deps.db, cookieHeader, resHeaders, deps.clock.now(), deps.config.isHttps);
  const setCookies = resHeaders.getSetCookie();
  if (!auth.user) return setCookies.length === 0 ? ANONYMOUS : { ...ANONYMOUS, setCookies };
  const sessionUser = await toSessionUser(deps.db, auth.user, deps.logger, deps.config.admin2faRequired);
  return { auth, sessionUser, role: roleOf(sessionUser), setCookies };
}

function roleOf(user: SessionUser): ViewerRole {
  if (!user.isAdmin) return 'member';
  return user.twoFactorSetupRequired ? 'admin-2fa-setup' : 'admin';
}

/** The user a page rendered for this viewer carries: the role only when the page is shared by role. */
export function pageSessionUser(viewer: PageViewer, sharedByRole: boolean): SessionUser | null {
  return viewer.sessionUser && sharedByRole ? roleOnlyUser(viewer.sessionUser) : viewer.sessionUser;
}
