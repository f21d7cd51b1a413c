import { useLingui } from '@lingui/react/macro';
import { Alert, Center, Loader, Stack } from '@mantine/core';
import { type FormEvent, useEffect, useRef, type ReactNode } from 'react';
import { EMAIL_TOKEN_PATTERN } from '@shared/constants';
import { type FormName, LINK_TOKEN_FIELD, type NoticeKey } from '@shared/forms';
import { AuthCard } from '@client/features/auth/AuthCard';
import { appErrorCode, ERROR_MESSAGES, errorMessageFor, postedRefusal } from '@client/i18n/error-messages';
import { PostForm } from '@client/lib/forms/PostForm';
import { usePageNotice, usePostedForm } from '@client/lib/forms/posted-form';
import { SubmitButton } from '@client/lib/forms/SubmitButton';

type TokenCall = {
  mutate(input: { token: string }): void;
  isSuccess: boolean;
  isError: boolean;
  /** While the call runs (the page shows a loader instead of the button). */
  isPending?: boolean;
  error: unknown;
};

/**
 * The button of a link that is taken on arrival, for the page before and without scripts (ADR 033): a
 * plain post of the token to the page's own address, which the server answers through the same procedure
 * (src-server/forms/email-link.ts) with a redirect back here and `notice`.
 */
type ArrivalForm = {
  /** The form's name, under which the server's action is registered. */
  name: FormName;
  /** What the redirect after a successful post brings (src-shared/forms.ts NOTICES). */
  notice: NoticeKey;
  /** The form's accessible name. */
  label: string;
  button: ReactNode;
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
} & (
  | {
      /** A form that sends the token itself (reset adds a new password, unsubscribe waits for the press). */
      form: ReactNode;
      confirm?: never;
    }
  | {
      /** No form of its own: with scripts the token is sent on arrival; before and without them, this button sends it. */
      confirm: ArrivalForm;
      form?: never;
    }
);

/**
 * The landing page of a link we e-mailed (verify the address, set a new password, confirm or cancel the
 * newsletter): read the token, call the procedure, show success or 'Dieser Link ist ungültig, abgelaufen
 * oder wurde bereits verwendet.' (or what else the server answered). A token that cannot be one (cut
 * short or mistyped by a mail program) is that same dead link.
 *
 * A link taken on arrival (`confirm`) is never taken by the GET itself, which mail scanners make too: the
 * server renders its button, the scripts press it on the visitor's behalf once they run; without scripts
 * (or before them) the visitor presses it, and the page after the redirect shows the outcome.
 */
export function EmailLinkPage({ title, token: linkToken, call, success, failureHint, form, confirm }: EmailLinkPageProps) {
  const { t, i18n } = useLingui();
  const token = EMAIL_TOKEN_PATTERN.test(linkToken.trim()) ? linkToken : '';
  // The outcome of the button's plain post: the notice after its redirect, or its refusal.
  const notice = usePageNotice();
  const posted = usePostedForm(confirm?.name);
  const isDone = confirm !== undefined && notice === confirm.notice;
  const sent = useRef(false);
  // Not after a plain post: that one used the token already (its outcome shows), a second call would only fail.
  const sendsOnArrival = confirm !== undefined && token !== '' && !isDone && posted === null;

  useEffect(() => {
    // A token works only once: React's development double effect must not send it twice.
    if (!sendsOnArrival || sent.current) return;
    sent.current = true;
    call.mutate({ token });
  }, [sendsOnArrival, call, token]);

  const isSuccess = call.isSuccess || isDone;
  // A refused plain post: the domain's code; a refusal of the input can only be the token's, a dead link too.
  const error = call.isError ? call.error : posted ? postedRefusal(posted.errorCode ?? 'TOKEN_INVALID') : null;
  const failure = token === '' ? ERROR_MESSAGES.TOKEN_INVALID : error ? errorMessageFor(error) : null;
  // After "link invalid" a second press cannot help; after anything else (too many tries, no network) it can.
  const isDeadLink = token === '' || (error !== null && appErrorCode(error) === 'TOKEN_INVALID');
  const showsButton = !isDeadLink && !call.isPending;

  const send = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    if (call.isPending) return;
    sent.current = true;
    call.mutate({ token });
  };

  return (
    <AuthCard title={title}>
      {isSuccess ? (
        success
      ) : (
        <Stack>
          {failure && (
            <Alert color="red" title={t`Das hat nicht geklappt`} role="alert">
              {i18n._(failure)}
            </Alert>
          )}
          {failure && failureHint}
          {form !== undefined && token !== '' ? (
            form
          ) : confirm !== undefined && showsButton ? (
            // The page's alert above tells a refusal, so the form does not repeat it.
            <PostForm form={{ name: confirm.name, submit: send, prepare: () => undefined, postedError: null }} aria-label={confirm.label}>
              <input type="hidden" name={LINK_TOKEN_FIELD} value={token} />
              <SubmitButton form={{ isSubmitting: call.isPending ?? false, isReady: true }}>{confirm.button}</SubmitButton>
            </PostForm>
          ) : (
            !failure && (
              <Center py="lg">
                <Loader aria-label={t`Wird bestätigt`} />
              </Center>
            )
          )}
        </Stack>
      )}
    </AuthCard>
  );
}
