import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Stack, Text, TextInput } from '@mantine/core';
import { signInCodeInput } from '@shared/auth-forms';
import { showToast } from '@client/components/feedback/toast';
import { errorMessageFor } from '@client/i18n/error-messages';
import { PostForm } from '@client/lib/forms/PostForm';
import { SubmitButton } from '@client/lib/forms/SubmitButton';
import { useSchemaForm } from '@client/lib/forms/use-schema-form';
import { useAuth } from './AuthProvider';

/**
 * The second step of a sign-in with two-factor (ADR 041): the code from the authenticator app, or one of
 * the recovery codes. The challenge of the password step goes along as a hidden field; without scripts
 * the form posts to /auth like the password step (src-server/auth/form-actions.ts).
 */
export function SignInCodeForm({ challenge, onRestart }: { challenge: string; onRestart(): void }) {
  const { t, i18n } = useLingui();
  const auth = useAuth();
  const codeForm = useSchemaForm({
    name: 'signInCode',
    schema: () => import('@shared/schemas/two-factor').then((schemas) => schemas.signInCodeSchema),
    initialValues: { challenge, code: '' },
    toInput: signInCodeInput,
    onSubmit: async (data) => {
      await auth.signInWithCode(data);
      showToast({ color: 'green', title: t`Erfolgreich angemeldet`, message: t`Willkommen zurück!` });
    },
    onError: (error) => showToast({ color: 'red', title: t`Anmeldung fehlgeschlagen`, message: i18n._(errorMessageFor(error)) }),
  });

  return (
    <PostForm form={{ ...codeForm, name: 'signInCode' }} aria-label={t`Bestätigungscode`}>
      <input type="hidden" name="challenge" value={challenge} />
      <Stack gap="md">
        <Text size="sm">
          <Trans>Geben Sie den sechsstelligen Code aus Ihrer Authenticator-App ein – oder einen Ihrer Wiederherstellungscodes.</Trans>
        </Text>
        <TextInput
          label={t`Code`}
          autoComplete="one-time-code"
          // Digits or a recovery code: a text field, but phones offer the number pad first where they can.
          inputMode="text"
          spellCheck={false}
          autoFocus
          required
          {...codeForm.field('code')}
        />
        <SubmitButton form={codeForm}>
          <Trans>Bestätigen</Trans>
        </SubmitButton>
        <Anchor
          component="a"
          href="/auth"
          size="sm"
          onClick={(event) => {
            event.preventDefault();
            onRestart();
          }}
        >
          <Trans>Mit einem anderen Konto anmelden</Trans>
        </Anchor>
      </Stack>
    </PostForm>
  );
}
