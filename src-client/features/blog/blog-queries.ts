import type { BlogCategory } from '@shared/constants';
import type { Trpc } from '@client/trpc';

/** The public list of one category (or all), page by page; the route's loader and the page share it. */
export function blogListQuery(trpc: Trpc, category: BlogCategory | undefined) {
  return trpc.blog.list.infiniteQueryOptions({ category }, { getNextPageParam: (page) => page.nextCursor ?? undefined });
}
