/**
 * A page rendered while some of its data failed (a loader's prefetch that failed: the shop's catalog with
 * Printful down) carries that data's error state in its HTML. Such a rendering is never put in the page
 * cache, whatever the failure: the next rendering may well succeed, and a cached error would be served
 * for the cache's whole lifetime to every visitor and crawler without scripts (ADR 033).
 *
 * Its status is the failure's, when that is the server's fault (5xx): a failure that is temporary (503,
 * Printful or Stripe not answering) answers 503 with Retry-After, so that crawlers keep the page they
 * know and come back instead of indexing the error, and no proxy or browser keeps it; the page itself
 * still shows the translated error with its retry button. A refusal (4xx: not found, not allowed) leaves
 * the status to the route, which decides what such a page is.
 */
import { httpStatusOf } from '../trpc';

/** Seconds a visitor or crawler is asked to wait before asking again for a page whose data was unavailable. */
export const FAILED_DATA_RETRY_AFTER_S = 30;

export type FailedData = {
  /** The status to answer with instead of the route's 200: the worst server failure, null when none was one. */
  status: number | null;
};

/** What the failures of a rendering mean for its answer; null when all of its data was there. */
export function failedData(dataErrors: readonly unknown[]): FailedData | null {
  if (dataErrors.length === 0) return null;
  const statuses = dataErrors.map(httpStatusOf).filter((status) => status >= 500);
  if (statuses.length === 0) return { status: null };
  // A failure that is not a temporary one (a bug, 500) outranks the temporary ones.
  return { status: statuses.every((status) => status === 503) ? 503 : Math.max(...statuses.filter((status) => status !== 503)) };
}
