import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { parseAdminPage } from '@shared/admin-page';
import { SubscriberList } from '@client/features/newsletter/SubscriberList';
import { pageHead } from '@client/lib/head';
import { waitOnServer } from '@client/lib/wait-on-server';

// `?page=2` and on; anything else is the first page.
const pageSearch = (search: Record<string, unknown>): { page?: number | undefined } => ({ page: parseAdminPage(search.page) });

export const Route = createFileRoute('/_admin/newsletter-admin/subscribers')({
  validateSearch: pageSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  head: ({ match }) => pageHead(match.context.i18n, msg`Abonnenten`, msg`Die Abonnenten des SchoolBox-Newsletters.`),
  loader: ({ context, deps }) =>
    waitOnServer(context, context.queryClient.prefetchQuery(context.trpc.newsletter.subscribers.queryOptions({ page: deps.page }))),
  component: SubscribersPage,
});

function SubscribersPage() {
  const { page = 1 } = Route.useSearch();
  return <SubscriberList page={page} />;
}
