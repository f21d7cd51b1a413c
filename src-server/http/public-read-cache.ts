import type { MiddlewareHandler } from 'hono';
import type { ContentVersion } from '../lib/content-version';
import type { Context } from 'hono';
import type { CacheStats } from '../metrics/cache-stats';
import { PRIVATE_CACHE_CONTROL } from './private-answers';
import { answerWithHeaders } from './answer-headers';
import type { AnswerMemo } from './answer-memo';
import { cachedAnswer, createResponseCache, prepareResponse, stillCached, type CachedResponse } from './response-cache';

/**
 * Public reads that are the same for every visitor (the blog list, a post, the site settings) answered
 * from memory: the first call of an address runs the procedure, later calls get its stored answer with
 * an ETag (304 when the browser has it) until a blog write moves the content version on. A batch is
 * cached only when every call in it is such a read. Nothing else of the request is looked at: no
 * session, no database.
 *
 * Two steps over one cache: `serveStored` answers a stored read first thing, before the /api middleware
 * (private caching headers, compression) that such an answer would pass through unchanged anyway (ADR
 * 043: that walk was a good part of a cached read's cost); `storeFresh`, placed right before the
 * procedures, keeps the uncompressed answer of a call that missed.
 */
export function publicReadCache(options: {
  procedures: readonly string[];
  content: ContentVersion;
  now(): number;
  /** Hits and misses, for /metrics (ADR 044). */
  stats?: CacheStats;
  /** Remembers a stored read sent for a request, for the same request again (ADR 050). */
  memo: AnswerMemo;
}): { serveStored: MiddlewareHandler; storeFresh: MiddlewareHandler } {
  const cacheable = new Set(options.procedures);
  const cache = createResponseCache({ maxBytes: 16 * 1024 * 1024, maxEntries: 2000, ttlMs: 10 * 60_000, stats: options.stats });
  const PREFIX = '/api/trpc/';
  const isPublicRead = (c: Context) => {
    if (c.req.method !== 'GET' || !c.req.path.startsWith(PREFIX) || asksForStream(c)) return false;
    const names = c.req.path.slice(PREFIX.length);
    // One call, the usual case, without making an array per request; a batch ("a,b") when every call is one.
    return cacheable.has(names) || (names.includes(',') && names.split(',').every((name) => cacheable.has(name)));
  };
  const keyOf = (c: Context) => c.req.url.slice(c.req.url.indexOf(PREFIX));

  const serveStored: MiddlewareHandler = async (c, next) => {
    if (!isPublicRead(c)) return next();
    const key = keyOf(c);
    const stored = cache.get(key, await options.content.current(), options.now());
    if (!stored) return next();
    const parts = answerParts(c, stored);
    return options.memo.send(c, parts, stillCached(cache, key, stored, options.content, options.now));
  };

  const storeFresh: MiddlewareHandler = async (c, next) => {
    if (!isPublicRead(c)) return next();
    const version = await options.content.current();
    await next();
    if (c.res.status !== 200) return;
    const body = await c.res.clone().text();
    const entry = await prepareResponse(
      body,
      { 'Content-Type': c.res.headers.get('content-type') ?? 'application/json' },
      version,
      options.now(),
    );
    cache.set(keyOf(c), entry);
    // Only the cookie of a session renewed on the way goes on from the procedure's own answer (the
    // stored entry never holds one): Hono would carry all its headers over, tRPC's Vary among them,
    // which would take Accept-Encoding off an answer sent compressed.
    const cookies = c.res.headers.getSetCookie();
    c.res = undefined;
    const answer = send(c, entry);
    for (const cookie of cookies) answer.headers.append('Set-Cookie', cookie);
    // An answer with one visitor's cookie is for that visitor alone.
    if (cookies.length > 0) answer.headers.set('Cache-Control', PRIVATE_CACHE_CONTROL);
    c.res = answer;
  };

  return { serveStored, storeFresh };
}

/**
 * Whether the call asks tRPC for its answer as a stream of JSON lines (how tRPC reads these headers).
 * Our client never does; such an answer is the asker's alone: stored under the address, it would be
 * what every browser asking that address the usual way gets, and cannot read.
 */
function asksForStream(c: Context): boolean {
  const trpcAccept = c.req.header('trpc-accept');
  if (trpcAccept !== undefined) return trpcAccept === 'application/jsonl';
  return (c.req.header('accept') ?? '').split(',').some((type) => type.trim() === 'application/jsonl');
}

/** A stored read's answer to this request: shared caches may keep it, but must ask again each time (a blog write changes it at once). */
function answerParts(c: Context, entry: CachedResponse) {
  const request = { method: c.req.method, ifNoneMatch: c.req.header('if-none-match'), acceptEncoding: c.req.header('accept-encoding') };
  return cachedAnswer(entry, request, { cacheControl: 'public, max-age=0, must-revalidate', vary: 'Accept-Encoding' });
}

function send(c: Context, entry: CachedResponse): Response {
  const { body, status, headers } = answerParts(c, entry);
  // The security headers and request id go into the same record (cheaper than adding them afterwards).
  return answerWithHeaders(c, body, status, headers);
}
