import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { forgotPasswordInput } from '@shared/auth-forms';
import { showToast } from '@client/components/feedback/toast';
import { AnchorLink } from '@client/components/links';
import { AuthCard } from './AuthCard';
import { useLocale } from '@client/i18n/LocaleProvider';
import { errorMessageFor } from '@client/i18n/error-messages';
import { PostForm } from '@client/lib/forms/PostForm';
import { SubmitButton } from '@client/lib/forms/SubmitButton';
import { useSchemaForm } from '@client/lib/forms/use-schema-form';
import { useTRPC } from '@client/trpc';

/** Passwort vergessen: asks for a reset link. Without scripts the form posts to /auth/forgot (src-server/auth/form-actions.ts). */
export function ForgotPasswordPage() {
  const { t, i18n } = useLingui();
  const { locale } = useLocale();
  const request = useMutation(useTRPC().auth.requestPasswordReset.mutationOptions());
  const forgot = useSchemaForm({
    name: 'forgotPassword',
    schema: () => import('@shared/schemas/auth').then((schemas) => schemas.emailRequestSchema),
    initialValues: { email: '' },
    toInput: (values) => forgotPasswordInput(values, locale),
    onSubmit: (data) => request.mutateAsync(data),
    onError: (error) => showToast({ color: 'red', title: t`Fehler`, message: i18n._(errorMessageFor(error)) }),
  });

  return (
    <AuthCard title={<Trans>Passwort vergessen</Trans>}>
      {request.isSuccess ? (
        <Alert color="green" title={t`E-Mail unterwegs`}>
          <Trans>
            Falls es ein Konto mit dieser Adresse gibt, haben wir Ihnen einen Link zum Festlegen eines neuen Passworts geschickt. Er ist
            eine Stunde gültig.
          </Trans>
        </Alert>
      ) : (
        <PostForm form={{ ...forgot, name: 'forgotPassword' }} aria-label={t`Passwort vergessen`}>
          <Stack>
            <Text size="sm">
              <Trans>
                Geben Sie Ihre E-Mail-Adresse ein. Wir schicken Ihnen einen Link, mit dem Sie ein neues Passwort festlegen können.
              </Trans>
            </Text>
            <TextInput label={t`E-Mail`} type="email" autoComplete="email" required {...forgot.field('email')} />
            <SubmitButton form={forgot}>
              <Trans>Link anfordern</Trans>
            </SubmitButton>
          </Stack>
        </PostForm>
      )}
      <AnchorLink to="/auth" size="sm" mt="md" display="block">
        <Trans>Zurück zur Anmeldung</Trans>
      </AnchorLink>
    </AuthCard>
  );
}
