import { createFileRoute, notFound, useNavigate } from '@tanstack/react-router';
import { PostPage } from '@client/features/blog/PostPage';
import { notFoundHead, pageHead } from '@client/lib/head';

export const Route = createFileRoute('/blog/$slug')({
  // A draft or an unknown post is the 404 page, with HTTP 404 when the server renders it.
  loader: async ({ context, params }) => {
    const post = await context.queryClient.ensureQueryData(context.trpc.blog.bySlug.queryOptions({ slug: params.slug }));
    if (!post) throw notFound();
  },
  head: ({ match, params }) => {
    const { queryClient, trpc, i18n } = match.context;
    const post = queryClient.getQueryData(trpc.blog.bySlug.queryKey({ slug: params.slug }));
    return post ? pageHead(i18n, post.title, post.excerpt ?? post.content.slice(0, 160)) : notFoundHead(i18n);
  },
  component: PostRoute,
});

function PostRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate();
  return <PostPage slug={Route.useParams().slug} onClose={() => void navigate({ to: '/blog', search, resetScroll: false })} />;
}
