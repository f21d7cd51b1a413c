import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { isPrivatePage } from '@shared/routes';
import { VerifyEmailPage } from '@client/features/auth/VerifyEmailPage';
import { tokenSearch } from '@client/features/links/token-search';
import { pageHead } from '@client/lib/head';

export const Route = createFileRoute('/auth/verify')({
  staticData: { private: isPrivatePage('/auth/verify') },
  validateSearch: tokenSearch,
  head: ({ match }) =>
    pageHead(match.context.i18n, msg`E-Mail-Adresse bestätigen`, msg`Die E-Mail-Adresse Ihres SchoolBox-Kontos bestätigen.`),
  component: VerifyEmailRoute,
});

function VerifyEmailRoute() {
  return <VerifyEmailPage token={Route.useSearch().token ?? ''} />;
}
