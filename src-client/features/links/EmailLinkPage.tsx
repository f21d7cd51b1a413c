import { useLingui } from '@lingui/react/macro';
import { Alert, Center, Loader, Stack } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { AuthCard } from '@client/features/auth/AuthCard';
import { ERROR_MESSAGES, errorMessageFor } from '@client/i18n/error-messages';

type TokenCall = {
  mutate(input: { token: string }): void;
  isSuccess: boolean;
  isError: boolean;
  error: unknown;
};

type EmailLinkPageProps = {
  title: ReactNode;
  /** The token from the link's address; empty when it is missing. */
  token: string;
  /** The procedure the link stands for, called with the token. */
  call: TokenCall;
  success: ReactNode;
  /** Shown under the error (for example, how to get a new link). */
  failureHint?: ReactNode;
  /** A form that sends the token itself (reset adds a new password); without one the token is sent on arrival. */
  form?: ReactNode;
};

/**
 * The landing page of a link we e-mailed (verify the address, set a new password, confirm or cancel the
 * newsletter): read the token, call the procedure, show success or 'Dieser Link ist ungültig, abgelaufen
 * oder wurde bereits verwendet.' (or what else the server answered).
 */
export function EmailLinkPage({ title, token, call, success, failureHint, form }: EmailLinkPageProps) {
  const { t, i18n } = useLingui();
  const sent = useRef(false);
  const sendsOnArrival = form === undefined && token !== '';

  useEffect(() => {
    // A token works only once: React's development double effect must not send it twice.
    if (!sendsOnArrival || sent.current) return;
    sent.current = true;
    call.mutate({ token });
  }, [sendsOnArrival, call, token]);

  const failure = token === '' ? ERROR_MESSAGES.TOKEN_INVALID : call.isError ? errorMessageFor(call.error) : null;
  return (
    <AuthCard title={title}>
      {call.isSuccess ? (
        success
      ) : (
        <Stack>
          {failure && (
            <Alert color="red" title={t`Das hat nicht geklappt`} role="alert">
              {i18n._(failure)}
            </Alert>
          )}
          {failure && failureHint}
          {form !== undefined && token !== ''
            ? form
            : !failure && (
                <Center py="lg">
                  <Loader aria-label={t`Wird bestätigt`} />
                </Center>
              )}
        </Stack>
      )}
    </AuthCard>
  );
}
