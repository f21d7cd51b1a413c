import { msg } from '@lingui/core/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { isPrivatePage } from '@shared/routes';
import { CheckoutPage } from '@client/features/checkout/CheckoutPage';
import { legalDetailsQuery } from '@client/features/legal/legal-details-query';
import { pageHead } from '@client/lib/head';

// Reached by a full page load from the cart sheet (spec §2). Private: noindex and never cached, since
// what it shows depends on the visitor (their session, their cart).
export const Route = createFileRoute('/checkout')({
  staticData: { private: isPrivatePage('/checkout') },
  // Ordering needs an account: without a session, sign in first (HTTP 302 when the server renders) and
  // come back; /auth says why. While the shop takes no orders, the page tells everyone so instead.
  beforeLoad: async ({ context, location }) => {
    const site = await context.queryClient.ensureQueryData(context.trpc.site.config.queryOptions());
    if (site.shopOrdersEnabled && !context.user) throw redirect({ to: '/auth', search: { redirect: location.href }, statusCode: 302 });
  },
  // Delivery time, shipping and payment method above the order button come from the legal details.
  loader: ({ context }) => context.queryClient.ensureQueryData(legalDetailsQuery(context.trpc)),
  head: ({ match }) =>
    pageHead(match.context.i18n, msg`Kasse`, msg`Lieferadresse angeben und die Bestellung im SchoolBox Shop abschließen.`),
  component: CheckoutPage,
});
