import type { MiddlewareHandler } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import { preferredEncoding } from './content-encoding';
import { compressFresh } from './compress-fresh';
import { bytesOf } from './response-cache';

/** Below this, compression costs more than the bytes it saves (hono/compress's default too). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses the API's answers whole, by the request's Accept-Encoding (ADR 047). Every answer under
 * /api is a text in memory (tRPC's JSON, a CSV, the data export, a webhook's acknowledgement), so it is
 * read once and sent with its length. hono/compress instead piped each one through a
 * CompressionStream unless it carried a Content-Length, which none of them do: every small answer
 * (`{"received":true}`, a mutation's result) became a chunked gzip stream, a tenth of the server's CPU
 * per Stripe event in the benchmark. Answers below the threshold go as they are.
 */
export function compressAnswers(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const headers = res.headers;
    if (
      c.req.method === 'HEAD' ||
      res.status === 204 ||
      res.status === 304 ||
      res.status === 206 ||
      headers.has('Content-Encoding') ||
      // A stream (tRPC's JSON lines, when a caller asks for them) goes on as one.
      headers.has('Transfer-Encoding') ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(headers.get('Content-Type') ?? '') ||
      /\bno-transform\b/i.test(headers.get('Cache-Control') ?? '')
    )
      return;
    const plain = Buffer.from(await res.arrayBuffer());
    const answer = new Headers(headers);
    let body = bytesOf(plain);
    if (plain.length >= COMPRESS_THRESHOLD_BYTES) {
      // From here on, what is sent depends on what the request accepts, compressed or not.
      if (!/\baccept-encoding\b/i.test(answer.get('Vary') ?? '')) answer.append('Vary', 'Accept-Encoding');
      const encoding = preferredEncoding(c.req.header('accept-encoding'));
      if (encoding) {
        body = await compressFresh(plain, encoding);
        answer.set('Content-Encoding', encoding);
        // The same ETag would name two different byte sequences.
        const etag = answer.get('ETag');
        if (etag && !etag.startsWith('W/')) answer.set('ETag', `W/${etag}`);
      }
    }
    answer.set('Content-Length', String(body.length));
    // Replaced, not merged: Hono's setter would copy the old headers onto a new Response (ADR 047).
    c.res = undefined;
    c.res = new Response(body, { status: res.status, headers: answer });
  };
}
