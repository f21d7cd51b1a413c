/**
 * POST /api/media (MEDIA_UPLOAD_PATH): an admin uploads a picture as multipart/form-data. A plain Hono
 * route rather than a tRPC mutation: the browser sends the file with XMLHttpRequest, the one API that
 * reports upload progress, and the route sets its own body limit (a picture is far bigger than any
 * other API call). It checks the session and the admin role exactly as adminProcedure does, and the
 * origin check in front of /api applies. Answers MediaUploadResult, or a refusal in the uploader's
 * language (?lang=, the lang cookie, Accept-Language), also when the server's storage is full.
 */
import type { Context } from 'hono';
import { MEDIA_MAX_BYTES } from '@shared/constants';
import { MEDIA_UPLOAD_FIELD, mediaUrl, type MediaUploadResult } from '@shared/media';
import { resolveRequestSession } from '../auth/request-session';
import { isAdmin } from '../auth/roles';
import { isStorageFull } from '../db/storage-full';
import { hasTwoFactor } from '../two-factor/secrets';
import { PRIVATE_CACHE_CONTROL } from '../http/private-answers';
import type { RequestVariables } from '../http/request-context';
import { newId } from '../lib/ids';
import { negotiateLocale } from '../pages/language';
import type { AppDeps } from '../trpc';
import { MEDIA_REFUSAL_STATUS, MediaRefusal, mediaRefusalMessage, type MediaRefusalCode } from './refusals';
import { processPicture } from './variants';

type UploadContext = Context<{ Variables: RequestVariables }>;

/** The request may be a little bigger than the picture: the multipart framing around it. */
export const MEDIA_UPLOAD_BODY_LIMIT_BYTES = MEDIA_MAX_BYTES + 64 * 1024;

export function mediaUploadHandler(deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'media'>) {
  const { db, clock, config, media } = deps;
  return async (c: UploadContext): Promise<Response> => {
    const headers = new Headers({ 'Cache-Control': PRIVATE_CACHE_CONTROL });
    const logger = c.get('logger');
    try {
      const now = clock.now();
      const { user } = await resolveRequestSession(db, c.req.header('cookie') ?? null, headers, now, config.isHttps);
      if (!user) throw new MediaRefusal('UNAUTHENTICATED');
      if (!(await isAdmin(db, user.id, logger))) throw new MediaRefusal('FORBIDDEN');
      // As adminProcedure: with ADMIN_2FA_REQUIRED, an admin without a second factor uploads nothing (ADR 041).
      if (config.admin2faRequired && !(await hasTwoFactor(db, user.id))) throw new MediaRefusal('TWO_FACTOR_REQUIRED');

      const file = await uploadedFile(c);
      const picture = await processPicture(new Uint8Array(await file.arrayBuffer()));
      // The address carries the picture's size, so a page writes its srcset without asking (src-shared/media.ts).
      const id = `${newId()}-${picture.width}x${picture.height}`;
      await media.put(id, picture.files, { uploadedBy: user.id, createdAt: now.toISOString() });
      logger.info('picture uploaded', { mediaId: id, bytes: file.size, files: picture.files.length, userId: user.id });
      const result: MediaUploadResult = { url: mediaUrl(id), width: picture.width, height: picture.height };
      headers.set('Content-Type', 'application/json; charset=utf-8');
      return new Response(JSON.stringify(result), { status: 201, headers });
    } catch (error) {
      if (isStorageFull(error)) {
        // Not the uploader's fault: an error for the operator, with the database's own code (SQLITE_FULL, 53100).
        logger.error("picture upload failed: the server's storage is full", { error });
        return refuseUpload(c, 'STORAGE_FULL', headers);
      }
      if (!(error instanceof MediaRefusal)) throw error;
      logger.info('picture upload refused', { code: error.code });
      return refuseUpload(c, error.code, headers);
    }
  };
}

async function uploadedFile(c: UploadContext): Promise<File> {
  let body: Record<string, unknown>;
  try {
    body = await c.req.parseBody();
  } catch {
    throw new MediaRefusal('NO_FILE');
  }
  const file = body[MEDIA_UPLOAD_FIELD];
  if (!(file instanceof File) || file.size === 0) throw new MediaRefusal('NO_FILE');
  return file;
}

/** The refusal as JSON: `{ error: { code, message } }`, the message in the request's language. */
export function refuseUpload(c: UploadContext, code: MediaRefusalCode, headers = new Headers()): Response {
  const { locale } = negotiateLocale(new URL(c.req.url), c.req.header('cookie') ?? null, c.req.header('accept-language') ?? null);
  headers.set('Content-Type', 'application/json; charset=utf-8');
  headers.set('Cache-Control', PRIVATE_CACHE_CONTROL);
  headers.set('Content-Language', locale);
  return new Response(JSON.stringify({ error: { code, message: mediaRefusalMessage(code, locale) } }), {
    status: MEDIA_REFUSAL_STATUS[code],
    headers,
  });
}
