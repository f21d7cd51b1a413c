import { Trans, useLingui } from '@lingui/react/macro';
import { Checkbox, Stack } from '@mantine/core';
import '@mantine/core/styles/Checkbox.css';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { deleteAccountSchema } from '@shared/schemas/account';
import { showToast } from '@client/components/feedback/toast';
import { useAuth } from '@client/features/auth/AuthProvider';
import { PasswordField } from '@client/features/auth/PasswordField';
import { SubmitButton } from '@client/lib/forms/SubmitButton';
import { useSchemaForm } from '@client/lib/forms/use-schema-form';
import { useTRPC } from '@client/trpc';
import { showAccountError } from './account-errors';

/**
 * Delete the account: the password and a ticked box. Afterwards the server has ended every session and
 * removed the cookie; the browser forgets the user and lands on the start page with a note.
 */
export function DeleteAccountForm() {
  const { t, i18n } = useLingui();
  const auth = useAuth();
  const navigate = useNavigate();
  const deleteAccount = useMutation(useTRPC().account.deleteAccount.mutationOptions());
  const deleteForm = useSchemaForm({
    schema: deleteAccountSchema,
    initialValues: { currentPassword: '', confirm: false },
    onSubmit: async (data) => {
      await deleteAccount.mutateAsync(data);
      // Leave the private page first, so its guard does not send the visitor to the sign-in page.
      await navigate({ to: '/' });
      await auth.forgetUser();
      showToast({ color: 'green', title: t`Konto gelöscht`, message: t`Ihr Konto und Ihre Anmeldungen wurden gelöscht.` });
    },
    onError: (error, form) => showAccountError(i18n, form, error, t`Konto nicht gelöscht`),
  });
  const field = deleteForm.form.getInputProps;

  return (
    <form onSubmit={deleteForm.submit} noValidate aria-label={t`Konto löschen`}>
      <Stack gap="md" align="flex-start">
        <PasswordField label={t`Aktuelles Passwort`} autoComplete="current-password" required w="100%" {...field('currentPassword')} />
        <Checkbox
          label={t`Ich möchte mein Konto endgültig löschen.`}
          {...field('confirm', { type: 'checkbox' })}
          // The schema only says "must be true"; the box says what it means.
          error={deleteForm.form.errors.confirm ? t`Bitte bestätigen Sie, dass Sie Ihr Konto löschen möchten.` : undefined}
        />
        <SubmitButton form={deleteForm} color="red.8">
          <Trans>Konto endgültig löschen</Trans>
        </SubmitButton>
      </Stack>
    </form>
  );
}
