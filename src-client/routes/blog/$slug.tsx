import { createFileRoute, notFound, useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { PostDialog } from '@client/features/blog/PostDialog';
import { appErrorCode } from '@client/i18n/error-messages';
import { usePageTitle } from '@client/lib/use-page-title';
import { queryClient, trpc } from '@client/trpc';

export const Route = createFileRoute('/blog/$slug')({
  loader: async ({ params }) => {
    try {
      await queryClient.ensureQueryData(trpc.blog.bySlug.queryOptions({ slug: params.slug }));
    } catch (error) {
      if (appErrorCode(error) === 'NOT_FOUND') throw notFound();
      throw error;
    }
  },
  component: PostPage,
});

/** /blog/<slug>: the post in a dialog above the list, with its own title and description. */
function PostPage() {
  const { slug } = Route.useParams();
  const search = Route.useSearch();
  const navigate = useNavigate();
  const { data: post } = useQuery(trpc.blog.bySlug.queryOptions({ slug }));
  usePageTitle(post?.title ?? null);
  useMetaDescription(post ? (post.excerpt ?? post.content.slice(0, 160)) : null);

  if (!post) return null;
  return <PostDialog post={post} onClose={() => void navigate({ to: '/blog', search, resetScroll: false })} />;
}

function useMetaDescription(description: string | null): void {
  useEffect(() => {
    if (description === null) return;
    const tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) return;
    const previous = tag.content;
    tag.content = description;
    return () => {
      tag.content = previous;
    };
  }, [description]);
}
