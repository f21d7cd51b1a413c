import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Center, Container, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { NewsletterAdminHeader } from '@client/features/newsletter/NewsletterAdminHeader';
import { NewsletterEditor } from '@client/features/newsletter/NewsletterEditor';
import { NewsletterStatusBadge } from '@client/features/newsletter/NewsletterStatusBadge';
import { errorMessageFor } from '@client/i18n/error-messages';
import { pageHead } from '@client/lib/head';
import { useTRPC } from '@client/trpc';

export const Route = createFileRoute('/_admin/newsletter-admin/$id')({
  head: ({ match }) =>
    pageHead(match.context.i18n, msg`Newsletter bearbeiten`, msg`Einen Newsletter von SchoolBox verfassen, testen und versenden.`),
  loader: ({ context, params }) =>
    context.admin ? context.queryClient.prefetchQuery(context.trpc.newsletter.get.queryOptions({ id: params.id })) : undefined,
  component: NewsletterPage,
});

/** One newsletter: the compose form while it is a draft; its text and progress once sending has started. */
function NewsletterPage() {
  const { t, i18n } = useLingui();
  const { id } = Route.useParams();
  const newsletter = useQuery(useTRPC().newsletter.get.queryOptions({ id }));
  const data = newsletter.data;

  return (
    <Container size="lg" py={48}>
      <NewsletterAdminHeader
        backToList
        title={!data ? <Trans>Newsletter</Trans> : data.status === 'draft' ? <Trans>Newsletter bearbeiten</Trans> : data.subjectDe}
        actions={data && <NewsletterStatusBadge newsletter={data} />}
      />
      {data ? (
        <NewsletterEditor key={data.id} newsletter={data} />
      ) : newsletter.isError ? (
        <Alert color="red" title={t`Das hat nicht geklappt`} role="alert">
          {i18n._(errorMessageFor(newsletter.error))}
        </Alert>
      ) : (
        <Center py={80}>
          <Loader aria-label={t`Newsletter wird geladen`} />
        </Center>
      )}
    </Container>
  );
}
