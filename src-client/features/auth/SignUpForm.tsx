import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { PASSWORD_MIN_LENGTH } from '@shared/constants';
import { signUpInput } from '@shared/auth-forms';
import { showToast } from '@client/components/feedback/toast';
import { PrivacyNotice } from '@client/features/legal/PrivacyNotice';
import { useLocale } from '@client/i18n/LocaleProvider';
import { appErrorCode, errorMessageFor } from '@client/i18n/error-messages';
import { PostForm } from '@client/lib/forms/PostForm';
import { SubmitButton } from '@client/lib/forms/SubmitButton';
import { useSchemaForm } from '@client/lib/forms/use-schema-form';
import { useTRPC } from '@client/trpc';
import { PasswordField } from './PasswordField';

/**
 * Registrieren (spec §8): every outcome has the spec's own toast; after it, the sign-in tab. Without
 * scripts the form posts to /auth and the server registers (src-server/auth/form-actions.ts).
 */
export function SignUpForm() {
  const { t, i18n } = useLingui();
  const { locale } = useLocale();
  const signUp = useMutation(useTRPC().auth.signUp.mutationOptions());

  const navigate = useNavigate();
  const registration = useSchemaForm({
    name: 'signUp',
    schema: () => import('@shared/schemas/auth').then((schemas) => schemas.signUpSchema),
    initialValues: { firstName: '', lastName: '', email: '', password: '' },
    toInput: (values) => signUpInput(values, locale),
    onSubmit: async (data) => {
      await signUp.mutateAsync(data);
      showToast({
        color: 'green',
        title: t`Registrierung erfolgreich`,
        message: t`Bitte überprüfen Sie Ihre E-Mail für den Bestätigungslink.`,
      });
      registration.form.reset();
      await navigate({ to: '/auth', search: (previous) => ({ ...previous, tab: undefined }), resetScroll: false });
    },
    onError: (error) => {
      const code = appErrorCode(error);
      if (code === 'ACCOUNT_EXISTS') {
        showToast({ color: 'red', title: t`Account existiert bereits`, message: i18n._(errorMessageFor(error)) });
      } else if (code) {
        showToast({ color: 'red', title: t`Registrierung fehlgeschlagen`, message: i18n._(errorMessageFor(error)) });
      } else {
        showToast({ color: 'red', title: t`Fehler`, message: t`Ein unerwarteter Fehler ist aufgetreten.` });
      }
    },
  });
  const field = registration.field;

  return (
    <PostForm form={{ ...registration, name: 'signUp' }} aria-label={t`Registrieren`}>
      <Stack gap="md">
        <Group grow align="flex-start">
          <TextInput label={t`Vorname`} autoComplete="given-name" required {...field('firstName')} />
          <TextInput label={t`Nachname`} autoComplete="family-name" required {...field('lastName')} />
        </Group>
        <TextInput label={t`E-Mail`} type="email" autoComplete="email" required {...field('email')} />
        <PasswordField
          label={t`Passwort`}
          description={t`Mindestens ${PASSWORD_MIN_LENGTH} Zeichen`}
          autoComplete="new-password"
          required
          {...field('password')}
        />
        <PrivacyNotice kind="signUp" />
        <SubmitButton form={registration}>
          <Trans>Registrieren</Trans>
        </SubmitButton>
      </Stack>
    </PostForm>
  );
}
