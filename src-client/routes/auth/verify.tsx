import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { ButtonLink } from '@client/components/links';
import { EmailLinkPage } from '@client/features/links/EmailLinkPage';
import { tokenSearch } from '@client/features/links/token-search';
import { pageHead } from '@client/lib/head';
import { useTRPC } from '@client/trpc';

export const Route = createFileRoute('/auth/verify')({
  staticData: { private: true },
  validateSearch: tokenSearch,
  head: ({ match }) =>
    pageHead(match.context.i18n, msg`E-Mail-Adresse bestätigen`, msg`Die E-Mail-Adresse Ihres SchoolBox-Kontos bestätigen.`),
  component: VerifyEmailPage,
});

/** The landing page of the link in the verification e-mail. */
function VerifyEmailPage() {
  const { t } = useLingui();
  const { token = '' } = Route.useSearch();
  const verify = useMutation(useTRPC().auth.verifyEmail.mutationOptions());
  return (
    <EmailLinkPage
      title={<Trans>E-Mail-Adresse bestätigen</Trans>}
      token={token}
      call={verify}
      success={
        <Stack>
          <Alert color="green" title={t`E-Mail-Adresse bestätigt`}>
            <Trans>Vielen Dank! Ihr Konto ist jetzt aktiv. Sie können sich anmelden.</Trans>
          </Alert>
          <ButtonLink to="/auth">
            <Trans>Jetzt anmelden</Trans>
          </ButtonLink>
        </Stack>
      }
      failureHint={
        <>
          <Text size="sm">
            <Trans>Melden Sie sich an, um einen neuen Bestätigungslink anzufordern.</Trans>
          </Text>
          <ButtonLink to="/auth" variant="light">
            <Trans>Zur Anmeldung</Trans>
          </ButtonLink>
        </>
      }
    />
  );
}
