import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { NewsletterList } from '@client/features/newsletter/NewsletterList';
import { pageHead } from '@client/lib/head';
import { waitOnServer } from '@client/lib/wait-on-server';

export const Route = createFileRoute('/_admin/newsletter-admin/')({
  head: ({ match }) => pageHead(match.context.i18n, msg`Newsletter`, msg`Newsletter von SchoolBox schreiben und versenden.`),
  loader: ({ context }) => waitOnServer(context, context.queryClient.prefetchQuery(context.trpc.newsletter.list.queryOptions())),
  component: NewsletterList,
});
