import { useSuspenseQuery } from '@tanstack/react-query';
import { useTRPC } from '@client/trpc';
import { PostDialog } from './PostDialog';

/** /blog/<slug>: the post in a dialog above the list; closing it goes back to the list. */
export function PostPage({ slug, onClose }: { slug: string; onClose(): void }) {
  const { data: post } = useSuspenseQuery(useTRPC().blog.bySlug.queryOptions({ slug }));
  if (!post) return null;
  return <PostDialog post={post} onClose={onClose} />;
}
