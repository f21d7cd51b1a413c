/**
 * Sessions, after Lucia's design (https://lucia-auth.com, sessions guide):
 * - the token the browser holds is `<id>.<secret>`, both 160 random bits in base32;
 * - the database keeps the id and a SHA-256 of the secret, compared in constant time;
 * - a session lives 30 days and is renewed to 30 days when fewer than 15 remain (sliding expiry);
 * - signing out deletes the row, so a stolen cookie stops working at once.
 */
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { SESSION_LIFETIME_MS, SESSION_RENEW_BELOW_MS } from '@shared/constants';
import type { Db } from '../db/connect';
import type { UserRow } from '../db/schema';
import { hashSecret, randomToken } from './random-token';

export type Session = { id: string; userId: string; expiresAt: Date };
export type SessionValidationResult = { session: Session; user: UserRow; renewed: boolean } | { session: null; user: null; renewed: false };

export async function createSession(db: Db, userId: string, now: Date): Promise<{ token: string; session: Session }> {
  const id = randomToken();
  const secret = randomToken();
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
  await db
    .insertInto('sessions')
    .values({ id, user_id: userId, secret_hash: hashSecret(secret), created_at: now.toISOString(), expires_at: expiresAt.toISOString() })
    .execute();
  return { token: `${id}.${secret}`, session: { id, userId, expiresAt } };
}

export async function validateSessionToken(db: Db, token: string, now: Date): Promise<SessionValidationResult> {
  const none = { session: null, user: null, renewed: false } as const;
  const [id, secret, extra] = token.split('.');
  if (!id || !secret || extra !== undefined) return none;

  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(['sessions.id as session_id', 'sessions.secret_hash', 'sessions.expires_at'])
    .where('sessions.id', '=', id)
    .executeTakeFirst();
  if (!row) return none;

  const encoder = new TextEncoder();
  if (!constantTimeEqual(encoder.encode(hashSecret(secret)), encoder.encode(row.secret_hash))) return none;

  let expiresAt = new Date(row.expires_at);
  if (expiresAt.getTime() <= now.getTime()) {
    await invalidateSession(db, id);
    return none;
  }
  let renewed = false;
  if (expiresAt.getTime() - now.getTime() < SESSION_RENEW_BELOW_MS) {
    expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
    await db.updateTable('sessions').set({ expires_at: expiresAt.toISOString() }).where('id', '=', id).execute();
    renewed = true;
  }
  const { session_id, secret_hash, expires_at, ...user } = row;
  return { session: { id: session_id, userId: user.id, expiresAt }, user, renewed };
}

export async function invalidateSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** Ends every session of a user. */
export async function invalidateUserSessions(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** Ends every session of a user but one (a password changed in this session keeps it signed in). */
export async function invalidateOtherSessions(db: Db, userId: string, keepSessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '!=', keepSessionId).execute();
}
