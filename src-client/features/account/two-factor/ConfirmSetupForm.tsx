import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Code, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { confirmTwoFactorSchema, type TwoFactorSetup } from '@shared/schemas/two-factor';
import { PasswordField } from '@client/features/auth/PasswordField';
import { SubmitButton } from '@client/lib/forms/SubmitButton';
import { useSchemaForm } from '@client/lib/forms/use-schema-form';
import { useTRPC } from '@client/trpc';
import { showAccountError } from '../account-errors';

/**
 * Setting up: scan the QR code (SVG drawn by the server from our own otpauth:// address, so it holds no
 * markup of anyone else's) or type the secret in, then prove the app has it with a code, and that it is
 * the owner with the password (a browser left signed in must not lock the owner out).
 */
export function ConfirmSetupForm({ setup, onEnabled }: { setup: TwoFactorSetup; onEnabled(codes: string[]): Promise<void> }) {
  const { t, i18n } = useLingui();
  const confirm = useMutation(useTRPC().account.twoFactor.confirmSetup.mutationOptions());
  const confirmForm = useSchemaForm({
    schema: confirmTwoFactorSchema,
    initialValues: { code: '', currentPassword: '' },
    onSubmit: async (data) => {
      const { recoveryCodes } = await confirm.mutateAsync(data);
      await onEnabled(recoveryCodes);
    },
    onError: (error, form) =>
      showAccountError(i18n, form, error, t`Zwei-Faktor-Anmeldung nicht eingeschaltet`, {
        TWO_FACTOR_CODE_INVALID: 'code',
        WRONG_PASSWORD: 'currentPassword',
      }),
  });
  const secret = setup.secret.match(/.{1,4}/g)?.join(' ') ?? setup.secret;

  return (
    <Stack gap="md" w="100%">
      <Text>
        <Trans>
          1. Scannen Sie den QR-Code mit Ihrer Authenticator-App (zum Beispiel Aegis, FreeOTP, Google Authenticator oder 1Password).
        </Trans>
      </Text>
      <Box
        role="img"
        aria-label={t`QR-Code für die Authenticator-App`}
        w={200}
        h={200}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the server drew it from our own otpauth:// address (two-factor/qr-code.ts)
        dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
      />
      <Text size="sm">
        <Trans>Kein Scanner zur Hand? Geben Sie diesen Schlüssel in der App ein:</Trans> <Code>{secret}</Code>
      </Text>
      <form onSubmit={confirmForm.submit} noValidate aria-label={t`Zwei-Faktor-Anmeldung bestätigen`}>
        <Stack gap="md" align="flex-start">
          <TextInput
            label={t`2. Code aus der App`}
            description={t`Sechs Ziffern`}
            autoComplete="one-time-code"
            inputMode="numeric"
            required
            {...confirmForm.form.getInputProps('code')}
          />
          <PasswordField
            label={t`3. Aktuelles Passwort`}
            autoComplete="current-password"
            required
            {...confirmForm.form.getInputProps('currentPassword')}
          />
          <SubmitButton form={confirmForm}>
            <Trans>Bestätigen und einschalten</Trans>
          </SubmitButton>
        </Stack>
      </form>
    </Stack>
  );
}
