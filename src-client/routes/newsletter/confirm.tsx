import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { ButtonLink } from '@client/components/links';
import { EmailLinkPage } from '@client/features/links/EmailLinkPage';
import { tokenSearch } from '@client/features/links/token-search';
import { pageHead } from '@client/lib/head';
import { useTRPC } from '@client/trpc';

export const Route = createFileRoute('/newsletter/confirm')({
  staticData: { private: true },
  validateSearch: tokenSearch,
  head: ({ match }) => pageHead(match.context.i18n, msg`Newsletter`, msg`Ihr Abonnement des SchoolBox-Newsletters bestätigen.`),
  component: ConfirmSubscriptionPage,
});

/** The landing page of the link in the newsletter confirmation e-mail. */
function ConfirmSubscriptionPage() {
  const { t } = useLingui();
  const { token = '' } = Route.useSearch();
  const confirm = useMutation(useTRPC().newsletter.confirm.mutationOptions());
  return (
    <EmailLinkPage
      title={<Trans>Newsletter</Trans>}
      token={token}
      call={confirm}
      success={
        <Stack>
          <Alert color="green" title={t`Abonnement bestätigt`}>
            <Trans>Danke! Sie erhalten ab jetzt unseren Newsletter.</Trans>
          </Alert>
          <ButtonLink to="/blog">
            <Trans>Zum Blog</Trans>
          </ButtonLink>
        </Stack>
      }
    />
  );
}
