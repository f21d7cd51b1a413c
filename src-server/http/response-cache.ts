import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export const brotli = promisify(brotliCompress);
export const gzipAsync = promisify(gzip);

/** An answer kept in memory (a rendered page, a public read), with its compressed copies made once. */
export type CachedResponse = {
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
  headers: Record<string, string>;
  /** The content version it was rendered at; a blog write moves the version on and retires it. */
  version: number;
  storedAt: number;
};

export type ResponseCache = {
  get(key: string, version: number, now: number): CachedResponse | null;
  set(key: string, response: CachedResponse): void;
};

/**
 * Answers by key (a page's address and language, a read's URL), bounded by total bytes and entry count;
 * the least recently used goes first. Entries expire after `ttlMs` as a backstop for changes that do
 * not move the content version (the shop catalog, a configuration change between restarts).
 */
export function createResponseCache(options: { maxBytes: number; maxEntries: number; ttlMs: number }): ResponseCache {
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
      if (!entry) return null;
      if (entry.version !== version || now - entry.storedAt > options.ttlMs) {
        remove(key);
        return null;
      }
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
): Promise<CachedResponse> {
  const body = Buffer.from(text);
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzipAsync(body, { level: 9 }),
  ]);
  const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
  return { body, br, gzip: gz, etag, headers, version, storedAt: now };
}

/** What of a request decides how a cached answer is sent. */
export type CachedRequest = { method: string; ifNoneMatch: string | undefined; acceptEncoding: string | undefined };

/**
 * A cached answer: 304 when the browser has it (its ETag), else the precompressed copy the request
 * accepts (brotli, gzip, or the plain body); a HEAD gets the headers only.
 */
export function sendCachedResponse(
  entry: CachedResponse,
  request: CachedRequest,
  caching: { cacheControl: string; vary: string },
): Response {
  const headers = new Headers(entry.headers);
  headers.set('ETag', entry.etag);
  headers.set('Vary', caching.vary);
  headers.set('Cache-Control', caching.cacheControl);
  if (request.ifNoneMatch === entry.etag) return new Response(null, { status: 304, headers });
  let body = entry.body;
  if (/\bbr\b/.test(request.acceptEncoding ?? '')) {
    body = entry.br;
    headers.set('Content-Encoding', 'br');
  } else if (/\bgzip\b/.test(request.acceptEncoding ?? '')) {
    body = entry.gzip;
    headers.set('Content-Encoding', 'gzip');
  }
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers });
}
