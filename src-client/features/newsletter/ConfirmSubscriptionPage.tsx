import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { ButtonLink } from '@client/components/links';
import { EmailLinkPage } from '@client/features/links/EmailLinkPage';
import { EmailLinkSuccess } from '@client/features/links/EmailLinkSuccess';
import { useTRPC } from '@client/trpc';

/** The landing page of the link in the newsletter confirmation e-mail. */
export function ConfirmSubscriptionPage({ token }: { token: string }) {
  const { t } = useLingui();
  const confirm = useMutation(useTRPC().newsletter.confirm.mutationOptions());
  return (
    <EmailLinkPage
      title={<Trans>Newsletter</Trans>}
      token={token}
      call={confirm}
      success={
        <EmailLinkSuccess
          title={t`Abonnement bestätigt`}
          next={
            <ButtonLink to="/blog">
              <Trans>Zum Blog</Trans>
            </ButtonLink>
          }
        >
          <Trans>Danke! Sie erhalten ab jetzt unseren Newsletter.</Trans>
        </EmailLinkSuccess>
      }
    />
  );
}
