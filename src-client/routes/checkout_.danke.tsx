import { msg } from '@lingui/core/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { isPrivatePage } from '@shared/routes';
import { OrderThanksPage } from '@client/features/checkout/OrderThanksPage';
import { thanksSearch } from '@client/features/donations/donation-search';
import { pageHead } from '@client/lib/head';

// Where Stripe sends the buyer back after paying an order. What it says comes from the server's order row, never from the URL.
export const Route = createFileRoute('/checkout_/danke')({
  staticData: { private: isPrivatePage('/checkout/danke') },
  validateSearch: thanksSearch,
  beforeLoad: ({ context, location }) => {
    if (!context.user) throw redirect({ to: '/auth', search: { redirect: location.href }, statusCode: 302 });
  },
  head: ({ match }) => pageHead(match.context.i18n, msg`Vielen Dank`, msg`Vielen Dank für Ihre Bestellung im SchoolBox Shop.`),
  component: ThanksRoute,
});

function ThanksRoute() {
  return <OrderThanksPage sessionId={Route.useSearch().session_id ?? ''} />;
}
