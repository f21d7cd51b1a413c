import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hitRateLimit, releaseRateLimitHit } from '@server/lib/rate-limit';
import { startTestRuntime, type TestRuntime } from '../support/test-runtime';

// A hit taken before an attempt and given back after it (src-server/auth/sign-in-guard.ts): it is given
// back in the window it was counted in, never from another attempt's.
let runtime: TestRuntime;
beforeAll(async () => {
  runtime = await startTestRuntime();
});
afterAll(() => runtime.close());

const RULE = { name: 'test-release', limit: 10, windowMs: 60_000 };
const hitsOf = async (subject: string) =>
  (await runtime.db.selectFrom('rate_limit_buckets').select('hits').where('key', '=', `${RULE.name}:${subject}`).executeTakeFirst())?.hits;

describe('giving back a rate-limit hit', () => {
  it('takes one hit off the window it was counted in', async () => {
    const first = await hitRateLimit(runtime.db, RULE, 'a', runtime.clock.now());
    await hitRateLimit(runtime.db, RULE, 'a', runtime.clock.now());
    await releaseRateLimitHit(runtime.db, RULE, 'a', first);
    expect(await hitsOf('a')).toBe(1);
  });

  it('leaves a window that started over meanwhile alone: its hit is another attempt’s', async () => {
    const early = await hitRateLimit(runtime.db, RULE, 'b', runtime.clock.now());
    runtime.clock.advance(RULE.windowMs + 1);
    const late = await hitRateLimit(runtime.db, RULE, 'b', runtime.clock.now());
    expect(late.hits).toBe(1);
    await releaseRateLimitHit(runtime.db, RULE, 'b', early);
    expect(await hitsOf('b')).toBe(1);
  });

  it('never goes below zero', async () => {
    const only = await hitRateLimit(runtime.db, RULE, 'c', runtime.clock.now());
    await releaseRateLimitHit(runtime.db, RULE, 'c', only);
    await releaseRateLimitHit(runtime.db, RULE, 'c', only);
    expect(await hitsOf('c')).toBe(0);
  });
});
