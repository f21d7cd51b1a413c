import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Stack, Text, TextInput } from '@mantine/core';
import { twoFactorProofSchema } from '@shared/schemas/two-factor';
import { PasswordField } from '@client/features/auth/PasswordField';
import { SubmitButton } from '@client/lib/forms/SubmitButton';
import { useSchemaForm } from '@client/lib/forms/use-schema-form';
import { showAccountError } from '../account-errors';

type Proof = { currentPassword?: string | undefined; code?: string | undefined };

/**
 * Turning two-factor sign-in off or renewing the recovery codes: proven with the current password or a
 * current code (either one), so a browser left signed in is not enough.
 */
export function ProofForm({
  label,
  description,
  color,
  onSubmit,
}: {
  label: string;
  description: string;
  color?: string;
  onSubmit(proof: Proof): Promise<void>;
}) {
  const { t, i18n } = useLingui();
  const proofForm = useSchemaForm({
    schema: twoFactorProofSchema,
    initialValues: { currentPassword: '', code: '' },
    // An empty field is not given: the schema wants the one or the other.
    toInput: ({ currentPassword, code }) => ({ currentPassword: currentPassword || undefined, code: code || undefined }),
    onSubmit: async (data) => {
      await onSubmit(data);
      proofForm.form.reset();
    },
    onError: (error, form) =>
      showAccountError(i18n, form, error, label, { WRONG_PASSWORD: 'currentPassword', TWO_FACTOR_CODE_INVALID: 'code' }),
  });
  const field = proofForm.form.getInputProps;

  return (
    <form onSubmit={proofForm.submit} noValidate aria-label={label} style={{ width: '100%' }}>
      <Stack gap="sm" align="flex-start">
        <Text fw={600}>{label}</Text>
        <Text size="sm" c="gray.7">
          {description} <Trans>Bitte mit dem Passwort oder einem aktuellen Code bestätigen.</Trans>
        </Text>
        <Group grow align="flex-start" w="100%">
          <PasswordField label={t`Aktuelles Passwort`} autoComplete="current-password" {...field('currentPassword')} />
          <TextInput label={t`oder Code`} autoComplete="one-time-code" {...field('code')} />
        </Group>
        <SubmitButton form={proofForm} color={color}>
          {label}
        </SubmitButton>
      </Stack>
    </form>
  );
}
