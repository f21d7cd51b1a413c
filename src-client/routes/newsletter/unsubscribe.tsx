import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { isPrivatePage } from '@shared/routes';
import { tokenSearch } from '@client/features/links/token-search';
import { UnsubscribePage } from '@client/features/newsletter/UnsubscribePage';
import { pageHead } from '@client/lib/head';

export const Route = createFileRoute('/newsletter/unsubscribe')({
  staticData: { private: isPrivatePage('/newsletter/unsubscribe') },
  validateSearch: tokenSearch,
  head: ({ match }) => pageHead(match.context.i18n, msg`Newsletter abbestellen`, msg`Den SchoolBox-Newsletter abbestellen.`),
  component: UnsubscribeRoute,
});

function UnsubscribeRoute() {
  return <UnsubscribePage token={Route.useSearch().token ?? ''} />;
}
