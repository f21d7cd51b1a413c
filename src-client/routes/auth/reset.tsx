import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { PASSWORD_MIN_LENGTH } from '@shared/constants';
import { resetPasswordSchema } from '@shared/schemas/auth';
import { AppLink } from '@client/components/layout/AppLink';
import { AuthCard } from '@client/features/auth/AuthCard';
import { tokenSearch } from '@client/features/links/use-token-link';
import { ERROR_MESSAGES, errorMessageFor } from '@client/i18n/error-messages';
import { fieldErrors } from '@client/lib/field-errors';
import { usePageTitle } from '@client/lib/use-page-title';
import { trpc } from '@client/trpc';

export const Route = createFileRoute('/auth/reset')({
  validateSearch: tokenSearch,
  component: ResetPasswordPage,
});

/** The landing page of the link in the password-reset e-mail. */
function ResetPasswordPage() {
  const { t, i18n } = useLingui();
  const { token } = Route.useSearch();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const reset = useMutation(trpc.auth.resetPassword.mutationOptions());
  usePageTitle(t`Neues Passwort festlegen`);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = resetPasswordSchema.safeParse({ token, password });
    const found = parsed.success ? {} : fieldErrors(parsed.error, (d) => i18n._(d));
    if (!found.password && password !== repeat) found.repeat = t`Die Passwörter stimmen nicht überein.`;
    setErrors(found);
    if (parsed.success && !found.repeat) reset.mutate(parsed.data);
  }

  return (
    <AuthCard title={<Trans>Neues Passwort festlegen</Trans>}>
      {reset.isSuccess ? (
        <Stack>
          <Alert color="green" title={t`Passwort geändert`}>
            <Trans>Ihr neues Passwort gilt ab sofort. Andere Anmeldungen wurden aus Sicherheitsgründen beendet.</Trans>
          </Alert>
          <Button component={AppLink} to="/auth">
            <Trans>Jetzt anmelden</Trans>
          </Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate aria-label={t`Neues Passwort festlegen`}>
          <Stack>
            {(reset.isError || errors.token) && (
              <Alert color="red" title={t`Das hat nicht geklappt`}>
                {i18n._(reset.error ? errorMessageFor(reset.error) : ERROR_MESSAGES.TOKEN_INVALID)}{' '}
                <Anchor component={AppLink} to="/auth/forgot">
                  <Trans>Neuen Link anfordern</Trans>
                </Anchor>
              </Alert>
            )}
            <PasswordInput
              label={t`Neues Passwort`}
              description={t`Mindestens ${PASSWORD_MIN_LENGTH} Zeichen`}
              autoComplete="new-password"
              required
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={errors.password}
            />
            <PasswordInput
              label={t`Passwort wiederholen`}
              autoComplete="new-password"
              required
              value={repeat}
              onChange={(e) => setRepeat(e.currentTarget.value)}
              error={errors.repeat}
            />
            <Button type="submit" disabled={reset.isPending} loading={reset.isPending}>
              <Trans>Passwort speichern</Trans>
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
