import { QUERY_RETRY_COUNT } from '@shared/constants';
import { isAppErrorCode, type AppErrorCode } from '@shared/errors';
import { appErrorCode } from '@client/i18n/error-messages';
import type { Trpc } from '@client/trpc';

/**
 * The code of a failed call: from the answer's data in the browser, or from the procedure's own error
 * (an AppError as the tRPC error's cause) while the server renders the page.
 */
export function failureCode(error: unknown): AppErrorCode | null {
  const code = appErrorCode(error);
  if (code) return code;
  const cause = (error as { cause?: { code?: unknown } } | null | undefined)?.cause?.code;
  return isAppErrorCode(cause) ? cause : null;
}

/**
 * The catalog (`shop.products`), read by the /shop loader, the shop page, the cart sheet and checkout.
 * The server has already retried Printful and serves its last good copy, so an answer it gives (such
 * as SHOP_UNAVAILABLE) will not change a second later: only a failed connection is retried, and
 * never while the server renders (the visitor would wait for the backoff).
 */
export function shopProductsQuery(trpc: Trpc) {
  return trpc.shop.products.queryOptions(undefined, {
    retry: (failureCount, error) => typeof window !== 'undefined' && failureCode(error) === null && failureCount < QUERY_RETRY_COUNT,
  });
}
