import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@shared/schemas/auth';
import { changeNameSchema } from '@shared/schemas/account';
import { showToast } from '@client/components/feedback/toast';
import { SubmitButton } from '@client/lib/forms/SubmitButton';
import { useSchemaForm } from '@client/lib/forms/use-schema-form';
import { useTRPC } from '@client/trpc';
import { showAccountError } from './account-errors';

/** Change the first and last name (the limits of sign-up); the menu and the page show the new name at once. */
export function NameForm({ user }: { user: SessionUser }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const changeName = useMutation(trpc.account.changeName.mutationOptions());
  const nameForm = useSchemaForm({
    schema: changeNameSchema,
    initialValues: { firstName: user.firstName, lastName: user.lastName },
    onSubmit: async (data) => {
      const updated = await changeName.mutateAsync(data);
      queryClient.setQueryData(trpc.auth.session.queryKey(), updated);
      showToast({ color: 'green', title: t`Name gespeichert`, message: t`Ihr Name wurde geändert.` });
    },
    onError: (error, form) => showAccountError(i18n, form, error, t`Name nicht gespeichert`),
  });
  const field = nameForm.form.getInputProps;

  return (
    <form onSubmit={nameForm.submit} noValidate aria-label={t`Name ändern`}>
      <Stack gap="md" align="flex-start">
        <Group grow align="flex-start" w="100%">
          <TextInput label={t`Vorname`} autoComplete="given-name" required {...field('firstName')} />
          <TextInput label={t`Nachname`} autoComplete="family-name" required {...field('lastName')} />
        </Group>
        <SubmitButton form={nameForm}>
          <Trans>Name speichern</Trans>
        </SubmitButton>
      </Stack>
    </form>
  );
}
