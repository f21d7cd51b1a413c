import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { PASSWORD_MIN_LENGTH } from '@shared/constants';
import { signUpSchema } from '@shared/schemas/auth';
import { useLocale } from '@client/i18n/LocaleProvider';
import { appErrorCode, errorMessageFor } from '@client/i18n/error-messages';
import { fieldErrors } from '@client/lib/field-errors';
import { trpc } from '@client/trpc';

const EMPTY = { firstName: '', lastName: '', email: '', password: '' };

export function SignUpForm({ onRegistered }: { onRegistered(): void }) {
  const { t, i18n } = useLingui();
  const { locale } = useLocale();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const signUp = useMutation(trpc.auth.signUp.mutationOptions());
  const field = (name: keyof typeof EMPTY) => ({
    value: values[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setValues({ ...values, [name]: e.currentTarget.value }),
    error: errors[name],
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = signUpSchema.safeParse({ ...values, locale });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error, (d) => i18n._(d)));
    setErrors({});
    try {
      await signUp.mutateAsync(parsed.data);
      notifications.show({
        color: 'green',
        title: t`Registrierung erfolgreich`,
        message: t`Bitte überprüfen Sie Ihre E-Mail für den Bestätigungslink.`,
      });
      setValues(EMPTY);
      onRegistered();
    } catch (error) {
      const code = appErrorCode(error);
      if (code === 'ACCOUNT_EXISTS') {
        notifications.show({
          color: 'red',
          title: t`Account existiert bereits`,
          message: t`Ein Account mit dieser E-Mail-Adresse existiert bereits. Bitte loggen Sie sich ein.`,
        });
      } else if (code) {
        notifications.show({ color: 'red', title: t`Registrierung fehlgeschlagen`, message: i18n._(errorMessageFor(error)) });
      } else {
        notifications.show({ color: 'red', title: t`Fehler`, message: t`Ein unerwarteter Fehler ist aufgetreten.` });
      }
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t`Registrieren`}>
      <Stack gap="md">
        <Group grow align="flex-start">
          <TextInput label={t`Vorname`} autoComplete="given-name" required {...field('firstName')} />
          <TextInput label={t`Nachname`} autoComplete="family-name" required {...field('lastName')} />
        </Group>
        <TextInput label={t`E-Mail`} type="email" autoComplete="email" required {...field('email')} />
        <PasswordInput
          label={t`Passwort`}
          description={t`Mindestens ${PASSWORD_MIN_LENGTH} Zeichen`}
          autoComplete="new-password"
          required
          {...field('password')}
        />
        <Button type="submit" disabled={signUp.isPending} loading={signUp.isPending}>
          <Trans>Registrieren</Trans>
        </Button>
      </Stack>
    </form>
  );
}
