import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { toLocale } from '@shared/locales';
import { shopProductsQuery } from '@client/features/shop/shop-queries';
import { appErrorCode } from '@client/i18n/error-messages';
import { ShopPage } from '@client/features/shop/ShopPage';
import { pageHead } from '@client/lib/head';

export const Route = createFileRoute('/shop')({
  loader: async ({ context }) => {
    const query = shopProductsQuery(context.trpc, toLocale(context.i18n.locale));
    // A prefetch never throws: a catalog that fails shows the page's error state, not the error page.
    const loading = context.queryClient.prefetchQuery(query);
    // In the browser the page shows at once, its products loading; the server waits, so they are in the HTML.
    if (!context.isServer) return { errorCode: null };
    await loading;
    // The error object does not survive the trip to the browser; its code does.
    return { errorCode: appErrorCode(context.queryClient.getQueryState(query.queryKey)?.error) };
  },
  head: ({ match }) =>
    pageHead(
      match.context.i18n,
      msg`Shop`,
      msg`T-Shirts, Hoodies, Taschen und mehr von SchoolBox: Mit jedem Kauf unterstützt du unsere Bildungsprojekte.`,
    ),
  component: ShopRoute,
});

function ShopRoute() {
  const { errorCode } = Route.useLoaderData();
  return <ShopPage serverErrorCode={errorCode} />;
}
