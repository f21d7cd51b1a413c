import type { Logger } from '../lib/logger';

/** At most this many "page not found" lines a minute; the rest are counted and reported in one line. */
export const NOT_FOUND_LOG_LINES_PER_MINUTE = 60;
const WINDOW_MS = 60_000;

export type NotFoundLog = (logger: Logger, path: string) => void;

/**
 * Logs the path of each 404 page (broken links show up in the log, spec §2), but no more than `perMinute`
 * lines a minute: someone requesting random addresses cannot flood the log. The first 404 of the next
 * minute says how many were left out (`suppressed`).
 */
export function notFoundLog(now: () => number, perMinute = NOT_FOUND_LOG_LINES_PER_MINUTE): NotFoundLog {
  let windowStart = Number.NEGATIVE_INFINITY;
  let logged = 0;
  let suppressed = 0;
  return (logger, path) => {
    const at = now();
    if (at - windowStart >= WINDOW_MS) {
      if (suppressed > 0) logger.warn('page not found: lines left out', { suppressed, perMinute });
      windowStart = at;
      logged = 0;
      suppressed = 0;
    }
    if (logged >= perMinute) {
      suppressed++;
      return;
    }
    logged++;
    logger.warn('page not found', { path });
  };
}
