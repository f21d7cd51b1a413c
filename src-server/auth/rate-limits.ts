import type { RateLimitRule } from '../lib/rate-limit';

const MINUTE = 60_000;

/** Brute-force and abuse limits of the account endpoints (per IP and per e-mail address). */
export const AUTH_RATE_LIMITS = {
  /** Every sign-in attempt of one IP, right or wrong. */
  signInPerIp: { name: 'sign-in-ip', limit: 30, windowMs: 15 * MINUTE },
  // Failed attempts only (see sign-in-guard.ts): per address and IP, so a stranger guessing cannot lock
  // the owner out from their own network; a much higher limit per address alone still slows down a
  // guessing attack spread over many IPs.
  signInFailuresPerEmailAndIp: { name: 'sign-in-email-ip', limit: 10, windowMs: 15 * MINUTE },
  signInFailuresPerEmail: { name: 'sign-in-email', limit: 100, windowMs: 15 * MINUTE },
  signUpPerIp: { name: 'sign-up-ip', limit: 10, windowMs: 60 * MINUTE },
  emailRequestPerIp: { name: 'email-request-ip', limit: 10, windowMs: 60 * MINUTE },
  emailRequestPerEmail: { name: 'email-request-email', limit: 3, windowMs: 60 * MINUTE },
  /** Using a link's token (verify, reset): a guess is hopeless, but each try costs a lookup. */
  tokenUsePerIp: { name: 'token-use-ip', limit: 30, windowMs: 15 * MINUTE },
} satisfies Record<string, RateLimitRule>;
