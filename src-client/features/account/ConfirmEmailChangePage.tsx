import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ButtonLink } from '@client/components/links';
import { EmailLinkPage } from '@client/features/links/EmailLinkPage';
import { EmailLinkSuccess } from '@client/features/links/EmailLinkSuccess';
import { useTRPC } from '@client/trpc';

/**
 * The landing page of the link mailed to a new address: with scripts the account takes it on arrival;
 * without, by the page's button (src-server/account/form-actions.ts).
 */
export function ConfirmEmailChangePage({ token }: { token: string }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // A signed-in browser shows the new address at once.
  const confirm = useMutation(
    trpc.account.confirmEmailChange.mutationOptions({ onSuccess: () => queryClient.invalidateQueries(trpc.auth.session.queryFilter()) }),
  );
  return (
    <EmailLinkPage
      title={<Trans>Neue E-Mail-Adresse bestätigen</Trans>}
      token={token}
      call={confirm}
      confirm={{
        name: 'confirmEmailChange',
        notice: 'emailChange.done',
        label: t`Neue E-Mail-Adresse bestätigen`,
        button: <Trans>Neue E-Mail-Adresse bestätigen</Trans>,
      }}
      success={
        <EmailLinkSuccess
          title={t`E-Mail-Adresse geändert`}
          next={
            <ButtonLink to="/account">
              <Trans>Zu meinem Konto</Trans>
            </ButtonLink>
          }
        >
          <Trans>Ihr Konto verwendet ab sofort diese E-Mail-Adresse. Melden Sie sich künftig mit ihr an.</Trans>
        </EmailLinkSuccess>
      }
      failureHint={
        <ButtonLink to="/account" variant="light">
          <Trans>Zu meinem Konto</Trans>
        </ButtonLink>
      }
    />
  );
}
