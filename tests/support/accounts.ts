import { hashPassword } from '@server/auth/password';
import { grantAdmin } from '@server/auth/roles';
import { insertUser } from '@server/auth/users';
import { SESSION_COOKIE } from '@server/auth/cookies';
import { createSession } from '@server/auth/session';
import { trpcMutation } from './http';
import type { TestApp } from './test-app';
import type { TestRuntime } from './test-runtime';

let counter = 0;

/** Inserts an account directly (no e-mail round trip), verified unless said otherwise. */
export async function createUser(
  app: TestRuntime,
  options: { email?: string; password?: string; verified?: boolean; admin?: boolean; firstName?: string; lastName?: string } = {},
) {
  const email = options.email ?? `user${++counter}-${Date.now()}@example.org`;
  const password = options.password ?? 'correct horse battery';
  const user = await insertUser(
    app.db,
    {
      email,
      passwordHash: await hashPassword(password),
      firstName: options.firstName ?? 'Ada',
      lastName: options.lastName ?? 'Lovelace',
      locale: 'de',
      verifiedAt: options.verified === false ? null : app.clock.now(),
    },
    app.clock.now(),
  );
  if (options.admin) await grantAdmin(app.db, user.id, app.clock.now());
  return { user, email, password };
}

/** The session cookie ("name=value") from a response's Set-Cookie headers, or null. */
export function sessionCookieFrom(headers: Headers): string | null {
  for (const header of headers.getSetCookie()) {
    const [pair] = header.split(';');
    if (pair?.startsWith(`${SESSION_COOKIE}=`) && pair.length > SESSION_COOKIE.length + 1) return pair;
  }
  return null;
}

/**
 * The cookie of a fresh session for `userId`, made directly in the database as sign-in would make it:
 * for tests that need a signed-in caller but are not about signing in.
 */
export async function sessionCookie(app: TestRuntime, userId: string): Promise<string> {
  const { token } = await createSession(app.db, userId, app.clock.now());
  return `${SESSION_COOKIE}=${token}`;
}

/** A new account (see createUser) and the cookie of a session of it. */
export async function signedInUser(app: TestRuntime, options: Parameters<typeof createUser>[1] = {}) {
  const account = await createUser(app, options);
  return { ...account, cookie: await sessionCookie(app, account.user.id) };
}

/** Signs in over HTTP and returns the cookie to send with later requests (for tests about signing in). */
export async function signIn(app: TestApp, email: string, password: string): Promise<string> {
  const response = await trpcMutation(app.url, 'auth.signIn', { email, password });
  const cookie = sessionCookieFrom(response.headers);
  if (response.status !== 200 || !cookie) throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(response.body)}`);
  return cookie;
}

/** The token inside a mail's link, e.g. /auth/verify?token=… */
export function tokenFromMail(text: string, path: string): string {
  const match = new RegExp(`${path.replace(/[/?]/g, '\\$&')}\\?token=([a-z2-7]{32})`).exec(text);
  if (!match?.[1]) throw new Error(`no ${path} link in mail:\n${text}`);
  return match[1];
}
