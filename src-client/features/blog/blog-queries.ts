import type { BlogCategory } from '@shared/constants';
import type { Locale } from '@shared/locales';
import type { Trpc } from '@client/trpc';

/** The public list of one category (or all) in the page's language, page by page; the route's loader and the page share it. */
export function blogListQuery(trpc: Trpc, category: BlogCategory | undefined, lang: Locale) {
  return trpc.blog.list.infiniteQueryOptions({ category, lang }, { getNextPageParam: (page) => page.nextCursor ?? undefined });
}
