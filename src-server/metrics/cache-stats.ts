import type { Exposition } from './exposition';

/** Lookups of one in-memory answer cache; the cache increments them, /metrics reads them. */
export type CacheStats = { hits: number; misses: number };

/** The caches whose hit ratio /metrics reports: rendered pages, and public tRPC reads. */
export const CACHE_NAMES = ['page', 'public_read'] as const;
export type CacheName = (typeof CACHE_NAMES)[number];

export type CacheMetrics = Readonly<Record<CacheName, CacheStats>>;

export function createCacheMetrics(): CacheMetrics {
  return { page: { hits: 0, misses: 0 }, public_read: { hits: 0, misses: 0 } };
}

export function writeCacheMetrics(caches: CacheMetrics, out: Exposition): void {
  out.family('schoolbox_cache_lookups_total', 'counter', 'Lookups of an in-memory answer cache, by cache and result.');
  for (const name of CACHE_NAMES) {
    out.sample('schoolbox_cache_lookups_total', { cache: name, result: 'hit' }, caches[name].hits);
    out.sample('schoolbox_cache_lookups_total', { cache: name, result: 'miss' }, caches[name].misses);
  }
  out.family('schoolbox_cache_hit_ratio', 'gauge', 'Hits per lookup since the process started (NaN before the first lookup).');
  for (const name of CACHE_NAMES) {
    const { hits, misses } = caches[name];
    out.sample('schoolbox_cache_hit_ratio', { cache: name }, hits + misses === 0 ? Number.NaN : hits / (hits + misses));
  }
}
