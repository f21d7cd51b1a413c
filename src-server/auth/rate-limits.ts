import type { RateLimitRule } from '../lib/rate-limit';

const MINUTE = 60_000;

/** Brute-force and abuse limits of the account endpoints (per IP and per e-mail address). */
export const AUTH_RATE_LIMITS = {
  signInPerIp: { name: 'sign-in-ip', limit: 30, windowMs: 15 * MINUTE },
  signInPerEmail: { name: 'sign-in-email', limit: 10, windowMs: 15 * MINUTE },
  signUpPerIp: { name: 'sign-up-ip', limit: 10, windowMs: 60 * MINUTE },
  emailRequestPerIp: { name: 'email-request-ip', limit: 10, windowMs: 60 * MINUTE },
  emailRequestPerEmail: { name: 'email-request-email', limit: 3, windowMs: 60 * MINUTE },
} satisfies Record<string, RateLimitRule>;
