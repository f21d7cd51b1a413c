import type { Db } from '../db/connect';
import type { BlogPostRow, PostTranslationRow } from '../db/schema';

/**
 * The posts the public may see at `now` (ISO, from ctx.clock): every public read (list, post, feeds,
 * sitemap, filter row) starts here. A published post whose published_at is still ahead is scheduled
 * and stays a draft for visitors until then (ADR 038).
 */
export function visiblePosts(db: Db, now: string) {
  return db.selectFrom('blog_posts').where('published', '=', 1).where('published_at', '<=', now);
}

/** Published posts, newest first; `after` continues below a cursor, `excludeId` skips the featured one. */
export function findPublishedPosts(
  db: Db,
  options: { now: string; category?: string; after?: { publishedAt: string; id: string }; excludeId?: string; limit: number },
): Promise<BlogPostRow[]> {
  let query = visiblePosts(db, options.now).selectAll();
  if (options.category) query = query.where('category', '=', options.category);
  if (options.excludeId) query = query.where('id', '!=', options.excludeId);
  if (options.after) {
    const { publishedAt, id } = options.after;
    query = query.where((eb) =>
      eb.or([eb('published_at', '<', publishedAt), eb.and([eb('published_at', '=', publishedAt), eb('id', '<', id)])]),
    );
  }
  return query.orderBy('published_at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
}

export function findNewestFeaturedPost(db: Db, now: string, category?: string): Promise<BlogPostRow | undefined> {
  let query = visiblePosts(db, now).selectAll().where('featured', '=', 1);
  if (category) query = query.where('category', '=', category);
  return query.orderBy('published_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export function findPublishedPostBySlug(db: Db, slug: string, now: string): Promise<BlogPostRow | undefined> {
  return visiblePosts(db, now).selectAll().where('slug', '=', slug).executeTakeFirst();
}

/** The categories that have posts the public may see (each filter button of /blog finds something). */
export async function findVisibleCategories(db: Db, now: string): Promise<string[]> {
  return (await visiblePosts(db, now).select('category').distinct().execute()).map((row) => row.category);
}

/** Which languages these posts have versions in (post_translations' keys only). */
export function findTranslationLocales(db: Db, postIds: readonly string[]): Promise<Array<{ post_id: string; locale: string }>> {
  if (postIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('post_translations').select(['post_id', 'locale']).where('post_id', 'in', postIds).execute();
}

/** The English and French versions of these posts (the German original is the post's own row). */
export function findTranslations(db: Db, postIds: readonly string[]): Promise<PostTranslationRow[]> {
  if (postIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('post_translations').selectAll().where('post_id', 'in', postIds).execute();
}

/** The columns of the admin list (AdminPostSummary): not the text, which is most of a post's bytes. */
const ADMIN_LIST_COLUMNS = ['id', 'slug', 'title', 'author', 'category', 'featured', 'published', 'published_at', 'created_at'] as const;
export type AdminListRow = Pick<BlogPostRow, (typeof ADMIN_LIST_COLUMNS)[number]>;

/** Every post for the admin list, newest created first (publishing an old post does not move it). */
export function findAdminListRows(db: Db): Promise<AdminListRow[]> {
  return db.selectFrom('blog_posts').select(ADMIN_LIST_COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export function findPostById(db: Db, id: string): Promise<BlogPostRow | undefined> {
  return db.selectFrom('blog_posts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** In one query, the slugs that `uniqueSlug` must avoid for `base`: base itself and every "base-…". */
export async function findSlugsStartingWith(db: Db, base: string, exceptId?: string): Promise<Set<string>> {
  // Slugs hold only a-z, 0-9 and "-", so the base contains no LIKE wildcard.
  let query = db
    .selectFrom('blog_posts')
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]));
  if (exceptId) query = query.where('id', '!=', exceptId);
  return new Set((await query.execute()).map((row) => row.slug));
}

export async function isSlugTaken(db: Db, slug: string, exceptId?: string): Promise<boolean> {
  let query = db.selectFrom('blog_posts').select('id').where('slug', '=', slug);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}
