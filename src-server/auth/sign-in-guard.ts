/**
 * Guessing limits of sign-in. Only failed attempts count against an address, so neither the owner's
 * own sign-ins nor an attacker can lock the owner out:
 * - failures per address and IP: a guesser on one network is stopped there, the owner elsewhere is not;
 * - failures per address over all IPs: while that bucket is full (a guessing attack spread over many
 *   IPs), only an IP without failures for the address may still try, so each attacking IP gets one
 *   guess per window and the owner, typing the right password from their usual place, still gets in.
 * An attempt counts as a failure from its start and is given back when it was none: guesses sent at the
 * same time each find the ones before them counted (checking first and counting after the password hash
 * let 28 parallel guesses through a limit of 10).
 * The per-IP limit on every attempt (a middleware on the procedure) caps how fast one IP can go at all.
 */
import type { Db } from '../db/connect';
import { hitRateLimit, type RateLimitResult, releaseRateLimitHit } from '../lib/rate-limit';
import { AUTH_RATE_LIMITS } from './rate-limits';

const addressAndIp = (email: string, ip: string) => `${email}|${ip}`;

/** A sign-in attempt, counted as a failure until `release` says it was none (or it was refused). */
export type SignInAttempt = RateLimitResult & { release(): Promise<void> };

/** Counts the attempt against both of the address's buckets and says whether it may go ahead. */
export async function reserveSignInAttempt(db: Db, email: string, ip: string, now: Date): Promise<SignInAttempt> {
  const perIp = AUTH_RATE_LIMITS.signInFailuresPerEmailAndIp;
  const overallRule = AUTH_RATE_LIMITS.signInFailuresPerEmail;
  const fromThisIp = await hitRateLimit(db, perIp, addressAndIp(email, ip), now);
  const overall = await hitRateLimit(db, overallRule, email, now);
  const release = async () => {
    await releaseRateLimitHit(db, perIp, addressAndIp(email, ip), fromThisIp);
    await releaseRateLimitHit(db, overallRule, email, overall);
  };
  if (!fromThisIp.allowed) return { ...fromThisIp, release };
  // Counted already: more than this one hit means this IP has failed (or is trying) for the address.
  if (!overall.allowed && fromThisIp.hits > 1) return { ...overall, release };
  return { allowed: true, retryAfterSeconds: 0, release };
}
