import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { PASSWORD_MIN_LENGTH } from '@shared/constants';
import { resetPasswordSchema } from '@shared/schemas/auth';
import { AnchorLink, ButtonLink } from '@client/components/links';
import { useAuth } from '@client/features/auth/AuthProvider';
import { PasswordField } from '@client/features/auth/PasswordField';
import { EmailLinkPage } from '@client/features/links/EmailLinkPage';
import { tokenSearch } from '@client/features/links/token-search';
import { SubmitButton } from '@client/lib/forms/SubmitButton';
import { useSchemaForm } from '@client/lib/forms/use-schema-form';
import { pageHead } from '@client/lib/head';
import { useTRPC } from '@client/trpc';

export const Route = createFileRoute('/auth/reset')({
  staticData: { private: true },
  validateSearch: tokenSearch,
  head: ({ match }) =>
    pageHead(match.context.i18n, msg`Neues Passwort festlegen`, msg`Ein neues Passwort für Ihr SchoolBox-Konto festlegen.`),
  component: ResetPasswordPage,
});

/** The landing page of the link in the password-reset e-mail: the link's token plus a new password. */
function ResetPasswordPage() {
  const { t } = useLingui();
  const { token = '' } = Route.useSearch();
  const auth = useAuth();
  // The reset ends every session of the account and this browser's (the server removed its cookie).
  const reset = useMutation(useTRPC().auth.resetPassword.mutationOptions({ onSuccess: () => auth.forgetUser() }));
  const passwordForm = useSchemaForm({
    schema: resetPasswordSchema,
    initialValues: { password: '', repeat: '' },
    toInput: ({ password }) => ({ token, password }),
    onSubmit: async (data) => {
      if (passwordForm.form.values.repeat !== data.password) {
        passwordForm.form.setFieldError('repeat', t`Die Passwörter stimmen nicht überein.`);
        return;
      }
      await reset.mutateAsync(data);
    },
  });

  return (
    <EmailLinkPage
      title={<Trans>Neues Passwort festlegen</Trans>}
      token={token}
      call={reset}
      success={
        <Stack>
          <Alert color="green" title={t`Passwort geändert`}>
            <Trans>Ihr neues Passwort gilt ab sofort. Alle Anmeldungen wurden aus Sicherheitsgründen beendet.</Trans>
          </Alert>
          <ButtonLink to="/auth">
            <Trans>Jetzt anmelden</Trans>
          </ButtonLink>
        </Stack>
      }
      failureHint={
        <AnchorLink to="/auth/forgot" size="sm">
          <Trans>Neuen Link anfordern</Trans>
        </AnchorLink>
      }
      form={
        <form onSubmit={passwordForm.submit} noValidate aria-label={t`Neues Passwort festlegen`}>
          <Stack>
            <PasswordField
              label={t`Neues Passwort`}
              description={t`Mindestens ${PASSWORD_MIN_LENGTH} Zeichen`}
              autoComplete="new-password"
              required
              {...passwordForm.form.getInputProps('password')}
            />
            <PasswordField
              label={t`Passwort wiederholen`}
              autoComplete="new-password"
              required
              {...passwordForm.form.getInputProps('repeat')}
            />
            <SubmitButton form={passwordForm}>
              <Trans>Passwort speichern</Trans>
            </SubmitButton>
          </Stack>
        </form>
      }
    />
  );
}
