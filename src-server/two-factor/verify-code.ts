import { isTotpCode } from '@shared/schemas/two-factor';
import { AppError } from '../app-error';
import type { Db } from '../db/connect';
import { hitRateLimit, releaseRateLimitHit } from '../lib/rate-limit';
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

/**
 * Checks a code under the account's limit of wrong codes: refused (HTTP 429) while the bucket is full.
 * The code counts as wrong from the start, so that codes sent at the same time each find the ones before
 * them counted, and the count is given back unless `check` answers null (the code was wrong).
 */
export async function checkCodeWithinLimit<T>(db: Db, userId: string, now: Date, check: () => Promise<T | null>): Promise<T | null> {
  const rule = TWO_FACTOR_RATE_LIMITS.wrongCodesPerUser;
  const bucket = await hitRateLimit(db, rule, userId, now);
  const release = () => releaseRateLimitHit(db, rule, userId, bucket);
  if (!bucket.allowed) {
    await release();
    throw new AppError('RATE_LIMITED', 'too many wrong codes', { retryAfterSeconds: bucket.retryAfterSeconds });
  }
  try {
    const result = await check();
    if (result !== null) await release();
    return result;
  } catch (error) {
    await release();
    throw error;
  }
}
