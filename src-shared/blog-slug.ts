/** What a post's address looks like ("lernen-unter-der-sonne"); see slugify on the server. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SLUG_MAX_LENGTH = 120;

/**
 * Whether a text can be a post's address at all. Without zod, so that the article page's route can ask
 * it before calling anyone: an address no post can have is its 404 page.
 */
export const isSlug = (value: string): boolean => value.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(value);
