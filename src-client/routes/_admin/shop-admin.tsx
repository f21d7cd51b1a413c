import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ShopAdminPage } from '@client/features/shop/admin/ShopAdminPage';
import { pageHead } from '@client/lib/head';
import { waitOnServer } from '@client/lib/wait-on-server';

export const Route = createFileRoute('/_admin/shop-admin')({
  head: ({ match }) => pageHead(match.context.i18n, msg`Produktnamen`, msg`Die Namen der Shop-Produkte auf Englisch und Französisch.`),
  loader: ({ context }) => waitOnServer(context, context.queryClient.prefetchQuery(context.trpc.shop.translations.queryOptions())),
  component: ShopAdminPage,
});
