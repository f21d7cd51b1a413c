import { useLingui } from '@lingui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { toLocale } from '@shared/locales';
import { lazy, Suspense } from 'react';
import { useTRPC } from '@client/trpc';
import { ArticlePage } from './article/ArticlePage';
import { useIsPostDialog } from './article/post-dialog';
import { loadPostDialog } from './load-post-dialog';

// Opened from the list, the route's loader has fetched the dialog's code already: no fallback shows.
const PostDialog = lazy(() => loadPostDialog().then((module) => ({ default: module.PostDialog })));

/**
 * /blog/<slug>: opened from the list, the post in a dialog above it (closing it goes back to the list);
 * reached by its address, the article page. Either way in the page's language, or its German original.
 */
export function PostPage({ slug, onClose }: { slug: string; onClose(): void }) {
  const lang = toLocale(useLingui().i18n.locale);
  const { data: post } = useSuspenseQuery(useTRPC().blog.bySlug.queryOptions({ slug, lang }));
  const inDialog = useIsPostDialog();
  if (!post) return null;
  if (!inDialog) return <ArticlePage post={post} />;
  return (
    <Suspense fallback={null}>
      <PostDialog post={post} onClose={onClose} />
    </Suspense>
  );
}
