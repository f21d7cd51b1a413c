import { sql } from 'kysely';
import type { Db } from '../db/connect';

/**
 * Fixed-window rate limits kept in the database, so that every process behind a load balancer
 * counts against the same buckets. One upsert per hit: a bucket whose window has passed starts over.
 */
export type RateLimitRule = { name: string; limit: number; windowMs: number };
export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number };

export async function hitRateLimit(db: Db, rule: RateLimitRule, subject: string, now: Date): Promise<RateLimitResult> {
  const key = `${rule.name}:${subject}`;
  const nowIso = now.toISOString();
  const windowStartBefore = new Date(now.getTime() - rule.windowMs).toISOString();
  const row = await db
    .insertInto('rate_limit_buckets')
    .values({ key, window_started_at: nowIso, hits: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`case when rate_limit_buckets.window_started_at <= ${windowStartBefore} then 1 else rate_limit_buckets.hits + 1 end`,
        window_started_at: sql<string>`case when rate_limit_buckets.window_started_at <= ${windowStartBefore} then ${nowIso} else rate_limit_buckets.window_started_at end`,
      }),
    )
    .returning(['hits', 'window_started_at'])
    .executeTakeFirstOrThrow();
  const windowEndsAt = new Date(row.window_started_at).getTime() + rule.windowMs;
  return {
    allowed: row.hits <= rule.limit,
    retryAfterSeconds: Math.max(1, Math.ceil((windowEndsAt - now.getTime()) / 1000)),
  };
}
