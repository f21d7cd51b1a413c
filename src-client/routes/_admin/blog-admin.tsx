import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { BlogAdminDashboard } from '@client/features/blog/admin/BlogAdminDashboard';
import { pageHead } from '@client/lib/head';
import { waitOnServer } from '@client/lib/wait-on-server';

/** `?post=<id>` opens that post's form (the link "in a new tab" of a save that met another admin's change). */
const blogAdminSearch = (search: Record<string, unknown>): { post?: string | undefined } => ({
  post: typeof search.post === 'string' ? search.post : undefined,
});

export const Route = createFileRoute('/_admin/blog-admin')({
  validateSearch: blogAdminSearch,
  head: ({ match }) => pageHead(match.context.i18n, msg`Blog Admin`, msg`Blog-Beiträge von SchoolBox verwalten.`),
  loader: ({ context }) => waitOnServer(context, context.queryClient.prefetchQuery(context.trpc.blog.listAll.queryOptions())),
  component: BlogAdminRoute,
});

function BlogAdminRoute() {
  return <BlogAdminDashboard openPostId={Route.useSearch().post ?? null} />;
}
