import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { isPrivatePage } from '@shared/routes';
import { DonationThanksPage } from '@client/features/donations/DonationThanksPage';
import { thanksSearch } from '@client/features/donations/donation-search';
import { pageHead } from '@client/lib/head';

// Where Stripe sends the donor back. What it says comes from the server's donation row, never from the URL.
export const Route = createFileRoute('/spenden/danke')({
  staticData: { private: isPrivatePage('/spenden/danke') },
  validateSearch: thanksSearch,
  head: ({ match }) => pageHead(match.context.i18n, msg`Vielen Dank`, msg`Vielen Dank für Ihre Spende an SchoolBox.`),
  component: ThanksRoute,
});

function ThanksRoute() {
  return <DonationThanksPage sessionId={Route.useSearch().session_id ?? ''} />;
}
