import { QUERY_RETRY_COUNT } from '@shared/constants';
import type { Locale } from '@shared/locales';
import { appErrorCode } from '@client/i18n/error-messages';
import type { Trpc } from '@client/trpc';

/**
 * The catalog (`shop.products`), read by the /shop loader, the shop page, the cart sheet and checkout.
 * The server has already retried Printful and serves its last good copy, so an answer it gives (such
 * as SHOP_UNAVAILABLE) will not change a second later: only a failed connection is retried, and
 * never while the server renders (the visitor would wait for the backoff). Names and colours come in
 * the page's language, so each language is its own query.
 */
export function shopProductsQuery(trpc: Trpc, lang: Locale) {
  return trpc.shop.products.queryOptions(
    { lang },
    {
      retry: (failureCount, error) => typeof window !== 'undefined' && appErrorCode(error) === null && failureCount < QUERY_RETRY_COUNT,
    },
  );
}
