import { sql } from 'kysely';
import type { Db } from '../db/connect';

/**
 * Fixed-window rate limits kept in the database, so that every process behind a load balancer
 * counts against the same buckets. One upsert per hit: a bucket whose window has passed starts over.
 */
export type RateLimitRule = { name: string; limit: number; windowMs: number };
export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number };

const windowStartBefore = (rule: RateLimitRule, now: Date) => new Date(now.getTime() - rule.windowMs).toISOString();

function result(rule: RateLimitRule, hits: number, windowStartedAt: string, now: Date): RateLimitResult {
  const windowEndsAt = new Date(windowStartedAt).getTime() + rule.windowMs;
  return { allowed: hits <= rule.limit, retryAfterSeconds: Math.max(1, Math.ceil((windowEndsAt - now.getTime()) / 1000)) };
}

export type RateLimitHit = RateLimitResult & { hits: number; windowStartedAt: string };

export async function hitRateLimit(db: Db, rule: RateLimitRule, subject: string, now: Date): Promise<RateLimitHit> {
  const key = `${rule.name}:${subject}`;
  const nowIso = now.toISOString();
  const expired = windowStartBefore(rule, now);
  const row = await db
    .insertInto('rate_limit_buckets')
    .values({ key, window_started_at: nowIso, hits: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`case when rate_limit_buckets.window_started_at <= ${expired} then 1 else rate_limit_buckets.hits + 1 end`,
        window_started_at: sql<string>`case when rate_limit_buckets.window_started_at <= ${expired} then ${nowIso} else rate_limit_buckets.window_started_at end`,
      }),
    )
    .returning(['hits', 'window_started_at'])
    .executeTakeFirstOrThrow();
  return { ...result(rule, row.hits, row.window_started_at, now), hits: row.hits, windowStartedAt: row.window_started_at };
}

/**
 * Gives back a hit (`hitRateLimit`'s answer), in the window it was counted in: a window that started over
 * meanwhile holds other attempts' hits, which stay. For limits that count only failures (a wrong
 * password, a wrong code): the hit is taken before the attempt, so that attempts sent at the same time
 * cannot all pass a check made before any of them failed, and given back when it was no failure.
 */
export async function releaseRateLimitHit(
  db: Db,
  rule: RateLimitRule,
  subject: string,
  hit: Pick<RateLimitHit, 'windowStartedAt'>,
): Promise<void> {
  await db
    .updateTable('rate_limit_buckets')
    .set({ hits: sql<number>`hits - 1` })
    .where('key', '=', `${rule.name}:${subject}`)
    .where('hits', '>', 0)
    .where('window_started_at', '=', hit.windowStartedAt)
    .execute();
}

/**
 * How full a bucket is, without counting a hit (the one-click unsubscribe's limit, which counts only
 * some outcomes). `allowed` says one more hit would fit.
 */
export async function peekRateLimit(db: Db, rule: RateLimitRule, subject: string, now: Date): Promise<RateLimitResult & { hits: number }> {
  const row = await db
    .selectFrom('rate_limit_buckets')
    .select(['hits', 'window_started_at'])
    .where('key', '=', `${rule.name}:${subject}`)
    .where('window_started_at', '>', windowStartBefore(rule, now))
    .executeTakeFirst();
  if (!row) return { allowed: true, retryAfterSeconds: 0, hits: 0 };
  return { ...result(rule, row.hits + 1, row.window_started_at, now), hits: row.hits };
}
