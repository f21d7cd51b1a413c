import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { isPrivatePage } from '@shared/routes';
import { ResetPasswordPage } from '@client/features/auth/ResetPasswordPage';
import { tokenSearch } from '@client/features/links/token-search';
import { pageHead } from '@client/lib/head';

export const Route = createFileRoute('/auth/reset')({
  staticData: { private: isPrivatePage('/auth/reset') },
  validateSearch: tokenSearch,
  head: ({ match }) =>
    pageHead(match.context.i18n, msg`Neues Passwort festlegen`, msg`Ein neues Passwort für Ihr SchoolBox-Konto festlegen.`),
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  return <ResetPasswordPage token={Route.useSearch().token ?? ''} />;
}
