/**
 * Guessing limits of sign-in (src-server/auth/sign-in-guard.ts): only failures count against an
 * address, an attacker cannot lock the owner out, and guessing stays limited. Each caller's IP is set
 * through X-Forwarded-For behind the one trusted proxy (TRUST_PROXY=true).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_RATE_LIMITS } from '@server/auth/rate-limits';
import { createUser, sessionCookieFrom } from '../support/accounts';
import { trpcMutation } from '../support/http';
import { startTestApp, type TestApp } from '../support/test-app';

const WINDOW_MS = 15 * 60_000;
let app: TestApp;
let owner: { email: string; password: string };

beforeEach(async () => {
  app = await startTestApp({ TRUST_PROXY: 'true' });
  owner = await createUser(app);
});
afterEach(() => app.close());

const signInFrom = (ip: string, email: string, password: string) =>
  trpcMutation(app.url, 'auth.signIn', { email, password }, { headers: { 'x-forwarded-for': ip } });

/** `count` wrong passwords for the owner's address from `ip`; each must be refused as wrong (not limited). */
async function failFrom(ip: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const response = await signInFrom(ip, owner.email, `wrong-${i}`);
    expect(response.body.error?.data.appCode, `${ip} try ${i + 1}`).toBe('INVALID_CREDENTIALS');
  }
}

describe('sign-in limits', () => {
  it('does not count successful sign-ins: the owner can sign in again and again', async () => {
    const times = AUTH_RATE_LIMITS.signInFailuresPerEmailAndIp.limit + 5;
    for (let i = 0; i < times; i++) {
      const response = await signInFrom('203.0.113.7', owner.email, owner.password);
      expect(response.status, `sign-in ${i + 1}`).toBe(200);
    }
  });

  it('stops a guesser on one IP after ten failures, without checking the password, but not the owner elsewhere', async () => {
    await failFrom('198.51.100.1', AUTH_RATE_LIMITS.signInFailuresPerEmailAndIp.limit);
    // The guesser's next try is refused before the password is looked at, right or wrong.
    const limited = await signInFrom('198.51.100.1', owner.email, owner.password);
    expect(limited.status).toBe(429);
    expect(limited.body.error?.data.appCode).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(sessionCookieFrom(limited.headers)).toBeNull();

    const fromHome = await signInFrom('203.0.113.7', owner.email, owner.password);
    expect(fromHome.status).toBe(200);
    expect(sessionCookieFrom(fromHome.headers)).not.toBeNull();

    app.clock.advance(WINDOW_MS + 1000);
    expect((await signInFrom('198.51.100.1', owner.email, owner.password)).status).toBe(200);
  });

  // Twenty password checks at once (argon2): a generous limit on a busy machine.
  it('counts guesses sent at the same time: ten reach the password check, the rest are refused', { timeout: 120_000 }, async () => {
    const limit = AUTH_RATE_LIMITS.signInFailuresPerEmailAndIp.limit;
    const answers = await Promise.all(
      Array.from({ length: 2 * limit }, (_, i) => signInFrom('198.51.100.1', owner.email, `parallel-wrong-${i}`)),
    );
    const codes = answers.map((response) => response.body.error?.data.appCode);
    expect(codes.filter((code) => code === 'INVALID_CREDENTIALS')).toHaveLength(limit);
    expect(codes.filter((code) => code === 'RATE_LIMITED')).toHaveLength(limit);
    // The refused ones were no failures: the address's own bucket holds the ten that were checked.
    const bucket = await app.db
      .selectFrom('rate_limit_buckets')
      .select('hits')
      .where('key', '=', `${AUTH_RATE_LIMITS.signInFailuresPerEmail.name}:${owner.email}`)
      .executeTakeFirst();
    expect(bucket?.hits).toBe(limit);
  });

  // Dozens of password checks (argon2, deliberately slow): a generous limit on a busy machine.
  it('lets the owner in while a guessing attack from many IPs has filled the address bucket', { timeout: 120_000 }, async () => {
    const perIp = AUTH_RATE_LIMITS.signInFailuresPerEmailAndIp.limit;
    const attackers = Math.ceil(AUTH_RATE_LIMITS.signInFailuresPerEmail.limit / perIp);
    for (let n = 0; n < attackers; n++) await failFrom(`198.51.100.${n + 1}`, perIp);

    // The owner, from a place with no failed tries, still gets in with the right password.
    const owners = await signInFrom('203.0.113.7', owner.email, owner.password);
    expect(owners.status).toBe(200);
    expect(sessionCookieFrom(owners.headers)).not.toBeNull();

    // A fresh attacking IP gets one guess while the address is under attack, then is refused.
    const guess = await signInFrom('192.0.2.99', owner.email, 'still-wrong');
    expect(guess.body.error?.data.appCode).toBe('INVALID_CREDENTIALS');
    const next = await signInFrom('192.0.2.99', owner.email, owner.password);
    expect(next.status).toBe(429);
    expect(sessionCookieFrom(next.headers)).toBeNull();
  });

  it('keeps the per-IP limit on every attempt, right or wrong', async () => {
    const other = await createUser(app);
    for (let i = 0; i < AUTH_RATE_LIMITS.signInPerIp.limit; i++) {
      const account = i % 2 === 0 ? owner : other;
      expect((await signInFrom('203.0.113.50', account.email, account.password)).status, `attempt ${i + 1}`).toBe(200);
    }
    const limited = await signInFrom('203.0.113.50', owner.email, owner.password);
    expect(limited.status).toBe(429);
    expect(limited.body.error?.data.appCode).toBe('RATE_LIMITED');
  });

  it('does not count a right password for an unconfirmed address as a failure', async () => {
    const unverified = await createUser(app, { verified: false });
    for (let i = 0; i < AUTH_RATE_LIMITS.signInFailuresPerEmailAndIp.limit + 2; i++) {
      const response = await signInFrom('203.0.113.8', unverified.email, unverified.password);
      expect(response.body.error?.data.appCode, `try ${i + 1}`).toBe('EMAIL_NOT_VERIFIED');
    }
  });
});
