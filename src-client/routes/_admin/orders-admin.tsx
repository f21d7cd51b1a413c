import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { parseAdminPage } from '@shared/admin-page';
import { ORDER_SEARCH_MAX_LENGTH, ORDER_STATUSES } from '@shared/order-filters';
import { OrdersAdminPage, type OrdersAdminSearch } from '@client/features/orders/OrdersAdminPage';
import { pageHead } from '@client/lib/head';
import { waitOnServer } from '@client/lib/wait-on-server';

// `?status=submitted&q=ada@example.org&page=2`; a value the list does not know is left out (the server checks again).
const ordersSearch = (search: Record<string, unknown>): OrdersAdminSearch => {
  const q = typeof search.q === 'string' ? search.q.trim().slice(0, ORDER_SEARCH_MAX_LENGTH) : '';
  return {
    status: (ORDER_STATUSES as readonly unknown[]).includes(search.status) ? (search.status as OrdersAdminSearch['status']) : undefined,
    q: q || undefined,
    page: parseAdminPage(search.page),
  };
};

export const Route = createFileRoute('/_admin/orders-admin')({
  validateSearch: ordersSearch,
  // Only the list's own keys: the raw search (lang=…) stays beside them.
  loaderDeps: ({ search: { status, q, page } }) => ({ status, q, page }),
  head: ({ match }) =>
    pageHead(match.context.i18n, msg`Bestellungen`, msg`Die Bestellungen des SchoolBox Shops mit ihrem Status bei Printful.`),
  loader: ({ context, deps: { status, q, page = 1 } }) =>
    waitOnServer(context, context.queryClient.prefetchQuery(context.trpc.orders.adminList.queryOptions({ status, search: q, page }))),
  component: OrdersAdminRoute,
});

function OrdersAdminRoute() {
  const { status, q, page } = Route.useSearch();
  return <OrdersAdminPage search={{ status, q, page }} />;
}
