import type { Db } from '../db/connect';
import type { BlogPostRow } from '../db/schema';

/** Published posts, newest first; `after` continues below a cursor, `excludeId` skips the featured one. */
export function findPublishedPosts(
  db: Db,
  options: { category?: string; after?: { publishedAt: string; id: string }; excludeId?: string; limit: number },
): Promise<BlogPostRow[]> {
  let query = db.selectFrom('blog_posts').selectAll().where('published', '=', 1);
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

export function findNewestFeaturedPost(db: Db, category?: string): Promise<BlogPostRow | undefined> {
  let query = db.selectFrom('blog_posts').selectAll().where('published', '=', 1).where('featured', '=', 1);
  if (category) query = query.where('category', '=', category);
  return query.orderBy('published_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export function findPublishedPostBySlug(db: Db, slug: string): Promise<BlogPostRow | undefined> {
  return db.selectFrom('blog_posts').selectAll().where('slug', '=', slug).where('published', '=', 1).executeTakeFirst();
}

export function findAllPostsNewestCreated(db: Db): Promise<BlogPostRow[]> {
  return db.selectFrom('blog_posts').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
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
