/**
 * Blog rules: slugs from titles (stable once published), published_at set on first publication,
 * author defaults, and the mapping of rows to what the public and the admin see.
 */
import { BLOG_PAGE_SIZE, DEFAULT_BLOG_AUTHOR } from '@shared/constants';
import type { AdminPost, BlogPostValues, PublicPost } from '@shared/schemas/blog';
import { AppError } from '../app-error';
import type { Db } from '../db/connect';
import type { BlogPostRow, UserRow } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { newId } from '../lib/ids';
import { findNewestFeaturedPost, findPostById, findPublishedPosts, findSlugsStartingWith } from './queries';
import { slugify, uniqueSlug } from './slug';

function parseTags(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((tag): tag is string => typeof tag === 'string') : [];
  } catch {
    return [];
  }
}

export function toPublicPost(row: BlogPostRow): PublicPost {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    content: row.content,
    author: row.author,
    category: row.category,
    tags: parseTags(row.tags),
    imageUrl: row.image_url,
    featured: row.featured === 1,
    publishedAt: row.published_at ?? row.created_at,
  };
}

export function toAdminPost(row: BlogPostRow): AdminPost {
  return {
    ...toPublicPost(row),
    published: row.published === 1,
    publishedAt: row.published_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The public list: on the first page the newest featured post, then pages of the others. */
export async function listPublishedPosts(db: Db, input: { category?: string; cursor?: string | null }) {
  const featuredRow = await findNewestFeaturedPost(db, input.category);
  const after = input.cursor ? decodeCursor(input.cursor) : undefined;
  const rows = await findPublishedPosts(db, { category: input.category, after, excludeId: featuredRow?.id, limit: BLOG_PAGE_SIZE + 1 });
  const page = rows.slice(0, BLOG_PAGE_SIZE);
  const last = page.at(-1);
  return {
    featured: !input.cursor && featuredRow ? toPublicPost(featuredRow) : null,
    posts: page.map(toPublicPost),
    nextCursor: rows.length > BLOG_PAGE_SIZE && last ? encodeCursor(last) : null,
  };
}

function encodeCursor(row: BlogPostRow): string {
  return Buffer.from(JSON.stringify([row.published_at, row.id])).toString('base64url');
}

function decodeCursor(cursor: string): { publishedAt: string; id: string } {
  try {
    const [publishedAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown[];
    if (typeof publishedAt === 'string' && typeof id === 'string') return { publishedAt, id };
  } catch {
    // fall through
  }
  throw new AppError('VALIDATION_FAILED', 'bad cursor');
}

function defaultAuthor(user: UserRow): string {
  return `${user.first_name} ${user.last_name}`.trim() || DEFAULT_BLOG_AUTHOR;
}

/** The columns the admin form decides, as stored; `publishedAt` is the post's first publication. */
function formColumns(values: BlogPostValues, admin: UserRow, publishedAt: string | null, now: Date) {
  return {
    title: values.title,
    excerpt: values.excerpt,
    content: values.content,
    author: values.author ?? defaultAuthor(admin),
    category: values.category,
    tags: JSON.stringify(values.tags),
    image_url: values.imageUrl,
    featured: values.featured ? 1 : 0,
    published: values.published ? 1 : 0,
    published_at: publishedAt ?? (values.published ? now.toISOString() : null),
    updated_at: now.toISOString(),
    user_id: admin.id,
  };
}

/** Two saves finding the same free slug at once: each try loses to at most one other saver. */
const MAX_SLUG_ATTEMPTS = 20;

/**
 * Writes with the first free slug for `title`. Another request may take that slug between the lookup
 * and the write; the unique index refuses the second write, and it is tried again with the next free one.
 */
async function withFreeSlug<T>(db: Db, title: string, exceptId: string | undefined, write: (slug: string) => Promise<T>): Promise<T> {
  const base = slugify(title);
  for (let attempt = 1; ; attempt++) {
    const slug = uniqueSlug(base, await findSlugsStartingWith(db, base, exceptId));
    try {
      return await write(slug);
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= MAX_SLUG_ATTEMPTS) throw error;
    }
  }
}

export async function createPost(db: Db, values: BlogPostValues, admin: UserRow, now: Date): Promise<BlogPostRow> {
  return withFreeSlug(db, values.title, undefined, (slug) =>
    db
      .insertInto('blog_posts')
      .values({ id: newId(), slug, created_at: now.toISOString(), ...formColumns(values, admin, null, now) })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
}

export async function updatePost(db: Db, id: string, values: BlogPostValues, admin: UserRow, now: Date): Promise<BlogPostRow> {
  const existing = await findPostById(db, id);
  if (!existing) throw new AppError('NOT_FOUND', 'no such post');
  const write = (slug: string) =>
    db
      .updateTable('blog_posts')
      .set({ slug, ...formColumns(values, admin, existing.published_at, now) })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  // A post that was ever published keeps its address: links to it must not break.
  return existing.published_at ? write(existing.slug) : withFreeSlug(db, values.title, id, write);
}

export async function setPublished(db: Db, id: string, published: boolean, admin: UserRow, now: Date): Promise<BlogPostRow> {
  const existing = await findPostById(db, id);
  if (!existing) throw new AppError('NOT_FOUND', 'no such post');
  return db
    .updateTable('blog_posts')
    .set({
      published: published ? 1 : 0,
      published_at: existing.published_at ?? (published ? now.toISOString() : null),
      updated_at: now.toISOString(),
      user_id: admin.id,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setFeatured(db: Db, id: string, featured: boolean, admin: UserRow, now: Date): Promise<BlogPostRow> {
  const row = await db
    .updateTable('blog_posts')
    .set({ featured: featured ? 1 : 0, updated_at: now.toISOString(), user_id: admin.id })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'no such post');
  return row;
}

export async function deletePost(db: Db, id: string): Promise<void> {
  const result = await db.deleteFrom('blog_posts').where('id', '=', id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw new AppError('NOT_FOUND', 'no such post');
}
