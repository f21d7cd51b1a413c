import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { AppLink } from '@client/components/layout/AppLink';
import { AuthCard } from '@client/features/auth/AuthCard';
import { tokenSearch, useSendTokenOnce } from '@client/features/links/use-token-link';
import { errorMessageFor } from '@client/i18n/error-messages';
import { usePageTitle } from '@client/lib/use-page-title';
import { trpc } from '@client/trpc';

export const Route = createFileRoute('/auth/verify')({
  validateSearch: tokenSearch,
  component: VerifyEmailPage,
});

/** The landing page of the link in the verification e-mail. */
function VerifyEmailPage() {
  const { t, i18n } = useLingui();
  const { token } = Route.useSearch();
  const verify = useMutation(trpc.auth.verifyEmail.mutationOptions());
  usePageTitle(t`E-Mail-Adresse bestätigen`);

  useSendTokenOnce(verify, token);

  return (
    <AuthCard title={<Trans>E-Mail-Adresse bestätigen</Trans>}>
      {verify.isSuccess ? (
        <Stack>
          <Alert color="green" title={t`E-Mail-Adresse bestätigt`}>
            <Trans>Vielen Dank! Ihr Konto ist jetzt aktiv. Sie können sich anmelden.</Trans>
          </Alert>
          <Button component={AppLink} to="/auth">
            <Trans>Jetzt anmelden</Trans>
          </Button>
        </Stack>
      ) : verify.isError ? (
        <Stack>
          <Alert color="red" title={t`Bestätigung fehlgeschlagen`}>
            {i18n._(errorMessageFor(verify.error))}
          </Alert>
          <Text size="sm">
            <Trans>Melden Sie sich an, um einen neuen Bestätigungslink anzufordern.</Trans>
          </Text>
          <Button component={AppLink} to="/auth" variant="light">
            <Trans>Zur Anmeldung</Trans>
          </Button>
        </Stack>
      ) : (
        <Center py="lg">
          <Loader aria-label={t`Wird bestätigt`} />
        </Center>
      )}
    </AuthCard>
  );
}
