import { Trans, useLingui } from '@lingui/react/macro';
import { Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { PASSWORD_MIN_LENGTH } from '@shared/constants';
import { changePasswordSchema } from '@shared/schemas/account';
import { showToast } from '@client/components/feedback/toast';
import { PasswordField } from '@client/features/auth/PasswordField';
import { SubmitButton } from '@client/lib/forms/SubmitButton';
import { useSchemaForm } from '@client/lib/forms/use-schema-form';
import { useTRPC } from '@client/trpc';
import { showAccountError } from './account-errors';

/** Change the password: the current one first; every other session ends, this one stays signed in. */
export function PasswordForm() {
  const { t, i18n } = useLingui();
  const changePassword = useMutation(useTRPC().account.changePassword.mutationOptions());
  const passwordForm = useSchemaForm({
    schema: changePasswordSchema,
    initialValues: { currentPassword: '', newPassword: '', repeat: '' },
    toInput: ({ currentPassword, newPassword }) => ({ currentPassword, newPassword }),
    onSubmit: async (data) => {
      if (passwordForm.form.values.repeat !== data.newPassword) {
        passwordForm.form.setFieldError('repeat', t`Die Passwörter stimmen nicht überein.`);
        return;
      }
      await changePassword.mutateAsync(data);
      passwordForm.form.reset();
      showToast({ color: 'green', title: t`Passwort geändert`, message: t`Alle anderen Anmeldungen wurden beendet.` });
    },
    onError: (error, form) => showAccountError(i18n, form, error, t`Passwort nicht geändert`),
  });
  const field = passwordForm.form.getInputProps;

  return (
    <form onSubmit={passwordForm.submit} noValidate aria-label={t`Passwort ändern`}>
      <Stack gap="md" align="flex-start">
        <PasswordField label={t`Aktuelles Passwort`} autoComplete="current-password" required w="100%" {...field('currentPassword')} />
        <PasswordField
          label={t`Neues Passwort`}
          description={t`Mindestens ${PASSWORD_MIN_LENGTH} Zeichen`}
          autoComplete="new-password"
          required
          w="100%"
          {...field('newPassword')}
        />
        <PasswordField label={t`Passwort wiederholen`} autoComplete="new-password" required w="100%" {...field('repeat')} />
        <SubmitButton form={passwordForm}>
          <Trans>Passwort ändern</Trans>
        </SubmitButton>
      </Stack>
    </form>
  );
}
