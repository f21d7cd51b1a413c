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
