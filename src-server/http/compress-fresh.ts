import { constants } from 'node:zlib';
import type { ContentEncoding } from './content-encoding';
import { brotli, bytesOf, gzipAsync } from './response-cache';

/**
 * A body made for one request (a signed-in visitor's page, an API answer), compressed in the encoding
 * the request prefers (preferredEncoding). Quick settings, off the event loop: it is compressed once
 * and sent once, unlike a cached copy, which is worth brotli's slower best.
 */
export async function compressFresh(body: Buffer, encoding: ContentEncoding): Promise<Uint8Array<ArrayBuffer>> {
  if (encoding === 'br') {
    const params = { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length };
    return bytesOf(await brotli(body, { params }));
  }
  return bytesOf(await gzipAsync(body, { level: 6 }));
}
