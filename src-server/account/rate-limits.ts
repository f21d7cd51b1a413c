import type { RateLimitRule } from '../lib/rate-limit';

const MINUTE = 60_000;

/** Limits of the account page's actions, per user: a stolen session must not become a password oracle or a mail cannon. */
export const ACCOUNT_RATE_LIMITS = {
  /** Every action that checks the current password (change password or e-mail, delete), right or wrong. */
  passwordChecksPerUser: { name: 'account-password', limit: 10, windowMs: 15 * MINUTE },
  /** E-mail change requests: each one mails two addresses. */
  emailChangePerUser: { name: 'account-email-change', limit: 5, windowMs: 60 * MINUTE },
  /** Data exports: a few dozen queries each. */
  exportPerUser: { name: 'account-export', limit: 20, windowMs: 60 * MINUTE },
} satisfies Record<string, RateLimitRule>;
