import { createFileRoute, notFound, useNavigate } from '@tanstack/react-router';
import { toLocale } from '@shared/locales';
import { isSlug } from '@shared/blog-slug';
import { articleHead, hasOwnSharePicture } from '@client/features/blog/article/article-head';
import { isPostDialogLocation } from '@client/features/blog/article/post-dialog';
import { loadPostDialog } from '@client/features/blog/load-post-dialog';
import { PostPage } from '@client/features/blog/PostPage';
import { notFoundHead } from '@client/lib/head';
import { waitOnServer } from '@client/lib/wait-on-server';

export const Route = createFileRoute('/blog/$slug')({
  // A draft or an unknown post is the 404 page, with HTTP 404 when the server renders it. The post's
  // languages go to the root's hreflang links, and whether it has a share picture of its own to the root's
  // default share tags; its neighbours are fetched alongside (never failing it).
  loader: async ({ context, params, location }) => {
    // An address no post can have ("%00", "ÄÖÜ") is the 404 page without a call (a control character in it is a bad request).
    if (!isSlug(params.slug)) throw notFound();
    const input = { slug: params.slug, lang: toLocale(context.i18n.locale) };
    const [post] = await Promise.all([
      context.queryClient.ensureQueryData(context.trpc.blog.bySlug.queryOptions(input)),
      waitOnServer(context, context.queryClient.prefetchQuery(context.trpc.blog.neighbours.queryOptions(input))),
      // Opened from the list: the dialog's code comes with the data (PostPage).
      isPostDialogLocation(location) ? loadPostDialog() : null,
    ]);
    if (!post) throw notFound();
    return { languages: post.languages, ownSharePicture: hasOwnSharePicture(post) };
  },
  head: ({ match, params }) => {
    const { queryClient, trpc, i18n } = match.context;
    const locale = toLocale(i18n.locale);
    const post = queryClient.getQueryData(trpc.blog.bySlug.queryKey({ slug: params.slug, lang: locale }));
    const site = queryClient.getQueryData(trpc.site.config.queryKey());
    return post ? articleHead(i18n, post, site) : notFoundHead(i18n);
  },
  component: PostRoute,
});

function PostRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate();
  return <PostPage slug={Route.useParams().slug} onClose={() => void navigate({ to: '/blog', search, resetScroll: false })} />;
}
