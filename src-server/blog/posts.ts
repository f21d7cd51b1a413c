/**
 * Blog rules: slugs from German titles (stable once published), published_at set on first publication,
 * author defaults, the versions of a post in other languages (ADR 037), and the mapping of rows to what
 * the public and the admin see.
 */
import { BLOG_FILTER_ORDER, BLOG_PAGE_SIZE, DEFAULT_BLOG_AUTHOR } from '@shared/constants';
import { LOCALES, SOURCE_LOCALE, type Locale } from '@shared/locales';
import type { AdminPost, AdminPostSummary, BlogPostValues, PostText, PublicPost, PublicPostSummary } from '@shared/schemas/blog';
import { AppError } from '../app-error';
import type { AuditActor } from '../audit/record';
import type { Db } from '../db/connect';
import type { Updateable } from 'kysely';
import type { BlogPostRow, BlogPostTable, PostTranslationRow, UserRow } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { newId } from '../lib/ids';
import {
  type AdminListRow,
  findNewestFeaturedPost,
  findPostById,
  findPublishedPostBySlug,
  findPublishedPosts,
  findSlugsStartingWith,
  findTranslations,
  findVisibleCategories,
} from './queries';
import { hasBeenPublic } from '@shared/post-schedule';
import { recordPostChange, recordPostDeleted } from './audit';
import { publicationTime, publicationTimeOnToggle } from './schedule';
import { slugify, uniqueSlug } from './slug';

function parseTags(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((tag): tag is string => typeof tag === 'string') : [];
  } catch {
    return [];
  }
}

/** The languages other than German a post can have a version in. */
const TRANSLATED_LOCALES = LOCALES.filter((locale) => locale !== SOURCE_LOCALE);

function originalText(row: BlogPostRow): PostText {
  return { title: row.title, excerpt: row.excerpt, content: row.content, tags: parseTags(row.tags), imageAlt: row.image_alt };
}

function translatedText(row: PostTranslationRow): PostText {
  return { title: row.title, excerpt: row.excerpt, content: row.content, tags: parseTags(row.tags), imageAlt: row.image_alt };
}

/** The languages a post exists in, German first (in LOCALES' order). */
function languagesOf(translations: readonly PostTranslationRow[]): Locale[] {
  return LOCALES.filter((locale) => locale === SOURCE_LOCALE || translations.some((version) => version.locale === locale));
}

/**
 * The post as a reader of `lang` sees it: its version in that language, else the German original (and
 * `lang` says which one it is). `translations` are the post's rows of post_translations (others are ignored).
 */
export function toPublicPost(row: BlogPostRow, translations: readonly PostTranslationRow[] = [], lang: Locale = SOURCE_LOCALE): PublicPost {
  const own = translations.filter((version) => version.post_id === row.id);
  const version = lang === SOURCE_LOCALE ? undefined : own.find((candidate) => candidate.locale === lang);
  const text = version ? translatedText(version) : originalText(row);
  return {
    id: row.id,
    slug: row.slug,
    lang: version ? lang : SOURCE_LOCALE,
    languages: languagesOf(own),
    ...text,
    author: row.author,
    category: row.category,
    imageUrl: row.image_url,
    imageAlt: row.image_url ? text.imageAlt : null,
    featured: row.featured === 1,
    publishedAt: row.published_at ?? row.created_at,
    modifiedAt: lastPublicChange(row),
  };
}

/**
 * When a post's public version last changed: its last save, or its publication when that came later (a
 * post scheduled ahead, saved before it went public). Both are ISO instants, which compare as text.
 */
export function lastPublicChange(row: Pick<BlogPostRow, 'published_at' | 'created_at' | 'updated_at'>): string {
  const published = row.published_at ?? row.created_at;
  return row.updated_at > published ? row.updated_at : published;
}

export function toAdminPost(row: BlogPostRow, translations: readonly PostTranslationRow[] = []): AdminPost {
  const own = translations.filter((version) => version.post_id === row.id);
  const versionIn = (locale: Locale) => {
    const version = own.find((candidate) => candidate.locale === locale);
    return version ? translatedText(version) : null;
  };
  const { modifiedAt: _modified, ...shared } = toPublicPost(row, own);
  return {
    ...shared,
    translations: { de: originalText(row), en: versionIn('en'), fr: versionIn('fr') },
    published: row.published === 1,
    publishedAt: row.published_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
  };
}

/** A post as the admin list shows it: its German title and state, without any text (see AdminPostSummary). */
export function toAdminPostSummary(row: AdminListRow): AdminPostSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    author: row.author,
    category: row.category,
    featured: row.featured === 1,
    published: row.published === 1,
    publishedAt: row.published_at,
    createdAt: row.created_at,
  };
}

/** One post whole, with its versions, for the admin form that opens it; NOT_FOUND once it was deleted. */
export async function findAdminPost(db: Db, id: string): Promise<AdminPost> {
  const row = await findPostById(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'no such post');
  return withVersions(db, row);
}

/** A saved post as the admin sees it, with its versions read for it: what the form loads, and what a write answers. */
export async function withVersions(db: Db, row: BlogPostRow): Promise<AdminPost> {
  return toAdminPost(row, await findTranslations(db, [row.id]));
}

/** Rows as the list shows them to a reader of `lang` (without their text), with their versions loaded in one query. */
async function toPostSummaries(db: Db, rows: readonly BlogPostRow[], lang: Locale): Promise<PublicPostSummary[]> {
  const translations = await findTranslations(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const { content: _text, modifiedAt: _modified, ...summary } = toPublicPost(row, translations, lang);
    return summary;
  });
}

/** One published post in `lang` (or German), or null: drafts do not exist for the public. */
export async function findPublicPost(db: Db, slug: string, lang: Locale, now: Date): Promise<PublicPost | null> {
  const row = await findPublishedPostBySlug(db, slug, now.toISOString());
  return row ? toPublicPost(row, await findTranslations(db, [row.id]), lang) : null;
}

/**
 * The public list in `lang`: on the first page the newest featured post, then pages of the others, and
 * the categories that have published posts (the filter row shows exactly those, in BLOG_FILTER_ORDER).
 */
export async function listPublishedPosts(db: Db, input: { category?: string; cursor?: string | null; lang: Locale }, now: Date) {
  const at = now.toISOString();
  const featuredRow = await findNewestFeaturedPost(db, at, input.category);
  const after = input.cursor ? decodeCursor(input.cursor) : undefined;
  const rows = await findPublishedPosts(db, {
    now: at,
    category: input.category,
    after,
    excludeId: featuredRow?.id,
    limit: BLOG_PAGE_SIZE + 1,
  });
  const page = rows.slice(0, BLOG_PAGE_SIZE);
  const last = page.at(-1);
  const showFeatured = !input.cursor && featuredRow;
  const [shown, categories] = await Promise.all([
    toPostSummaries(db, showFeatured ? [featuredRow, ...page] : page, input.lang),
    findVisibleCategories(db, at),
  ]);
  return {
    featured: showFeatured ? (shown[0] ?? null) : null,
    posts: showFeatured ? shown.slice(1) : shown,
    nextCursor: rows.length > BLOG_PAGE_SIZE && last ? encodeCursor(last) : null,
    categories: BLOG_FILTER_ORDER.filter((category) => categories.includes(category)),
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

/** The columns the admin form decides, as stored; `publishedAt` is the post's current published_at (see schedule.ts). */
function formColumns(values: BlogPostValues, admin: UserRow, publishedAt: string | null, now: Date) {
  const german = values.translations.de;
  return {
    title: german.title,
    excerpt: german.excerpt,
    content: german.content,
    tags: JSON.stringify(german.tags),
    image_alt: german.imageAlt,
    author: values.author ?? defaultAuthor(admin),
    category: values.category,
    image_url: values.imageUrl,
    featured: values.featured ? 1 : 0,
    published: values.published ? 1 : 0,
    published_at: publicationTime(publishedAt, values, now),
    updated_at: now.toISOString(),
    user_id: admin.id,
  };
}

/** Replaces the post's English and French versions with the form's: a language left empty has none. */
async function saveTranslations(db: Db, postId: string, translations: BlogPostValues['translations']): Promise<void> {
  await db.deleteFrom('post_translations').where('post_id', '=', postId).execute();
  const rows = TRANSLATED_LOCALES.flatMap((locale) => {
    const text = translations[locale];
    return text
      ? [
          {
            post_id: postId,
            locale,
            title: text.title,
            excerpt: text.excerpt,
            content: text.content,
            tags: JSON.stringify(text.tags),
            image_alt: text.imageAlt,
          },
        ]
      : [];
  });
  if (rows.length > 0) await db.insertInto('post_translations').values(rows).execute();
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

// A post and its versions are written in one transaction: a reader never sees half a save. A taken slug
// fails the whole transaction (PostgreSQL allows nothing more in it), and withFreeSlug tries a new one.
// Each write records its audit entries (./audit.ts) in its own transaction: `actor` is who made it, from where.

export async function createPost(db: Db, values: BlogPostValues, admin: UserRow, now: Date, actor: AuditActor): Promise<BlogPostRow> {
  return withFreeSlug(db, values.translations.de.title, undefined, (slug) =>
    db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('blog_posts')
        .values({ id: newId(), slug, created_at: now.toISOString(), ...formColumns(values, admin, null, now) })
        .returningAll()
        .executeTakeFirstOrThrow();
      await saveTranslations(trx, row.id, values.translations);
      await recordPostChange(trx, actor, { before: null, after: row, saved: true }, now);
      return row;
    }),
  );
}

/**
 * Saves the admin form over the post, if the post is still at `version`, the one the form loaded (or the
 * one a conflict named, when the admin chose to save over it). A change by anyone else since then (a
 * save, the eye, the star) refuses the save with EDIT_CONFLICT and the post as it is now, so that nothing
 * the admin did not see is undone; the form keeps what was typed and takes over the other changes.
 */
export async function updatePost(
  db: Db,
  id: string,
  version: number,
  values: BlogPostValues,
  admin: UserRow,
  now: Date,
  actor: AuditActor,
): Promise<BlogPostRow> {
  const existing = await findPostById(db, id);
  if (!existing) throw new AppError('NOT_FOUND', 'no such post');
  if (existing.version !== version) throw await editConflict(db, existing);
  const write = (slug: string) =>
    db.transaction().execute(async (trx) => {
      // Only while the version is unchanged: of two saves from the same version, the second finds none.
      const row = await trx
        .updateTable('blog_posts')
        .set((eb) => ({ slug, ...formColumns(values, admin, existing.published_at, now), version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where('version', '=', version)
        .returningAll()
        .executeTakeFirst();
      if (!row) {
        // Deleted, or changed, by another admin since the lookup above.
        const current = await findPostById(trx, id);
        if (!current) throw new AppError('NOT_FOUND', 'no such post');
        throw await editConflict(trx, current);
      }
      await saveTranslations(trx, id, values.translations);
      await recordPostChange(trx, actor, { before: existing, after: row, saved: true }, now);
      return row;
    });
  // A post that was ever published keeps its address: links to it must not break.
  return hasBeenPublic(existing.published_at, now) ? write(existing.slug) : withFreeSlug(db, values.translations.de.title, id, write);
}

/** The refusal of a save from an older version: with the post as it is now, for the form to show and save over. */
async function editConflict(db: Db, current: BlogPostRow): Promise<AppError> {
  const post = toAdminPost(current, await findTranslations(db, [current.id]));
  return new AppError('EDIT_CONFLICT', 'the post changed since the form loaded it', { current: post });
}

export async function setPublished(
  db: Db,
  id: string,
  published: boolean,
  admin: UserRow,
  now: Date,
  actor: AuditActor,
): Promise<BlogPostRow> {
  return switchPost(db, id, admin, now, actor, (existing) => ({
    published: published ? 1 : 0,
    published_at: publicationTimeOnToggle(existing.published_at, published, now),
  }));
}

export async function setFeatured(
  db: Db,
  id: string,
  featured: boolean,
  admin: UserRow,
  now: Date,
  actor: AuditActor,
): Promise<BlogPostRow> {
  return switchPost(db, id, admin, now, actor, () => ({ featured: featured ? 1 : 0 }));
}

/**
 * One switch of a post from the admin list (the eye, the star): the row as it was, the change and its
 * audit entry in one transaction, so that the entry says what really changed (recordPostChange compares).
 */
async function switchPost(
  db: Db,
  id: string,
  admin: UserRow,
  now: Date,
  actor: AuditActor,
  change: (existing: BlogPostRow) => Updateable<BlogPostTable>,
): Promise<BlogPostRow> {
  return db.transaction().execute(async (trx) => {
    const existing = await findPostById(trx, id);
    if (!existing) throw new AppError('NOT_FOUND', 'no such post');
    const row = await trx
      .updateTable('blog_posts')
      // A new version: a form opened before this switch cannot save over it unseen (updatePost).
      .set((eb) => ({ ...change(existing), updated_at: now.toISOString(), user_id: admin.id, version: eb('version', '+', 1) }))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    // Deleted by another admin since the lookup above.
    if (!row) throw new AppError('NOT_FOUND', 'no such post');
    await recordPostChange(trx, actor, { before: existing, after: row, saved: false }, now);
    return row;
  });
}

export async function deletePost(db: Db, id: string, actor: AuditActor, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom('blog_posts').where('id', '=', id).returningAll().executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', 'no such post');
    await recordPostDeleted(trx, actor, row, now);
  });
}
