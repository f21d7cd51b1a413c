import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { emailRequestSchema } from '@shared/schemas/auth';
import { AppLink } from '@client/components/layout/AppLink';
import { AuthCard } from '@client/features/auth/AuthCard';
import { useLocale } from '@client/i18n/LocaleProvider';
import { errorMessageFor } from '@client/i18n/error-messages';
import { fieldErrors } from '@client/lib/field-errors';
import { usePageTitle } from '@client/lib/use-page-title';
import { trpc } from '@client/trpc';

export const Route = createFileRoute('/auth/forgot')({
  component: ForgotPasswordPage,
});

function ForgotPasswordPage() {
  const { t, i18n } = useLingui();
  const { locale } = useLocale();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const request = useMutation(trpc.auth.requestPasswordReset.mutationOptions());
  usePageTitle(t`Passwort vergessen`);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = emailRequestSchema.safeParse({ email, locale });
    if (!parsed.success) return setError(fieldErrors(parsed.error, (d) => i18n._(d)).email);
    setError(undefined);
    try {
      await request.mutateAsync(parsed.data);
    } catch (failure) {
      notifications.show({ color: 'red', title: t`Fehler`, message: i18n._(errorMessageFor(failure)) });
    }
  }

  return (
    <AuthCard title={<Trans>Passwort vergessen</Trans>}>
      {request.isSuccess ? (
        <Alert color="green" title={t`E-Mail unterwegs`}>
          <Trans>Falls es ein Konto mit dieser Adresse gibt, haben wir Ihnen einen Link zum Festlegen eines neuen Passworts geschickt. Er ist eine Stunde gültig.</Trans>
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate aria-label={t`Passwort vergessen`}>
          <Stack>
            <Text size="sm">
              <Trans>Geben Sie Ihre E-Mail-Adresse ein. Wir schicken Ihnen einen Link, mit dem Sie ein neues Passwort festlegen können.</Trans>
            </Text>
            <TextInput label={t`E-Mail`} type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={error} />
            <Button type="submit" disabled={request.isPending} loading={request.isPending}>
              <Trans>Link anfordern</Trans>
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={AppLink} to="/auth" size="sm" mt="md" display="block">
        <Trans>Zurück zur Anmeldung</Trans>
      </Anchor>
    </AuthCard>
  );
}
