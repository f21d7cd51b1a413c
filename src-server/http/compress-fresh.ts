import { constants } from 'node:zlib';
import { brotli, bytesOf, gzipAsync } from './response-cache';

/**
 * A body made for one request (a signed-in visitor's page, an API answer) compressed by what the
 * request accepts: brotli, else gzip, else null (send it plain). Quick settings, off the event loop: it
 * is compressed once and sent once, unlike a cached copy, which is worth brotli's slower best.
 */
export async function compressForRequest(
  body: Buffer,
  acceptEncoding: string | undefined,
): Promise<{ body: Uint8Array<ArrayBuffer>; encoding: 'br' | 'gzip' } | null> {
  const accepted = acceptEncoding ?? '';
  if (/\bbr\b/.test(accepted)) {
    const params = { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length };
    return { body: bytesOf(await brotli(body, { params })), encoding: 'br' };
  }
  if (/\bgzip\b/.test(accepted)) return { body: bytesOf(await gzipAsync(body, { level: 6 })), encoding: 'gzip' };
  return null;
}
