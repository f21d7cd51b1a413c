/** Business constants and UI limits. Each value lives here once; both sides import it. */

/** The time zone the team works in: office hours and "online" status are read in it. */
export const TEAM_TIME_ZONE = 'Europe/Berlin';

/** How long the home page shows its feature-card skeletons (spec §9). */
export const FEATURE_SKELETON_DELAY_MS = 1000;

/** Notifications (spec §9): at most three at once, each for four seconds, bottom-right. */
export const NOTIFICATION_LIMIT = 3;
export const NOTIFICATION_AUTO_CLOSE_MS = 4000;

/** Tooltips open after 700 ms (spec §9). */
export const TOOLTIP_OPEN_DELAY_MS = 700;

/** Data cache (spec §9): three retries, backoff capped at 30 s, garbage collection after five minutes. */
export const QUERY_RETRY_COUNT = 3;
export const QUERY_RETRY_MAX_DELAY_MS = 30_000;
export const QUERY_GC_TIME_MS = 5 * 60_000;

/** The founding year of the association (spec §9 marketing figures). */
export const FOUNDATION_YEAR = 2025;

/** Longest path a browser may report as "not found" to the server log. */
export const NOT_FOUND_PATH_MAX_LENGTH = 512;

/** Passwords: the spec's minimum of 6; the maximum keeps hashing cheap for a flood of long inputs. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
/** Longest e-mail address (RFC 5321 path limit) and longest first or last name. */
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 100;

/** Sessions (Lucia design): 30 days, renewed when fewer than 15 days remain. */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60_000;
export const SESSION_RENEW_BELOW_MS = 15 * 24 * 60 * 60_000;

/** How long an e-mail link stays valid. */
export const VERIFY_EMAIL_TOKEN_LIFETIME_MS = 24 * 60 * 60_000;
export const RESET_PASSWORD_TOKEN_LIFETIME_MS = 60 * 60_000;

/**
 * Blog categories, stored in German (the source language) and translated for display.
 * The admin form offers spec §5's six plus the three the public filter row names (spec §2), so that
 * every filter button can match posts (docs/decisions/011-blog-categories.md).
 */
export const BLOG_CATEGORIES = [
  'Entwicklung',
  'Partnerschaften',
  'Technologie',
  'Bildung',
  'Fundraising',
  'Team',
  'Vereinsgeschichte',
  'Installation',
  'Projektplanung',
] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];
/** The public filter row of /blog (after "Alle"), in the spec's order. */
export const BLOG_FILTER_CATEGORIES = ['Vereinsgeschichte', 'Entwicklung', 'Partnerschaften', 'Bildung', 'Installation', 'Projektplanung'] as const satisfies readonly BlogCategory[];
export const DEFAULT_BLOG_CATEGORY: BlogCategory = 'Entwicklung';
export const DEFAULT_BLOG_AUTHOR = 'Admin';

/** Limits of a blog post's fields. */
export const BLOG_LIMITS = {
  title: 200,
  excerpt: 500,
  content: 50_000,
  author: 100,
  imageUrl: 2048,
  tags: 10,
  tagLength: 40,
} as const;
/** Posts per page of the public list (three rows of the three-column grid). */
export const BLOG_PAGE_SIZE = 9;
/** A blog card shows at most this many tags, then "+N". */
export const BLOG_CARD_TAGS = 2;

/** Most tRPC calls one HTTP request may batch: the client link sends no more, the server refuses more. */
export const MAX_BATCH_SIZE = 10;
