import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { legalDetailsQuery } from '@client/features/legal/legal-details-query';
import { WithdrawalDeclarationPage } from '@client/features/withdrawals/WithdrawalDeclarationPage';
import { pageHead } from '@client/lib/head';

// The withdrawal button (§ 356a BGB): public, no sign-in, so a guest can withdraw as easily as they ordered.
export const Route = createFileRoute('/widerruf/erklaeren')({
  loader: ({ context }) => context.queryClient.ensureQueryData(legalDetailsQuery(context.trpc)),
  head: ({ match }) =>
    pageHead(match.context.i18n, msg`Vertrag widerrufen`, msg`Eine Bestellung im SchoolBox Shop online widerrufen, ohne Anmeldung.`),
  component: WithdrawalDeclarationPage,
});
