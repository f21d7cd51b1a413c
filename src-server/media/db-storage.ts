import type { Db } from '../db/connect';
import type { MediaStorage } from './storage';

/**
 * The default store: the `media_files` table (migration 0016), so every process of a PostgreSQL
 * installation serves what any of them received, and the database backup holds the pictures too.
 */
export function createDbMediaStorage(db: Db): MediaStorage {
  return {
    async put(mediaId, files, meta) {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('media_files')
          .values(
            files.map((file) => ({
              media_id: mediaId,
              variant: file.variant,
              content_type: file.contentType,
              width: file.width,
              height: file.height,
              byte_size: file.bytes.byteLength,
              bytes: file.bytes,
              created_at: meta.createdAt,
              uploaded_by: meta.uploadedBy,
            })),
          )
          .execute();
      });
    },

    async get(mediaId, variant) {
      const row = await db
        .selectFrom('media_files')
        .select(['variant', 'content_type', 'width', 'height', 'bytes'])
        .where('media_id', '=', mediaId)
        .where('variant', '=', variant)
        .executeTakeFirst();
      if (!row) return null;
      return { variant: row.variant, contentType: row.content_type, width: row.width, height: row.height, bytes: row.bytes };
    },

    async delete(mediaId) {
      await db.deleteFrom('media_files').where('media_id', '=', mediaId).execute();
    },
  };
}
