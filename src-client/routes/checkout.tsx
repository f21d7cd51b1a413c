import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { CheckoutPage } from '@client/features/checkout/CheckoutPage';
import { pageHead } from '@client/lib/head';

// Reached by a full page load from the cart sheet (spec §2). Private: noindex and never cached, since
// what it shows depends on the visitor (their session, their cart).
export const Route = createFileRoute('/checkout')({
  staticData: { private: true },
  head: ({ match }) =>
    pageHead(match.context.i18n, msg`Kasse`, msg`Lieferadresse angeben und die Bestellung im SchoolBox Shop abschließen.`),
  component: CheckoutPage,
});
