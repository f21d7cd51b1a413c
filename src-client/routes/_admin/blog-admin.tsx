import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { BlogAdminDashboard } from '@client/features/blog/admin/BlogAdminDashboard';
import { pageHead } from '@client/lib/head';

export const Route = createFileRoute('/_admin/blog-admin')({
  head: ({ match }) => pageHead(match.context.i18n, msg`Blog Admin`, msg`Blog-Beiträge von SchoolBox verwalten.`),
  loader: ({ context }) => context.queryClient.prefetchQuery(context.trpc.blog.listAll.queryOptions()),
  component: BlogAdminDashboard,
});
