import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { signInSchema } from '@shared/schemas/auth';
import { AppLink } from '@client/components/layout/AppLink';
import { useLocale } from '@client/i18n/LocaleProvider';
import { appErrorCode, errorMessageFor } from '@client/i18n/error-messages';
import { fieldErrors } from '@client/lib/field-errors';
import { trpc } from '@client/trpc';
import { useAuth } from './AuthProvider';

export function SignInForm() {
  const { t, i18n } = useLingui();
  const { locale } = useLocale();
  const auth = useAuth();
  const navigate = useNavigate();
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [unverified, setUnverified] = useState(false);
  const resend = useMutation(trpc.auth.resendVerification.mutationOptions());

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = signInSchema.safeParse(values);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error, (d) => i18n._(d)));
    setErrors({});
    setUnverified(false);
    setBusy(true);
    try {
      await auth.signIn(parsed.data);
      notifications.show({ color: 'green', title: t`Erfolgreich angemeldet`, message: t`Willkommen zurück!` });
      void navigate({ to: '/' });
    } catch (error) {
      const code = appErrorCode(error);
      if (code === 'EMAIL_NOT_VERIFIED') setUnverified(true);
      notifications.show({
        color: 'red',
        title: t`Anmeldung fehlgeschlagen`,
        message: code === 'INVALID_CREDENTIALS' ? t`Ungültige E-Mail-Adresse oder Passwort.` : i18n._(errorMessageFor(error)),
      });
    } finally {
      setBusy(false);
    }
  }

  async function resendLink() {
    try {
      await resend.mutateAsync({ email: values.email, locale });
      notifications.show({ color: 'green', title: t`E-Mail unterwegs`, message: t`Wir haben Ihnen einen neuen Bestätigungslink geschickt.` });
    } catch (error) {
      notifications.show({ color: 'red', title: t`Fehler`, message: i18n._(errorMessageFor(error)) });
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t`Anmelden`}>
      <Stack gap="md">
        <TextInput
          label={t`E-Mail`}
          type="email"
          autoComplete="email"
          required
          value={values.email}
          onChange={(e) => setValues({ ...values, email: e.currentTarget.value })}
          error={errors.email}
        />
        <PasswordInput
          label={t`Passwort`}
          autoComplete="current-password"
          required
          value={values.password}
          onChange={(e) => setValues({ ...values, password: e.currentTarget.value })}
          error={errors.password}
        />
        {unverified && (
          <Alert color="yellow" title={t`E-Mail-Adresse noch nicht bestätigt`}>
            <Stack gap="xs" align="flex-start">
              <Trans>Bitte klicken Sie auf den Link in unserer E-Mail. Keine E-Mail erhalten?</Trans>
              <Button variant="light" size="xs" onClick={resendLink} loading={resend.isPending}>
                <Trans>Bestätigungslink erneut senden</Trans>
              </Button>
            </Stack>
          </Alert>
        )}
        <Button type="submit" disabled={busy} loading={busy}>
          <Trans>Anmelden</Trans>
        </Button>
        <Anchor component={AppLink} to="/auth/forgot" size="sm">
          <Trans>Passwort vergessen?</Trans>
        </Anchor>
      </Stack>
    </form>
  );
}
