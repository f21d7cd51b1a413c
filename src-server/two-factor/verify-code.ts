import { isTotpCode } from '@shared/schemas/two-factor';
import { AppError } from '../app-error';
import type { Db } from '../db/connect';
import { hitRateLimit, peekRateLimit } from '../lib/rate-limit';
import { TWO_FACTOR_RATE_LIMITS } from './rate-limits';
import { spendRecoveryCode } from './recovery-codes';
import { findTwoFactorSecret, spendTotpStep } from './secrets';
import { matchingTotpStep } from './totp';

export type SecondFactorMethod = 'totp' | 'recovery_code';

/**
 * Checks a code (normalized by secondFactorCodeSchema) against the user's enabled second factor and uses
 * it up: an app code's time step cannot be used again, a recovery code works once. Null: wrong, used,
 * or no second factor. `allowPending` accepts the code of a secret still being set up (its confirmation).
 */
export async function spendSecondFactor(
  db: Db,
  userId: string,
  code: string,
  now: Date,
  options: { allowPending?: boolean } = {},
): Promise<SecondFactorMethod | null> {
  const secret = await findTwoFactorSecret(db, userId);
  if (!secret || (!secret.enabled_at && !options.allowPending)) return null;
  if (isTotpCode(code)) {
    const step = matchingTotpStep(secret.secret, code, now, secret.last_used_step);
    return step !== null && (await spendTotpStep(db, userId, step)) ? 'totp' : null;
  }
  if (!secret.enabled_at) return null;
  return (await spendRecoveryCode(db, userId, code, now)) ? 'recovery_code' : null;
}

/** Refuses (HTTP 429) when the account's wrong codes filled their bucket. Checked before each code. */
export async function checkCodeAllowed(db: Db, userId: string, now: Date): Promise<void> {
  const bucket = await peekRateLimit(db, TWO_FACTOR_RATE_LIMITS.wrongCodesPerUser, userId, now);
  if (!bucket.allowed) throw new AppError('RATE_LIMITED', 'too many wrong codes', { retryAfterSeconds: bucket.retryAfterSeconds });
}

/** Counts a wrong code against the account. */
export async function recordWrongCode(db: Db, userId: string, now: Date): Promise<void> {
  await hitRateLimit(db, TWO_FACTOR_RATE_LIMITS.wrongCodesPerUser, userId, now);
}
