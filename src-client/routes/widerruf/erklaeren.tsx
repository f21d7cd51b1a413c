import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { orderNumberParam } from '@shared/order-number';
import { legalDetailsQuery } from '@client/features/legal/legal-details-query';
import { WithdrawalDeclarationPage } from '@client/features/withdrawals/WithdrawalDeclarationPage';
import { pageHead } from '@client/lib/head';

// The withdrawal button (§ 356a BGB): public, no sign-in, so a guest can withdraw as easily as they ordered.
export const Route = createFileRoute('/widerruf/erklaeren')({
  // `?order=SB-260302-K7M2Q` ("Meine Bestellungen" links it): fills in the order number; anything else counts as absent.
  validateSearch: (search: Record<string, unknown>): { order?: string | undefined } => ({ order: orderNumberParam(search.order) }),
  loader: ({ context }) => context.queryClient.ensureQueryData(legalDetailsQuery(context.trpc)),
  head: ({ match }) =>
    pageHead(match.context.i18n, msg`Vertrag widerrufen`, msg`Eine Bestellung im SchoolBox Shop online widerrufen, ohne Anmeldung.`),
  component: WithdrawalRoute,
});

function WithdrawalRoute() {
  return <WithdrawalDeclarationPage orderNumber={Route.useSearch().order} />;
}
