import { RESET_PASSWORD_TOKEN_LIFETIME_MS, VERIFY_EMAIL_TOKEN_LIFETIME_MS } from '@shared/constants';
import type { Db } from '../db/connect';
import type { EmailTokenPurpose } from '../db/schema';
import { newId } from '../lib/ids';
import { hashSecret, randomToken } from './random-token';

const LIFETIME_MS: Record<EmailTokenPurpose, number> = {
  verify_email: VERIFY_EMAIL_TOKEN_LIFETIME_MS,
  reset_password: RESET_PASSWORD_TOKEN_LIFETIME_MS,
  // A new address is confirmed like a first one.
  change_email: VERIFY_EMAIL_TOKEN_LIFETIME_MS,
};

/**
 * Creates a single-use token for an e-mail link and returns it in clear; only its hash is stored.
 * Earlier unused tokens of the same purpose stop working, so only the newest link is valid.
 * `newEmail` is the address a "change_email" link confirms.
 */
export async function createEmailToken(
  db: Db,
  userId: string,
  purpose: EmailTokenPurpose,
  now: Date,
  newEmail: string | null = null,
): Promise<string> {
  const token = randomToken();
  await db
    .updateTable('email_tokens')
    .set({ used_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('email_tokens')
    .values({
      id: newId(),
      user_id: userId,
      purpose,
      token_hash: hashSecret(token),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + LIFETIME_MS[purpose]).toISOString(),
      used_at: null,
      new_email: newEmail,
    })
    .execute();
  return token;
}

/** Whether a token could be used now (exists, this purpose, unused, unexpired), without using it. */
export async function isEmailTokenUsable(db: Db, token: string, purpose: EmailTokenPurpose, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('email_tokens')
    .select('id')
    .where('token_hash', '=', hashSecret(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Uses a token up: returns its user's id when the token exists, has this purpose, has not expired
 * and was not used before; null otherwise. The conditional update makes a double click use it once.
 */
export async function consumeEmailToken(db: Db, token: string, purpose: EmailTokenPurpose, now: Date): Promise<string | null> {
  const nowIso = now.toISOString();
  const row = await db
    .updateTable('email_tokens')
    .set({ used_at: nowIso })
    .where('token_hash', '=', hashSecret(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** Uses up a "change_email" token like consumeEmailToken, and says which address it confirms. */
export async function consumeEmailChangeToken(db: Db, token: string, now: Date): Promise<{ userId: string; newEmail: string } | null> {
  const nowIso = now.toISOString();
  const row = await db
    .updateTable('email_tokens')
    .set({ used_at: nowIso })
    .where('token_hash', '=', hashSecret(token))
    .where('purpose', '=', 'change_email')
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .returning(['user_id', 'new_email'])
    .executeTakeFirst();
  return row?.new_email ? { userId: row.user_id, newEmail: row.new_email } : null;
}

/** Makes every unused link of a user stop working (after the password or the address changed). */
export async function retireEmailTokens(db: Db, userId: string, purposes: readonly EmailTokenPurpose[], now: Date): Promise<void> {
  await db
    .updateTable('email_tokens')
    .set({ used_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('purpose', 'in', purposes)
    .where('used_at', 'is', null)
    .execute();
}
