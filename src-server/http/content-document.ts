import type { Context } from 'hono';
import type { Clock } from '../lib/clock';
import type { ContentVersion } from '../lib/content-version';
import { answerWithHeaders } from './answer-headers';
import { cachedAnswer, type CachedResponse, prepareResponse } from './response-cache';

/**
 * A document made from public content (the sitemap, a blog feed), answered the way cached pages are: made
 * once per content version (a blog write moves it on) with its ETag and its brotli and gzip copies; a
 * client that sends the ETag back (feed readers poll, crawlers revalidate) gets 304 and no body, others
 * the copy their Accept-Encoding takes. One document per key (a feed per language).
 */
export function contentDocuments<Key>(options: {
  content: ContentVersion;
  clock: Clock;
  contentType: string;
  cacheControl: string;
}): (c: Context, key: Key, make: () => Promise<string>) => Promise<Response> {
  const kept = new Map<Key, CachedResponse>();
  return async (c, key, make) => {
    const version = await options.content.current();
    let entry = kept.get(key);
    if (entry?.version !== version) {
      entry = await prepareResponse(await make(), { 'Content-Type': options.contentType }, version, options.clock.now().getTime());
      kept.set(key, entry);
    }
    const request = { method: c.req.method, ifNoneMatch: c.req.header('if-none-match'), acceptEncoding: c.req.header('accept-encoding') };
    const { body, status, headers } = cachedAnswer(entry, request, { cacheControl: options.cacheControl, vary: 'Accept-Encoding' });
    return answerWithHeaders(c, body, status, headers);
  };
}
