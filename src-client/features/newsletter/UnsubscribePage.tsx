import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { ButtonLink } from '@client/components/links';
import { EmailLinkPage } from '@client/features/links/EmailLinkPage';
import { EmailLinkSuccess } from '@client/features/links/EmailLinkSuccess';
import { appErrorCode, postedRefusal } from '@client/i18n/error-messages';
import { PostForm } from '@client/lib/forms/PostForm';
import { usePageNotice, usePostedForm } from '@client/lib/forms/posted-form';
import { SubmitButton } from '@client/lib/forms/SubmitButton';
import { useSchemaForm } from '@client/lib/forms/use-schema-form';
import { useTRPC } from '@client/trpc';

/**
 * The landing page of the unsubscribe link in every newsletter (in the subscriber's language: the link
 * carries ?lang=). Nothing happens on arrival, because mail scanners open every link in a mail: the
 * address leaves the list only when the visitor presses 'Vom Newsletter abmelden'. Without scripts the
 * button posts to this address, token included (src-server/newsletter/form-actions.ts), and the page
 * after the redirect shows the same outcome.
 */
export function UnsubscribePage({ token }: { token: string }) {
  const { t } = useLingui();
  const unsubscribe = useMutation(useTRPC().newsletter.unsubscribe.mutationOptions());
  const leave = useSchemaForm({
    name: 'unsubscribe',
    // Fetched when the button is pressed (ADR 048): the page is read far more often than it is used.
    schema: () => import('@shared/schemas/newsletter').then((schemas) => schemas.unsubscribeSchema),
    initialValues: {},
    toInput: () => ({ token }),
    onSubmit: (data) => unsubscribe.mutateAsync(data),
  });
  // The outcome of a plain post: the notice after its redirect, or its refusal.
  const isDone = usePageNotice() === 'unsubscribe.done';
  const postedCode = usePostedForm('unsubscribe')?.errorCode ?? null;
  const call = {
    mutate: unsubscribe.mutate,
    isSuccess: unsubscribe.isSuccess || isDone,
    isError: unsubscribe.isError || postedCode !== null,
    error: unsubscribe.error ?? (postedCode ? postedRefusal(postedCode) : null),
  };
  // After "link invalid" a second press cannot help; after anything else (too many tries, no network) it can.
  const isDeadLink = call.isError && appErrorCode(call.error) === 'TOKEN_INVALID';

  return (
    <EmailLinkPage
      title={<Trans>Newsletter abbestellen</Trans>}
      token={token}
      call={call}
      success={
        <EmailLinkSuccess
          title={t`Vom Newsletter abgemeldet`}
          role="status"
          next={
            <ButtonLink to="/">
              <Trans>Zur Startseite</Trans>
            </ButtonLink>
          }
        >
          <Trans>Sie erhalten keinen Newsletter mehr von uns. Ihre E-Mail-Adresse haben wir von der Liste gelöscht.</Trans>
        </EmailLinkSuccess>
      }
      form={
        isDeadLink ? null : (
          // The page's alert above tells a refusal (EmailLinkPage), so the form does not repeat it.
          <PostForm form={{ ...leave, name: 'unsubscribe', postedError: null }} aria-label={t`Newsletter abbestellen`}>
            <Stack>
              <Text>
                <Trans>
                  Möchten Sie den SchoolBox-Newsletter nicht mehr erhalten? Dann melden Sie sich hier ab; Ihre E-Mail-Adresse wird dabei von
                  unserer Liste gelöscht.
                </Trans>
              </Text>
              <SubmitButton form={leave}>
                {/* Not just "Abmelden": a signed-in visitor has a sign-out button of that name in the header. */}
                <Trans>Vom Newsletter abmelden</Trans>
              </SubmitButton>
            </Stack>
          </PostForm>
        )
      }
    />
  );
}
