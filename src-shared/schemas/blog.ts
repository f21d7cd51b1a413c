import { z } from './zod';
import { BLOG_CATEGORIES, BLOG_LIMITS, DEFAULT_BLOG_CATEGORY } from '../constants';
import { multiLineText, oneLineText, plainString } from './text';

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

// Picture addresses end up in HTML attributes: whitespace, quotes, angle brackets, backticks and
// backslashes are refused outright, whatever a URL parser would make of them.
const SAFE_URL_CHARS = /^[^\s"'<>`\\]+$/;

/**
 * An https address with a real host name, written out in full: "https:evil.test" (which a URL parser
 * quietly reads as https://evil.test/) is refused. Only https: the site's CSP loads no plain-http pictures.
 */
const httpsPictureUrl = z
  .string()
  .regex(/^https:\/\//)
  .regex(SAFE_URL_CHARS)
  // Checked on the text as typed: the URL check itself drops tabs and line breaks before parsing.
  .pipe(z.url({ protocol: /^https$/, hostname: z.regexes.domain }));

/** A picture of this site itself ("/images/blog/solar.svg"); not "//host" or "/\host", which browsers read as other sites. */
const sitePicturePath = z
  .string()
  .regex(/^\/(?![/\\])/)
  .regex(SAFE_URL_CHARS);

/** The fields of the admin form; empty excerpt and image become null, tags come comma separated. */
export const blogPostInputSchema = z.object({
  title: oneLineText(BLOG_LIMITS.title).min(1),
  excerpt: optionalText(multiLineText(BLOG_LIMITS.excerpt)),
  content: multiLineText(BLOG_LIMITS.content).min(1),
  /** Empty: the saving admin's first and last name, else "Admin". */
  author: optionalText(oneLineText(BLOG_LIMITS.author)),
  category: z.enum(BLOG_CATEGORIES).default(DEFAULT_BLOG_CATEGORY),
  tags: z
    .union([z.string(), z.array(z.string())])
    .default('')
    .transform(normalizeTags)
    .pipe(z.array(oneLineText(BLOG_LIMITS.tagLength).min(1)).max(BLOG_LIMITS.tags)),
  imageUrl: z
    .string()
    .trim()
    .max(BLOG_LIMITS.imageUrl)
    .transform((value) => value || null)
    .pipe(z.union([httpsPictureUrl, sitePicturePath]).nullable())
    .nullish()
    .transform((value) => value ?? null),
  published: z.boolean().default(false),
  featured: z.boolean().default(false),
});
export type BlogPostInput = z.input<typeof blogPostInputSchema>;
export type BlogPostValues = z.output<typeof blogPostInputSchema>;

const postId = plainString(64).min(1);
export const postIdSchema = z.object({ id: postId });
export const updatePostSchema = z.object({ id: postId, data: blogPostInputSchema });
export const setFlagSchema = z.object({ id: postId, value: z.boolean() });

export const blogListSchema = z.object({
  category: z.enum(BLOG_CATEGORIES).optional(),
  cursor: plainString(200).nullish(),
});
/** What a post's address looks like ("lernen-unter-der-sonne"); see slugify on the server. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A post's address; anything not shaped like one ("%00", "../x") names no post and becomes null. */
export const slugSchema = z.object({
  slug: z
    .string()
    .max(2048)
    .transform((value) => (value.length <= 120 && SLUG_PATTERN.test(value) ? value : null)),
});

/** A post as the public sees it. */
export type PublicPost = {
  id: string;
  slug: string;
  title: string;
  excerpt: string | null;
  content: string;
  author: string;
  category: string;
  tags: string[];
  imageUrl: string | null;
  featured: boolean;
  publishedAt: string;
};

/** A post as the admin dashboard sees it. */
export type AdminPost = Omit<PublicPost, 'publishedAt'> & {
  published: boolean;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
};
