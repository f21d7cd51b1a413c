import { msg } from '@lingui/core/macro';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { CATEGORY_LABELS } from '@shared/blog-categories';
import { isBlogCategory, type BlogCategory } from '@shared/constants';
import { toLocale } from '@shared/locales';
import { showsBlogList, useShowsBlogList } from '@client/features/blog/article/post-dialog';
import { blogListQuery } from '@client/features/blog/blog-queries';
import { BlogPage } from '@client/features/blog/BlogPage';
import { pageHead } from '@client/lib/head';
import { waitOnServer } from '@client/lib/wait-on-server';

// An unknown category in the address shows every post instead of an error.
const blogSearch = (search: Record<string, unknown>): { category?: BlogCategory | undefined } => ({
  category: isBlogCategory(search.category) ? search.category : undefined,
});

export const Route = createFileRoute('/blog')({
  validateSearch: blogSearch,
  loaderDeps: ({ search }) => ({ category: search.category }),
  // Spec: a failed fetch leaves the list empty and shows nothing, so the list is prefetched (which
  // never throws) rather than required. An article page (/blog/<slug> by its address) shows no list.
  // A category without published posts is an empty list: a page for no search engine (`noindex`, read
  // by the root's head). Unknown (the fetch failed; in the browser, not there yet) counts as not empty.
  loader: async ({ context, deps, location }) => {
    if (!showsBlogList(location)) return undefined;
    const query = blogListQuery(context.trpc, deps.category, toLocale(context.i18n.locale));
    await waitOnServer(context, context.queryClient.prefetchInfiniteQuery(query));
    const first = context.queryClient.getQueryData(query.queryKey)?.pages[0];
    return { noindex: deps.category !== undefined && first !== undefined && !first.featured && first.posts.length === 0 };
  },
  // A category's list is titled by its category, in the page's language.
  head: ({ match }) => {
    const { i18n } = match.context;
    const { category } = match.search;
    if (!category)
      return pageHead(
        i18n,
        msg`Blog`,
        msg`Neuigkeiten, Geschichten und Einblicke aus unserem Projekt – von der ersten Idee bis zum fertigen Klassenzimmer.`,
      );
    const label = i18n._(CATEGORY_LABELS[category]);
    return pageHead(
      i18n,
      msg`Blog: ${label}`,
      msg`Beiträge aus der Kategorie „${label}“: Neuigkeiten, Geschichten und Einblicke aus unserem Projekt.`,
    );
  },
  component: BlogLayout,
});

/** The list, with a post's dialog (/blog/<slug>) above it; or a post's article page alone. */
function BlogLayout() {
  const { category } = Route.useSearch();
  const showsList = useShowsBlogList();
  return (
    <>
      {showsList && <BlogPage category={category} />}
      <Outlet />
    </>
  );
}
