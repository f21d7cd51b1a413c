/**
 * Guessing limits of sign-in. Only failed attempts count against an address, so neither the owner's
 * own sign-ins nor an attacker can lock the owner out:
 * - failures per address and IP: a guesser on one network is stopped there, the owner elsewhere is not;
 * - failures per address over all IPs: while that bucket is full (a guessing attack spread over many
 *   IPs), only an IP without failures for the address may still try, so each attacking IP gets one
 *   guess per window and the owner, typing the right password from their usual place, still gets in.
 * The per-IP limit on every attempt (a middleware on the procedure) caps how fast one IP can go at all.
 */
import type { Db } from '../db/connect';
import { hitRateLimit, peekRateLimit, type RateLimitResult } from '../lib/rate-limit';
import { AUTH_RATE_LIMITS } from './rate-limits';

const addressAndIp = (email: string, ip: string) => `${email}|${ip}`;

/** Whether this address may be tried from this IP now; a refusal carries its Retry-After. */
export async function checkSignInAllowed(db: Db, email: string, ip: string, now: Date): Promise<RateLimitResult> {
  const fromThisIp = await peekRateLimit(db, AUTH_RATE_LIMITS.signInFailuresPerEmailAndIp, addressAndIp(email, ip), now);
  if (!fromThisIp.allowed) return fromThisIp;
  const overall = await peekRateLimit(db, AUTH_RATE_LIMITS.signInFailuresPerEmail, email, now);
  if (!overall.allowed && fromThisIp.hits > 0) return overall;
  return { allowed: true, retryAfterSeconds: 0 };
}

/** Counts a wrong password (or unknown address) against both of the address's buckets. */
export async function recordSignInFailure(db: Db, email: string, ip: string, now: Date): Promise<void> {
  await hitRateLimit(db, AUTH_RATE_LIMITS.signInFailuresPerEmailAndIp, addressAndIp(email, ip), now);
  await hitRateLimit(db, AUTH_RATE_LIMITS.signInFailuresPerEmail, email, now);
}
