import type { RateLimitRule } from '../lib/rate-limit';

const MINUTE = 60_000;

/**
 * Wrong codes per account, wherever typed (the sign-in's second step, the account page). Six digits with
 * three steps accepted are one in 333,333 per guess: five wrong ones per quarter hour make guessing
 * hopeless, and only wrong ones count, so the owner is never stopped by their own sign-ins.
 */
export const TWO_FACTOR_RATE_LIMITS = {
  wrongCodesPerUser: { name: 'two-factor-code', limit: 5, windowMs: 15 * MINUTE },
} satisfies Record<string, RateLimitRule>;
