import type { RouterContext } from '@client/router';

/**
 * What a route's loader waits for of its prefetches (`prefetchQuery`, `prefetchInfiniteQuery`: they
 * never throw, so a prefetch that is not waited for leaves no unhandled rejection). The server waits, so
 * their data is in the HTML. The browser does not: the page shows at once in its own loading state
 * (spec §4) and its queries take over the fetches in flight. Waiting there kept the previous page on
 * screen, without a sign, through the whole retry series (spec §9: 3 retries, 7 s), and the page's
 * query, finding the failure, started a second series: one failure cost 8 requests and 14 s.
 * Data a page cannot be shown without is `ensureQueryData`, awaited on both sides (its failure is the
 * error page).
 */
export async function waitOnServer(context: Pick<RouterContext, 'isServer'>, ...prefetches: Promise<unknown>[]): Promise<void> {
  if (context.isServer) await Promise.all(prefetches);
}
