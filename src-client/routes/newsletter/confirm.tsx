import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { AppLink } from '@client/components/layout/AppLink';
import { AuthCard } from '@client/features/auth/AuthCard';
import { tokenSearch, useSendTokenOnce } from '@client/features/links/use-token-link';
import { errorMessageFor } from '@client/i18n/error-messages';
import { usePageTitle } from '@client/lib/use-page-title';
import { trpc } from '@client/trpc';

export const Route = createFileRoute('/newsletter/confirm')({
  validateSearch: tokenSearch,
  component: ConfirmSubscriptionPage,
});

/** The landing page of the link in the newsletter confirmation e-mail. */
function ConfirmSubscriptionPage() {
  const { t, i18n } = useLingui();
  const { token } = Route.useSearch();
  const confirm = useMutation(trpc.newsletter.confirm.mutationOptions());
  usePageTitle(t`Newsletter`);

  useSendTokenOnce(confirm, token);

  return (
    <AuthCard title={<Trans>Newsletter</Trans>}>
      {confirm.isSuccess ? (
        <Stack>
          <Alert color="green" title={t`Abonnement bestätigt`}>
            <Trans>Danke! Sie erhalten ab jetzt unseren Newsletter.</Trans>
          </Alert>
          <Button component={AppLink} to="/blog">
            <Trans>Zum Blog</Trans>
          </Button>
        </Stack>
      ) : confirm.isError ? (
        <Alert color="red" title={t`Bestätigung fehlgeschlagen`}>
          {i18n._(errorMessageFor(confirm.error))}
        </Alert>
      ) : (
        <Center py="lg">
          <Loader aria-label={t`Wird bestätigt`} />
        </Center>
      )}
    </AuthCard>
  );
}
