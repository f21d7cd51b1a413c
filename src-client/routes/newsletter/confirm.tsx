import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { isPrivatePage } from '@shared/routes';
import { tokenSearch } from '@client/features/links/token-search';
import { ConfirmSubscriptionPage } from '@client/features/newsletter/ConfirmSubscriptionPage';
import { pageHead } from '@client/lib/head';

export const Route = createFileRoute('/newsletter/confirm')({
  staticData: { private: isPrivatePage('/newsletter/confirm') },
  validateSearch: tokenSearch,
  head: ({ match }) => pageHead(match.context.i18n, msg`Newsletter`, msg`Ihr Abonnement des SchoolBox-Newsletters bestätigen.`),
  component: ConfirmSubscriptionRoute,
});

function ConfirmSubscriptionRoute() {
  return <ConfirmSubscriptionPage token={Route.useSearch().token ?? ''} />;
}
