import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { OrdersAdminPage } from '@client/features/orders/OrdersAdminPage';
import { pageHead } from '@client/lib/head';

export const Route = createFileRoute('/_admin/orders-admin')({
  head: ({ match }) =>
    pageHead(match.context.i18n, msg`Bestellungen`, msg`Die Bestellungen des SchoolBox Shops mit ihrem Status bei Printful.`),
  loader: ({ context }) => context.queryClient.prefetchQuery(context.trpc.orders.list.queryOptions()),
  component: OrdersAdminPage,
});
