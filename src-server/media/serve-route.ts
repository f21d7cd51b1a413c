/**
 * GET /media/<id> and /media/<id>/<width>.<avif|webp|jpg>: the files of an uploaded picture, from the
 * store. An upload never changes (a new picture gets a new id), so every answer may be cached for a year
 * by browsers and proxies; the ETag lets a revalidating client get a 304 without the bytes being read.
 * /media/<id> alone is the largest JPEG: the address the forms store and mail programs load.
 */
import type { Context } from 'hono';
import { MEDIA_FORMAT_EXTENSIONS, mediaVariantWidths, parseMediaId } from '@shared/media';
import type { MediaStorage } from './storage';

export const MEDIA_ROUTE = '/media/:id/:file?';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const VARIANT_FILE = /^\d{1,5}\.(?:avif|webp|jpg)$/;

export function mediaFileHandler(media: MediaStorage) {
  return async (c: Context): Promise<Response> => {
    const picture = parseMediaId(c.req.param('id') ?? '');
    const file = c.req.param('file');
    if (!picture || (file !== undefined && !VARIANT_FILE.test(file))) return notFound();
    const variant = file ?? `${mediaVariantWidths(picture.width).at(-1)}.${MEDIA_FORMAT_EXTENSIONS.jpeg}`;
    const etag = `"${picture.id}/${variant}"`;
    const headers = new Headers({ 'Cache-Control': IMMUTABLE, ETag: etag, 'X-Content-Type-Options': 'nosniff' });

    if (
      c.req
        .header('if-none-match')
        ?.split(',')
        .some((tag) => tag.trim() === etag)
    ) {
      // Whether it exists is already known to the client: it has this very ETag from us.
      return new Response(null, { status: 304, headers });
    }
    const stored = await media.get(picture.id, variant);
    if (!stored) return notFound();
    headers.set('Content-Type', stored.contentType);
    headers.set('Content-Length', String(stored.bytes.byteLength));
    return new Response(c.req.method === 'HEAD' ? null : (stored.bytes as Uint8Array<ArrayBuffer>), { status: 200, headers });
  };
}

function notFound(): Response {
  return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
}
