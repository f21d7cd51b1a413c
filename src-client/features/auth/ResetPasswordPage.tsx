import { Trans, useLingui } from '@lingui/react/macro';
import { Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { PASSWORD_MIN_LENGTH } from '@shared/constants';
import { passwordsDiffer, resetPasswordInput } from '@shared/auth-forms';
import { AnchorLink, ButtonLink } from '@client/components/links';
import { useAuth } from './AuthProvider';
import { PasswordField } from './PasswordField';
import { EmailLinkPage } from '@client/features/links/EmailLinkPage';
import { EmailLinkSuccess } from '@client/features/links/EmailLinkSuccess';
import { PostForm } from '@client/lib/forms/PostForm';
import { SubmitButton } from '@client/lib/forms/SubmitButton';
import { useSchemaForm } from '@client/lib/forms/use-schema-form';
import { useTRPC } from '@client/trpc';

/**
 * The landing page of the link in the password-reset e-mail: the link's token plus a new password.
 * Without scripts the form posts to this page's address, token included (src-server/auth/form-actions.ts).
 */
export function ResetPasswordPage({ token }: { token: string }) {
  const { t } = useLingui();
  const auth = useAuth();
  // The reset ends every session of the account and this browser's (the server removed its cookie).
  const reset = useMutation(useTRPC().auth.resetPassword.mutationOptions({ onSuccess: () => auth.forgetUser() }));
  const passwordForm = useSchemaForm({
    name: 'resetPassword',
    schema: () => import('@shared/schemas/auth').then((schemas) => schemas.resetPasswordSchema),
    initialValues: { password: '', repeat: '' },
    toInput: (values) => resetPasswordInput(values, token),
    onSubmit: async (data) => {
      if (passwordsDiffer(passwordForm.form.values)) {
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
        <EmailLinkSuccess
          title={t`Passwort geändert`}
          next={
            <ButtonLink to="/auth">
              <Trans>Jetzt anmelden</Trans>
            </ButtonLink>
          }
        >
          <Trans>Ihr neues Passwort gilt ab sofort. Alle Anmeldungen wurden aus Sicherheitsgründen beendet.</Trans>
        </EmailLinkSuccess>
      }
      failureHint={
        <AnchorLink to="/auth/forgot" size="sm">
          <Trans>Neuen Link anfordern</Trans>
        </AnchorLink>
      }
      form={
        <PostForm form={{ ...passwordForm, name: 'resetPassword' }} aria-label={t`Neues Passwort festlegen`}>
          <Stack>
            <PasswordField
              label={t`Neues Passwort`}
              description={t`Mindestens ${PASSWORD_MIN_LENGTH} Zeichen`}
              autoComplete="new-password"
              required
              {...passwordForm.field('password')}
            />
            <PasswordField label={t`Passwort wiederholen`} autoComplete="new-password" required {...passwordForm.field('repeat')} />
            <SubmitButton form={passwordForm}>
              <Trans>Passwort speichern</Trans>
            </SubmitButton>
          </Stack>
        </PostForm>
      }
    />
  );
}
