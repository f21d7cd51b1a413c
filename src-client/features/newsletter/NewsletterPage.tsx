import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Center, Container, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { NewsletterAdminHeader } from './NewsletterAdminHeader';
import { NewsletterEditor } from './NewsletterEditor';
import { NewsletterStatusBadge } from './NewsletterStatusBadge';
import { errorMessageFor } from '@client/i18n/error-messages';
import { useTRPC } from '@client/trpc';

/** One newsletter: the compose form while it is a draft; its text and progress once sending has started. */
export function NewsletterPage({ id }: { id: string }) {
  const { t, i18n } = useLingui();
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
