import { z } from './zod';
import { isSlug } from '../blog-slug';
import { BLOG_CATEGORIES, BLOG_LIMITS, DEFAULT_BLOG_CATEGORY } from '../constants';
import { LOCALES, type Locale } from '../locales';
import { isSkippedTeamWallTime, SKIPPED_WALL_TIME, teamWallTimeToUtc, WALL_TIME_PATTERN } from '../team-wall-time';
import { editVersionSchema } from './edit-version';
import { pictureUrl, sitePicturePath } from './picture-url';
import { multiLineText, oneLineText, plainString, requiredMultiLineText, requiredOneLineText } from './text';

/** "a, b,, c " → ["a", "b", "c"]: trimmed, empty ones dropped, duplicates removed. */
export function normalizeTags(input: string | readonly string[]): string[] {
  const parts = typeof input === 'string' ? input.split(',') : input;
  return [...new Set(parts.map((tag) => tag.trim()).filter(Boolean))];
}

/** An optional text field: empty (after trimming) or missing becomes null. */
const optionalText = (text: z.ZodString) =>
  text
    .transform((value) => value || null)
    .nullish()
    .transform((value) => value ?? null);

/** The tags field: comma separated text or a list; trimmed, empty ones and duplicates dropped. */
const tagsSchema = z
  .union([z.string(), z.array(z.string())])
  .default('')
  .transform(normalizeTags)
  .pipe(z.array(oneLineText(BLOG_LIMITS.tagLength).min(1)).max(BLOG_LIMITS.tags));

/**
 * When a post becomes public, stored in UTC: an ISO instant ("2026-12-01T09:00:00Z"), or the wall time
 * of the admin form's date+time input ("2026-12-01T10:00"), which is Berlin time (team-wall-time.ts).
 * The result is always the ISO form toISOString() writes, so that published_at compares as text. A wall
 * time the clocks jump over in spring is refused with SKIPPED_WALL_TIME (translated by the form).
 */
const publishAtSchema = z
  .string()
  .nullish()
  .superRefine((value, ctx) => {
    // A time in the spring night's missing hour ("2027-03-28T02:30") is refused, not quietly published an
    // hour later: the admin is told and picks a time the clock shows (the form and the server alike).
    if (value && isSkippedTeamWallTime(value)) ctx.addIssue({ code: 'custom', message: SKIPPED_WALL_TIME });
  })
  .pipe(
    z
      .union([
        z.iso.datetime({ offset: true }).transform((value) => new Date(value).toISOString()),
        z
          .string()
          .regex(WALL_TIME_PATTERN)
          .transform((value, ctx) => {
            const utc = teamWallTimeToUtc(value);
            if (utc === null) ctx.addIssue({ code: 'custom', message: 'no such time' });
            return utc ?? z.NEVER;
          }),
        z.literal('').transform(() => null),
      ])
      .nullish(),
  )
  .transform((value) => value ?? null);

/** A post's text in one language: what a reader of that language sees (the shared fields are the post's). */
export const postTextSchema = z.object({
  title: requiredOneLineText(BLOG_LIMITS.title),
  excerpt: optionalText(multiLineText(BLOG_LIMITS.excerpt)),
  content: requiredMultiLineText(BLOG_LIMITS.content),
  tags: tagsSchema,
  /** The picture described for someone who cannot see it; required when the post has a picture. */
  imageAlt: optionalText(oneLineText(BLOG_LIMITS.imageAlt)),
});
export type PostTextInput = z.input<typeof postTextSchema>;
export type PostText = z.output<typeof postTextSchema>;

/** Whether a version's fields are all empty: the admin left that language's tab alone. */
function isBlankText(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value !== 'object') return false;
  return Object.values(value).every((field) =>
    Array.isArray(field) ? field.every((item) => String(item).trim() === '') : field == null || String(field).trim() === '',
  );
}

/** An English or French version: an empty one (all fields blank) means the post has none in that language. */
const optionalPostText = z.preprocess((value) => (isBlankText(value) ? null : value), postTextSchema.nullable()).optional();

/**
 * The fields of the admin form: what every language shares (author, category, picture, flags), and the
 * text per language. German is the original and required; English and French are optional versions.
 * Empty excerpt and image become null, tags come comma separated.
 */
export const blogPostInputSchema = z
  .object({
    /** Empty: the saving admin's first and last name, else "Admin". */
    author: optionalText(oneLineText(BLOG_LIMITS.author)),
    category: z.enum(BLOG_CATEGORIES).default(DEFAULT_BLOG_CATEGORY),
    imageUrl: pictureUrl(BLOG_LIMITS.imageUrl, sitePicturePath)
      .transform((value) => value || null)
      .nullish()
      .transform((value) => value ?? null),
    published: z.boolean().default(false),
    featured: z.boolean().default(false),
    /**
     * When a published post becomes public (UTC); null or empty: at once. Read once as publishAtSchema
     * reads it, into that read's result rather than a refusal: only a published post's result counts
     * (below), a draft has no such time (blog/schedule.ts).
     */
    publishAt: z
      .string()
      .nullish()
      .transform((value) => publishAtSchema.safeParse(value)),
    translations: z.object({ de: postTextSchema, en: optionalPostText, fr: optionalPostText }),
  })
  .superRefine((post, ctx) => {
    // A draft's time is not used, and its field is disabled (PublishAtField): a time left there when the
    // post was switched back to a draft (one in the spring night's missing hour, say) must not refuse the
    // draft with an error the admin cannot reach.
    if (post.published) {
      for (const issue of post.publishAt.error?.issues ?? [])
        ctx.addIssue({ ...issue, path: ['publishAt', ...issue.path] } as z.core.$ZodRawIssue);
    }
    // A picture needs its description in every language the post is written in.
    if (!post.imageUrl) return;
    for (const locale of LOCALES) {
      const text = post.translations[locale];
      if (text && !text.imageAlt)
        ctx.addIssue({ code: 'custom', message: 'missing image alt', path: ['translations', locale, 'imageAlt'] });
    }
  })
  // Refused above unless read: a published post's time as publishAtSchema read it, a draft's dropped.
  .transform(({ publishAt, ...post }) => ({ ...post, publishAt: post.published && publishAt.success ? publishAt.data : null }));
/** What the form sends (en/fr may be null, missing or left blank: no version in that language). */
export type BlogPostInput = Omit<z.input<typeof blogPostInputSchema>, 'translations'> & {
  translations: { de: PostTextInput; en?: PostTextInput | null; fr?: PostTextInput | null };
};
export type BlogPostValues = z.output<typeof blogPostInputSchema>;

const postId = plainString(64).min(1);
export const postIdSchema = z.object({ id: postId });
/**
 * A save of the admin form. `version` is the post's version the form was loaded with (or, after a
 * conflict, the current one the refusal named): another admin's change since then refuses the save
 * (EDIT_CONFLICT) rather than being overwritten unseen.
 */
export const updatePostSchema = z.object({ id: postId, version: editVersionSchema, data: blogPostInputSchema });
export const setFlagSchema = z.object({ id: postId, value: z.boolean() });

/** The language a public read is for: each post in its version of it, or its German original. */
const langSchema = z.enum(LOCALES).default('de');

export const blogListSchema = z.object({
  category: z.enum(BLOG_CATEGORIES).optional(),
  cursor: plainString(200).nullish(),
  lang: langSchema,
});
/**
 * A post's address. One holding a control character ("\u0000") is a bad request, like every other value
 * of the API (plainString); anything else not shaped like one ("ÄÖÜ", "../x") names no post and becomes null.
 */
export const slugSchema = z.object({
  slug: plainString(2048).transform((value) => (isSlug(value) ? value : null)),
  lang: langSchema,
});

/** A post as the public sees it, in one language. */
export type PublicPost = {
  id: string;
  slug: string;
  /** The language of title, excerpt, content, tags and imageAlt: the one asked for, or 'de' when the post has no version in it. */
  lang: Locale;
  /** The languages the post exists in, German first. */
  languages: Locale[];
  title: string;
  excerpt: string | null;
  content: string;
  author: string;
  category: string;
  tags: string[];
  imageUrl: string | null;
  /** The picture's description in `lang` (null without a picture, or for an old post nobody described yet). */
  imageAlt: string | null;
  featured: boolean;
  publishedAt: string;
  /**
   * When its public version last changed: the later of its publication and its last save (ISO). A post
   * scheduled ahead was saved before it went public, so then its publication is the change.
   */
  modifiedAt: string;
};

/**
 * A post as the list shows it: everything but the text (and the change date, which only an article's
 * head needs). A card shows the title and excerpt, and a post opened from the list loads its own text
 * (blog.bySlug), so the list's answer and the blog page's dehydrated data do not carry every post's text.
 */
export type PublicPostSummary = Omit<PublicPost, 'content' | 'modifiedAt'>;

/** A post as the admin dashboard sees it: the German original in the PublicPost fields, and every version. */
export type AdminPost = Omit<PublicPost, 'publishedAt' | 'modifiedAt'> & {
  translations: { de: PostText; en: PostText | null; fr: PostText | null };
  published: boolean;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** Counts the post's changes (form saves and the list's switches): a form's save names the one it loaded. */
  version: number;
};

/**
 * A post as the admin list shows it, and as its switches (eye, star) and delete dialog need it: the
 * German title and the post's state, no text. Every post's text in three languages made the list's
 * answer megabytes once a few years of posts exist; the form loads its post whole when it opens
 * (blog.adminGet).
 */
export type AdminPostSummary = Pick<
  AdminPost,
  'id' | 'slug' | 'title' | 'author' | 'category' | 'featured' | 'published' | 'publishedAt' | 'createdAt'
>;
