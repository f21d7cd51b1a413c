import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { requestEmailChangeSchema } from '@shared/schemas/account';
import { PasswordField } from '@client/features/auth/PasswordField';
import { useLocale } from '@client/i18n/LocaleProvider';
import { SubmitButton } from '@client/lib/forms/SubmitButton';
import { useSchemaForm } from '@client/lib/forms/use-schema-form';
import { useTRPC } from '@client/trpc';
import { showAccountError } from './account-errors';

/**
 * Change the e-mail address: a link goes to the new address, a notice to the old one; the address
 * changes only when the link is opened (/account/email), so a typo locks no one out.
 */
export function EmailForm() {
  const { t, i18n } = useLingui();
  const { locale } = useLocale();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const requestChange = useMutation(useTRPC().account.requestEmailChange.mutationOptions());
  const emailForm = useSchemaForm({
    schema: requestEmailChangeSchema,
    initialValues: { newEmail: '', currentPassword: '' },
    toInput: (values) => ({ ...values, locale }),
    onSubmit: async (data) => {
      await requestChange.mutateAsync(data);
      setSentTo(data.newEmail);
      emailForm.form.reset();
    },
    onError: (error, form) =>
      showAccountError(i18n, form, error, t`E-Mail-Adresse nicht geändert`, { WRONG_PASSWORD: 'currentPassword', EMAIL_TAKEN: 'newEmail' }),
  });
  const field = emailForm.form.getInputProps;

  return (
    <Stack gap="md">
      {sentTo && (
        <Alert color="green" title={t`Bitte bestätigen Sie die neue Adresse`} role="status">
          <Trans>
            Wir haben einen Link an {sentTo} geschickt. Ihre E-Mail-Adresse ändert sich erst, wenn Sie ihn öffnen; bis dahin melden Sie sich
            mit der bisherigen Adresse an.
          </Trans>
        </Alert>
      )}
      <form onSubmit={emailForm.submit} noValidate aria-label={t`E-Mail-Adresse ändern`}>
        <Stack gap="md" align="flex-start">
          <TextInput label={t`Neue E-Mail-Adresse`} type="email" autoComplete="email" required w="100%" {...field('newEmail')} />
          <PasswordField label={t`Aktuelles Passwort`} autoComplete="current-password" required w="100%" {...field('currentPassword')} />
          <SubmitButton form={emailForm}>
            <Trans>Bestätigungslink senden</Trans>
          </SubmitButton>
        </Stack>
      </form>
    </Stack>
  );
}
