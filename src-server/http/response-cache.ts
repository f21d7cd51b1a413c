import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { ContentVersion } from '../lib/content-version';
import type { CacheStats } from '../metrics/cache-stats';
import type { StillCurrent } from './answer-memo';
import { preferredEncoding } from './content-encoding';

export const brotli = promisify(brotliCompress);
export const gzipAsync = promisify(gzip);

/** An answer kept in memory (a rendered page, a public read), with its compressed copies made once. */
export type CachedResponse = {
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
  headers: Record<string, string>;
  /** 200, or 404 for the one rendering of the 404 page per language (ADR 043). */
  status: number;
  /** The content version it was rendered at; a blog write moves the version on and retires it. */
  version: number;
  storedAt: number;
};

export type ResponseCache = {
  get(key: string, version: number, now: number): CachedResponse | null;
  set(key: string, response: CachedResponse): void;
};

/**
 * The check of a remembered answer made from `entry` (ADR 050): the cache still gives that entry for
 * `key` at the current content version. Answered without waiting while the version is known, which is
 * nearly always: a promise on each repetition would cost more than the check.
 */
export function stillCached(
  cache: ResponseCache,
  key: string,
  entry: CachedResponse,
  content: ContentVersion,
  now: () => number,
): StillCurrent {
  const isStored = (version: number) => cache.get(key, version, now()) === entry;
  return () => {
    const version = content.known();
    return version === null ? content.current().then(isStored) : isStored(version);
  };
}

/**
 * Answers by key (a page's address and language, a read's URL), bounded by total bytes and entry count;
 * the least recently used goes first. Entries expire after `ttlMs` as a backstop for changes that do
 * not move the content version (the shop catalog, a configuration change between restarts).
 */
export function createResponseCache(options: {
  maxBytes: number;
  maxEntries: number;
  ttlMs: number;
  /** Counts hits and misses of get() for /metrics (ADR 044). */
  stats?: CacheStats;
}): ResponseCache {
  const stats = options.stats ?? { hits: 0, misses: 0 };
  const entries = new Map<string, CachedResponse>();
  let bytes = 0;
  const sizeOf = (entry: CachedResponse) => entry.body.length + entry.br.length + entry.gzip.length;
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= sizeOf(entry);
    entries.delete(key);
  };
  return {
    get(key, version, now) {
      const entry = entries.get(key);
      if (!entry) {
        stats.misses++;
        return null;
      }
      if (entry.version !== version || now - entry.storedAt > options.ttlMs) {
        remove(key);
        stats.misses++;
        return null;
      }
      stats.hits++;
      // Most recently used last: Map keeps insertion order.
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },
    set(key, entry) {
      remove(key);
      if (sizeOf(entry) > options.maxBytes) return;
      entries.set(key, entry);
      bytes += sizeOf(entry);
      for (const oldest of entries.keys()) {
        if (bytes <= options.maxBytes && entries.size <= options.maxEntries) break;
        remove(oldest);
      }
    },
  };
}

/** The cache entry for a text answer: its ETag and brotli and gzip copies, compressed off the event loop. */
export async function prepareResponse(
  text: string,
  headers: Record<string, string>,
  version: number,
  now: number,
  status = 200,
): Promise<CachedResponse> {
  const body = Buffer.from(text);
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzipAsync(body, { level: 9 }),
  ]);
  const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
  return { body, br, gzip: gz, etag, headers, status, version, storedAt: now };
}

/** What of a request decides how a cached answer is sent. */
export type CachedRequest = { method: string; ifNoneMatch: string | undefined; acceptEncoding: string | undefined };

/**
 * A cached answer's parts: 304 when the browser has it (its ETag), else the precompressed copy the
 * request accepts (brotli, gzip, or the plain body); a HEAD gets the headers only. The stored bytes are
 * sent as they are, never copied per request: under load, copies of a 90 KB page per request were what
 * made the process grow to half a gigabyte (ADR 043). The caller makes the Response with the security
 * headers in the same record (answerWithHeaders).
 */
export function cachedAnswer(
  entry: CachedResponse,
  request: CachedRequest,
  caching: { cacheControl: string; vary: string },
): { body: Uint8Array<ArrayBuffer> | null; status: number; headers: Record<string, string> } {
  // A plain record, not a Headers object: Node's adapter writes it as it is (ADR 043). Copied with
  // Object.assign: a spread followed by more keys (`{ ...a, ETag }`) took V8 (Node 20) microseconds per
  // request, a good part of a cached read's time in a profile.
  const headers: Record<string, string> = Object.assign({}, entry.headers);
  headers.ETag = entry.etag;
  headers.Vary = caching.vary;
  headers['Cache-Control'] = caching.cacheControl;
  // A 404 is not a representation the browser keeps for revalidation.
  if (entry.status === 200 && request.ifNoneMatch === entry.etag) return { body: null, status: 304, headers };
  const encoding = preferredEncoding(request.acceptEncoding);
  const body = encoding ? entry[encoding] : entry.body;
  if (encoding) headers['Content-Encoding'] = encoding;
  return { body: request.method === 'HEAD' ? null : bytesOf(body), status: entry.status, headers };
}

/** A view on a Buffer's bytes, not a copy: Node's adapter writes a Uint8Array body to the socket as it is. */
export function bytesOf(buffer: Buffer): Uint8Array<ArrayBuffer> {
  return new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength);
}
