/**
 * The second step of a sign-in. A right password of an account with two-factor sign-in hands out a
 * challenge token instead of a session: 160 random bits, only their SHA-256 stored, valid five minutes
 * and once. The browser sends it back with the code (a hidden field, with or without scripts).
 */
import { TWO_FACTOR_CHALLENGE_LIFETIME_MS } from '@shared/constants';
import { hashSecret, randomToken } from '../auth/random-token';
import type { Db } from '../db/connect';
import { newId } from '../lib/ids';

export async function createChallenge(db: Db, userId: string, now: Date): Promise<string> {
  // The user's earlier challenges that ran out go now; nothing else ever reads them. (The daily
  // retention job removes everyone's a day after they were used or ran out.)
  await db.deleteFrom('two_factor_challenges').where('user_id', '=', userId).where('expires_at', '<=', now.toISOString()).execute();
  const token = randomToken();
  await db
    .insertInto('two_factor_challenges')
    .values({
      id: newId(),
      user_id: userId,
      token_hash: hashSecret(token),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + TWO_FACTOR_CHALLENGE_LIFETIME_MS).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
}

/** The user a challenge is for, when it is unused and unexpired; null otherwise. */
export async function challengeUser(db: Db, token: string, now: Date): Promise<string | null> {
  const row = await db
    .selectFrom('two_factor_challenges')
    .select('user_id')
    .where('token_hash', '=', hashSecret(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** Uses a challenge up; says whether it was still usable (a double submit wins once). */
export async function consumeChallenge(db: Db, token: string, now: Date): Promise<boolean> {
  const nowIso = now.toISOString();
  const row = await db
    .updateTable('two_factor_challenges')
    .set({ used_at: nowIso })
    .where('token_hash', '=', hashSecret(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
