import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { NewsletterPage } from '@client/features/newsletter/NewsletterPage';
import { pageHead } from '@client/lib/head';
import { waitOnServer } from '@client/lib/wait-on-server';

export const Route = createFileRoute('/_admin/newsletter-admin/$id')({
  head: ({ match }) =>
    pageHead(match.context.i18n, msg`Newsletter bearbeiten`, msg`Einen Newsletter von SchoolBox verfassen, testen und versenden.`),
  loader: ({ context, params }) =>
    waitOnServer(context, context.queryClient.prefetchQuery(context.trpc.newsletter.get.queryOptions({ id: params.id }))),
  component: NewsletterRoute,
});

function NewsletterRoute() {
  return <NewsletterPage id={Route.useParams().id} />;
}
