import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { isPrivatePage } from '@shared/routes';
import { ConfirmEmailChangePage } from '@client/features/account/ConfirmEmailChangePage';
import { tokenSearch } from '@client/features/links/token-search';
import { pageHead } from '@client/lib/head';

// The link mailed to a new address (ADR 028). Not under /account's guard: the link works in any browser,
// signed in or not, since the token itself proves the address.
export const Route = createFileRoute('/account_/email')({
  staticData: { private: isPrivatePage('/account/email') },
  validateSearch: tokenSearch,
  head: ({ match }) =>
    pageHead(match.context.i18n, msg`Neue E-Mail-Adresse bestätigen`, msg`Die neue E-Mail-Adresse Ihres SchoolBox-Kontos bestätigen.`),
  component: ConfirmEmailChangeRoute,
});

function ConfirmEmailChangeRoute() {
  return <ConfirmEmailChangePage token={Route.useSearch().token ?? ''} />;
}
