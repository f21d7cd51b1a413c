import { msg } from '@lingui/core/macro';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { isBlogCategory, type BlogCategory } from '@shared/constants';
import { toLocale } from '@shared/locales';
import { showsBlogList, useShowsBlogList } from '@client/features/blog/article/post-dialog';
import { blogListQuery } from '@client/features/blog/blog-queries';
import { BlogPage } from '@client/features/blog/BlogPage';
import { pageHead } from '@client/lib/head';

// An unknown category in the address shows every post instead of an error.
const blogSearch = (search: Record<string, unknown>): { category?: BlogCategory | undefined } => ({
  category: isBlogCategory(search.category) ? search.category : undefined,
});

export const Route = createFileRoute('/blog')({
  validateSearch: blogSearch,
  loaderDeps: ({ search }) => ({ category: search.category }),
  // Spec: a failed fetch leaves the list empty and shows nothing, so the list is prefetched (which
  // never throws) rather than required. An article page (/blog/<slug> by its address) shows no list.
  loader: ({ context, deps, location }) =>
    showsBlogList(location)
      ? context.queryClient.prefetchInfiniteQuery(blogListQuery(context.trpc, deps.category, toLocale(context.i18n.locale)))
      : undefined,
  head: ({ match }) =>
    pageHead(
      match.context.i18n,
      msg`Blog`,
      msg`Neuigkeiten, Geschichten und Einblicke aus unserem Projekt – von der ersten Idee bis zum fertigen Klassenzimmer.`,
    ),
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
