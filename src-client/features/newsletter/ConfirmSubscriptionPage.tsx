import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { ButtonLink } from '@client/components/links';
import { EmailLinkPage } from '@client/features/links/EmailLinkPage';
import { EmailLinkSuccess } from '@client/features/links/EmailLinkSuccess';
import { useTRPC } from '@client/trpc';

/** The landing page of the link in the newsletter confirmation e-mail (its button: src-server/newsletter/form-actions.ts). */
export function ConfirmSubscriptionPage({ token }: { token: string }) {
  const { t } = useLingui();
  const confirm = useMutation(useTRPC().newsletter.confirm.mutationOptions());
  return (
    <EmailLinkPage
      title={<Trans>Newsletter</Trans>}
      token={token}
      call={confirm}
      confirm={{
        name: 'confirmSubscription',
        notice: 'newsletter.confirmed',
        label: t`Abonnement bestätigen`,
        button: <Trans>Abonnement bestätigen</Trans>,
      }}
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
