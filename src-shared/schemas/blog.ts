import { z } from './zod';
import { BLOG_CATEGORIES, BLOG_LIMITS, DEFAULT_BLOG_CATEGORY } from '../constants';

/** "a, b,, c " → ["a", "b", "c"]: trimmed, empty ones dropped, duplicates removed. */
export function normalizeTags(input: string | readonly string[]): string[] {
  const parts = typeof input === 'string' ? input.split(',') : input;
  return [...new Set(parts.map((tag) => tag.trim()).filter(Boolean))];
}

const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .transform((value) => value.trim() || null)
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
  title: z.string().trim().min(1).max(BLOG_LIMITS.title),
  excerpt: optionalText(BLOG_LIMITS.excerpt),
  content: z.string().trim().min(1).max(BLOG_LIMITS.content),
  /** Empty: the saving admin's first and last name, else "Admin". */
  author: optionalText(BLOG_LIMITS.author),
  category: z.enum(BLOG_CATEGORIES).default(DEFAULT_BLOG_CATEGORY),
  tags: z
    .union([z.string(), z.array(z.string())])
    .default('')
    .transform(normalizeTags)
    .pipe(z.array(z.string().max(BLOG_LIMITS.tagLength)).max(BLOG_LIMITS.tags)),
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

export const postIdSchema = z.object({ id: z.string().min(1).max(64) });
export const updatePostSchema = z.object({ id: z.string().min(1).max(64), data: blogPostInputSchema });
export const setFlagSchema = z.object({ id: z.string().min(1).max(64), value: z.boolean() });

export const blogListSchema = z.object({
  category: z.enum(BLOG_CATEGORIES).optional(),
  cursor: z.string().max(200).nullish(),
});
export const slugSchema = z.object({ slug: z.string().min(1).max(120) });

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
