import { Trans, useLingui } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { ButtonLink } from '@client/components/links';
import { EmailLinkPage } from '@client/features/links/EmailLinkPage';
import { EmailLinkSuccess } from '@client/features/links/EmailLinkSuccess';
import { useTRPC } from '@client/trpc';

/** The landing page of the link in the verification e-mail (its button: src-server/auth/form-actions.ts). */
export function VerifyEmailPage({ token }: { token: string }) {
  const { t } = useLingui();
  const verify = useMutation(useTRPC().auth.verifyEmail.mutationOptions());
  return (
    <EmailLinkPage
      title={<Trans>E-Mail-Adresse bestätigen</Trans>}
      token={token}
      call={verify}
      confirm={{
        name: 'verifyEmail',
        notice: 'verifyEmail.done',
        label: t`E-Mail-Adresse bestätigen`,
        button: <Trans>E-Mail-Adresse bestätigen</Trans>,
      }}
      success={
        <EmailLinkSuccess
          title={t`E-Mail-Adresse bestätigt`}
          next={
            <ButtonLink to="/auth">
              <Trans>Jetzt anmelden</Trans>
            </ButtonLink>
          }
        >
          <Trans>Vielen Dank! Ihr Konto ist jetzt aktiv. Sie können sich anmelden.</Trans>
        </EmailLinkSuccess>
      }
      failureHint={
        <>
          <Text size="sm">
            <Trans>Melden Sie sich an, um einen neuen Bestätigungslink anzufordern.</Trans>
          </Text>
          <ButtonLink to="/auth" variant="light">
            <Trans>Zur Anmeldung</Trans>
          </ButtonLink>
        </>
      }
    />
  );
}
