import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { DonationPage } from '@client/features/donations/DonationPage';
import { donationSearch } from '@client/features/donations/donation-search';
import { pageHead } from '@client/lib/head';

// The donation form (ADR 031): its own page, so /support, the header's Donate button and Checkout's cancel
// link all lead to one address, with the amount and mode in the search; a manage link that could not open
// Stripe's portal leads here too, with the reason (`?verwalten=`).
export const Route = createFileRoute('/spenden/')({
  validateSearch: donationSearch,
  head: ({ match }) =>
    pageHead(
      match.context.i18n,
      msg`Spenden`,
      msg`Spenden Sie einmalig oder monatlich an SchoolBox – sicher per Karte oder SEPA-Lastschrift.`,
    ),
  component: DonationRoute,
});

function DonationRoute() {
  const search = Route.useSearch();
  return <DonationPage amountCents={search.amount} mode={search.mode} manageFailure={search.verwalten} />;
}
