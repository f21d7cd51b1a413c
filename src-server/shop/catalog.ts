/**
 * The shop catalog, cached in the process. Whatever the traffic, at most one refresh runs at a time
 * (single flight), and it asks Printful one request after the other, so Printful sees at most one
 * request from us at a time. When the copy is older than the TTL, callers still get it at once while
 * a refresh runs in the background (stale-while-revalidate); when a refresh fails, the last good copy
 * keeps being served (stale-while-error) and the next refresh waits a little.
 */
import type { ShopProduct } from '@shared/schemas/shop';
import { AppError } from '../app-error';
import type { Clock } from '../lib/clock';
import type { Logger } from '../lib/logger';
import { PrintfulError } from './printful-client';

/** Loads the whole catalog from wherever it lives (Printful, the bundled demo). */
export type CatalogSource = () => Promise<ShopProduct[]>;

export type Catalog = {
  /** The products; fails with SHOP_UNAVAILABLE only when there never was a good copy. */
  products(): Promise<ShopProduct[]>;
  /** Resolves once no refresh is running (for tests and for an orderly shutdown). */
  idle(): Promise<void>;
};

/** After a failed refresh, wait this long before asking again (or the TTL, if shorter). */
const CATALOG_ERROR_RETRY_MS = 15_000;

export function createCatalog(deps: { source: CatalogSource; ttlMs: number; clock: Clock; logger: Logger }): Catalog {
  const { source, ttlMs, clock, logger } = deps;
  let cached: { products: ShopProduct[]; fetchedAt: number } | null = null;
  let refreshing: Promise<ShopProduct[]> | null = null;
  /** No refresh starts before this time (ms): the TTL after a success, a pause after a failure. */
  let nextRefreshAt = 0;

  function refresh(): Promise<ShopProduct[]> {
    refreshing ??= source()
      .then((products) => {
        const now = clock.now().getTime();
        cached = { products, fetchedAt: now };
        nextRefreshAt = now + ttlMs;
        logger.debug('shop catalog loaded', { products: products.length });
        return products;
      })
      .catch((error: unknown) => {
        nextRefreshAt = clock.now().getTime() + Math.min(ttlMs, CATALOG_ERROR_RETRY_MS);
        logFailure(error);
        throw error;
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  function logFailure(error: unknown): void {
    const fields = { error, kind: error instanceof PrintfulError ? error.kind : 'unknown' };
    if (error instanceof PrintfulError && error.kind === 'unauthorized') {
      logger.error('Printful refused the API token; check PRINTFUL_API_TOKEN and PRINTFUL_STORE_ID', fields);
    } else if (cached) {
      const ageSeconds = Math.round((clock.now().getTime() - cached.fetchedAt) / 1000);
      logger.warn('shop catalog refresh failed; serving the last good copy', { ...fields, ageSeconds });
    } else {
      logger.error('shop catalog could not be loaded', fields);
    }
  }

  return {
    async products() {
      const now = clock.now().getTime();
      if (cached) {
        if (now >= nextRefreshAt && !refreshing) refresh().catch(() => undefined); // logged in refresh()
        return cached.products;
      }
      if (!refreshing && now < nextRefreshAt) throw new AppError('SHOP_UNAVAILABLE', 'shop catalog unavailable (recent failure)');
      try {
        return await refresh();
      } catch {
        throw new AppError('SHOP_UNAVAILABLE', 'shop catalog unavailable');
      }
    },
    async idle() {
      await refreshing?.catch(() => undefined);
    },
  };
}
