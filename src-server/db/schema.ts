import type { Insertable, Selectable } from 'kysely';

/**
 * The tables as Kysely sees them. Times are ISO-8601 UTC strings; ids are random text.
 * Table interfaces are used only inside `Database`; code passes the Row / New aliases around.
 */
export interface RateLimitBucketTable {
  key: string;
  window_started_at: string;
  hits: number;
}

export interface Database {
  rate_limit_buckets: RateLimitBucketTable;
}

export type RateLimitBucketRow = Selectable<RateLimitBucketTable>;
export type NewRateLimitBucket = Insertable<RateLimitBucketTable>;
