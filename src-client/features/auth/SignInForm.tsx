import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { RESEND_VERIFICATION_FIELD, signInInput } from '@shared/auth-forms';
import { showToast } from '@client/components/feedback/toast';
import { AnchorLink } from '@client/components/links';
import { useLocale } from '@client/i18n/LocaleProvider';
import { appErrorCode, errorMessageFor } from '@client/i18n/error-messages';
import { PostForm } from '@client/lib/forms/PostForm';
import { usePostedForm } from '@client/lib/forms/posted-form';
import { SubmitButton } from '@client/lib/forms/SubmitButton';
import { useSchemaForm } from '@client/lib/forms/use-schema-form';
import { useTRPC } from '@client/trpc';
import { useAuth } from './AuthProvider';
import { PasswordField } from './PasswordField';
import { SignInCodeForm } from './SignInCodeForm';

/**
 * Anmelden (spec §8): on success the router sends the user on (the /auth route's guard decides where).
 * Without scripts the form posts to /auth and the server signs in (src-server/auth/form-actions.ts).
 */
export function SignInForm() {
  const { t, i18n } = useLingui();
  const { locale } = useLocale();
  const auth = useAuth();
  // Refused for an unconfirmed address: by the procedure (with scripts) or in the page shown again after a plain post.
  const refusedUnverified = usePostedForm('signIn')?.errorCode === 'EMAIL_NOT_VERIFIED';
  const [isUnverifiedNow, setUnverified] = useState(false);
  const isUnverified = isUnverifiedNow || refusedUnverified;
  const resend = useMutation(useTRPC().auth.resendVerification.mutationOptions());
  // Two-factor sign-in (ADR 041): after the password, the code step; from the answer (scripts) or the page
  // the server rendered after a plain post (its hidden field holds the challenge).
  const postedChallenge = usePostedForm('signInCode')?.values.challenge;
  const [challenge, setChallenge] = useState<string | null>(null);
  const [restarted, setRestarted] = useState(false);
  const codeChallenge = challenge ?? (restarted ? null : (postedChallenge ?? null));

  const signIn = useSchemaForm({
    name: 'signIn',
    schema: () => import('@shared/schemas/auth').then((schemas) => schemas.signInSchema),
    initialValues: { email: '', password: '' },
    toInput: signInInput,
    onSubmit: async (data) => {
      setUnverified(false);
      const result = await auth.signIn(data);
      if ('twoFactorChallenge' in result) {
        setChallenge(result.twoFactorChallenge);
        return;
      }
      showToast({ color: 'green', title: t`Erfolgreich angemeldet`, message: t`Willkommen zurück!` });
    },
    onError: (error) => {
      const code = appErrorCode(error);
      if (code === 'EMAIL_NOT_VERIFIED') setUnverified(true);
      showToast({
        color: 'red',
        title: t`Anmeldung fehlgeschlagen`,
        message: code === 'INVALID_CREDENTIALS' ? t`Ungültige E-Mail-Adresse oder Passwort.` : i18n._(errorMessageFor(error)),
      });
    },
  });

  async function resendLink() {
    try {
      await resend.mutateAsync({ email: signIn.form.values.email, locale });
      showToast({ color: 'green', title: t`E-Mail unterwegs`, message: t`Wir haben Ihnen einen neuen Bestätigungslink geschickt.` });
    } catch (error) {
      showToast({ color: 'red', title: t`Fehler`, message: i18n._(errorMessageFor(error)) });
    }
  }

  if (codeChallenge) {
    const restart = () => {
      setChallenge(null);
      setRestarted(true);
    };
    return <SignInCodeForm key={codeChallenge} challenge={codeChallenge} onRestart={restart} />;
  }

  return (
    <PostForm form={{ ...signIn, name: 'signIn' }} aria-label={t`Anmelden`}>
      <Stack gap="md">
        <TextInput label={t`E-Mail`} type="email" autoComplete="email" required {...signIn.field('email')} />
        <PasswordField label={t`Passwort`} autoComplete="current-password" required {...signIn.field('password')} />
        {isUnverified && (
          <Alert color="yellow" title={t`E-Mail-Adresse noch nicht bestätigt`}>
            <Stack gap="xs" align="flex-start">
              <Trans>Bitte klicken Sie auf den Link in unserer E-Mail. Keine E-Mail erhalten?</Trans>
              {/* A submit button of this form: without scripts it posts the address and asks for the link. */}
              <Button
                type="submit"
                name={RESEND_VERIFICATION_FIELD}
                value="1"
                variant="light"
                size="xs"
                onClick={(event) => {
                  event.preventDefault();
                  void resendLink();
                }}
                loading={resend.isPending}
              >
                <Trans>Bestätigungslink erneut senden</Trans>
              </Button>
            </Stack>
          </Alert>
        )}
        <SubmitButton form={signIn}>
          <Trans>Anmelden</Trans>
        </SubmitButton>
        <AnchorLink to="/auth/forgot" size="sm">
          <Trans>Passwort vergessen?</Trans>
        </AnchorLink>
      </Stack>
    </PostForm>
  );
}
