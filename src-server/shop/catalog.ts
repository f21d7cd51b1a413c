/**
 * The shop catalog, kept in the process and, for Printful, in the database (catalog-store.ts), so that a
 * restart while Printful fails still has it and several processes share it. Whatever the traffic, at most
 * one refresh runs at a time (single flight). When the copy is older than the TTL, callers still get it at
 * once while a refresh runs in the background (stale-while-revalidate); when a refresh fails, the last good
 * copy keeps being served (stale-while-error) for up to CATALOG_MAX_AGE_MS, and the next refresh waits a
 * little. Only with no copy at all does a caller wait for the source, and then no longer than
 * `firstLoadWaitMs`: the load goes on in the background, and the shop answers SHOP_UNAVAILABLE (its page
 * shows the error with its retry button) instead of keeping the visitor waiting.
 */
import type { ShopProduct } from '@shared/schemas/shop';
import { AppError } from '../app-error';
import type { Clock } from '../lib/clock';
import type { Logger } from '../lib/logger';
import type { CatalogCopy, CatalogStore } from './catalog-store';
import { PRINTFUL_TOKEN_REFUSED, PrintfulError } from './printful-client';

/** Loads the whole catalog from wherever it lives (Printful, the bundled demo). */
export type CatalogSource = () => Promise<ShopProduct[]>;

export type Catalog = {
  /** The products; fails with SHOP_UNAVAILABLE only when there is no good copy younger than CATALOG_MAX_AGE_MS. */
  products(): Promise<ShopProduct[]>;
  /**
   * At start-up: reads the stored copy and, when there is none or it is older than the TTL, loads the
   * catalog in the background, so that the first visitor of /shop does not wait for Printful.
   */
  warm(): void;
  /**
   * Starts a refresh in the background when the copy is older than the TTL; never waits, never throws.
   * Called on the site's regular content checks (runtime.ts): a /shop page answered from the page cache
   * asks the catalog nothing, so without this the copy it shows would only be refreshed by a visitor's
   * API call, and the page would keep an old catalog for the page cache's lifetime.
   */
  touch(): void;
  /** Resolves once no read or refresh is running (for tests and for an orderly shutdown). */
  idle(): Promise<void>;
};

/** After a failed refresh, wait this long before asking again (or the TTL, if shorter). */
const CATALOG_ERROR_RETRY_MS = 15_000;
/** How long a visitor waits for the catalog when there is no copy at all (a first start, a new store). */
const CATALOG_FIRST_LOAD_WAIT_MS = 8_000;
/**
 * The oldest copy served while the source fails (README, "Shop and orders"). Prices are the association's
 * own and an order is checked by Printful when it is handed over, so a copy of some days is still right;
 * after a week without a single good answer the shop says it is unavailable rather than sell from it.
 */
export const CATALOG_MAX_AGE_MS = 7 * 24 * 60 * 60_000;

export function createCatalog(deps: {
  source: CatalogSource;
  /** Where the last good copy is kept beyond the process; none for the bundled demo catalog. */
  store?: CatalogStore | null;
  ttlMs: number;
  clock: Clock;
  logger: Logger;
  firstLoadWaitMs?: number;
  /**
   * Called when a load brings products unlike the copy before it: the pages cached with the old ones
   * (a whole /shop page, for up to the page cache's lifetime) must go, or a visitor would see the old
   * catalog while the cart and checkout already use the new one. Another process that adopts the
   * stored copy needs no call: the process that loaded it made it, and the content version is shared.
   */
  onChange?: () => Promise<void>;
}): Catalog {
  const { source, ttlMs, clock, logger } = deps;
  const store = deps.store ?? null;
  const firstLoadWaitMs = deps.firstLoadWaitMs ?? CATALOG_FIRST_LOAD_WAIT_MS;
  const now = () => clock.now().getTime();
  let cached: CatalogCopy | null = null;
  /** Whether the stored copy has been read (once, at the first need; a failed read is tried again). */
  let storeRead = store === null;
  let reading: Promise<void> | null = null;
  let refreshing: Promise<ShopProduct[]> | null = null;
  let warming: Promise<void> | null = null;
  /** No refresh starts before this time (ms): the TTL after a success, a pause after a failure. */
  let nextRefreshAt = 0;

  /** Takes a copy that is newer than the one in memory (the stored one, another process's). */
  function adopt(copy: CatalogCopy): void {
    if (cached && cached.fetchedAt >= copy.fetchedAt) return;
    cached = copy;
    nextRefreshAt = Math.max(nextRefreshAt, copy.fetchedAt + ttlMs);
  }

  /** The stored copy, null when there is none; undefined when it could not be read (the database is away). */
  async function readStored(): Promise<CatalogCopy | null | undefined> {
    if (!store) return null;
    try {
      return await store.read();
    } catch (error) {
      logger.warn('stored shop catalog could not be read', { error });
      return undefined;
    }
  }

  function readStoreOnce(): Promise<void> {
    reading ??= readStored()
      .then((copy) => {
        if (copy === undefined) return; // tried again at the next need
        storeRead = true;
        if (copy) adopt(copy);
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  }

  async function load(): Promise<ShopProduct[]> {
    // Another process on the same database may have refreshed it meanwhile: then Printful is not asked.
    const stored = await readStored();
    if (stored && now() - stored.fetchedAt < ttlMs && (!cached || stored.fetchedAt > cached.fetchedAt)) {
      adopt(stored);
      return stored.products;
    }
    const products = await source();
    const copy = { products, fetchedAt: now() };
    // With no copy before there is no page to retire: the shop could not be shown (an error page is never cached).
    const changed = cached !== null && JSON.stringify(cached.products) !== JSON.stringify(products);
    cached = copy;
    nextRefreshAt = copy.fetchedAt + ttlMs;
    logger.debug('shop catalog loaded', { products: products.length });
    try {
      await store?.write(copy);
    } catch (error) {
      // The copy in memory serves this process; the next refresh stores it again.
      logger.warn('shop catalog could not be stored', { error });
    }
    if (changed && deps.onChange) {
      try {
        await deps.onChange();
      } catch (error) {
        // The pages then show the old catalog until the page cache lets them go (10 minutes at most).
        logger.warn('cached pages could not be retired after a catalog change', { error });
      }
    }
    return products;
  }

  function refresh(): Promise<ShopProduct[]> {
    refreshing ??= load()
      .catch((error: unknown) => {
        nextRefreshAt = now() + Math.min(ttlMs, CATALOG_ERROR_RETRY_MS);
        logFailure(error);
        throw error;
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  const isUsable = (copy: CatalogCopy | null): copy is CatalogCopy => copy !== null && now() - copy.fetchedAt <= CATALOG_MAX_AGE_MS;

  function logFailure(error: unknown): void {
    const fields = { error, kind: error instanceof PrintfulError ? error.kind : 'unknown' };
    const ageSeconds = isUsable(cached) ? Math.round((now() - cached.fetchedAt) / 1000) : null;
    if (error instanceof PrintfulError && error.kind === 'unauthorized') {
      // Once as an error for a streak of refusals (the order hand-over's included), then as warnings.
      logger[error.firstRefusal ? 'error' : 'warn'](PRINTFUL_TOKEN_REFUSED, { ...fields, ageSeconds });
    } else if (ageSeconds !== null) {
      logger.warn('shop catalog refresh failed; serving the last good copy', { ...fields, ageSeconds });
    } else {
      logger.error('shop catalog could not be loaded', fields);
    }
  }

  /** The refresh's products, or SHOP_UNAVAILABLE when it fails or takes longer than a visitor should wait. */
  async function waitForFirstLoad(): Promise<ShopProduct[]> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tooLong = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), firstLoadWaitMs);
    });
    try {
      const products = await Promise.race([refresh(), tooLong]);
      if (products === null) throw new AppError('SHOP_UNAVAILABLE', 'shop catalog still loading');
      return products;
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError('SHOP_UNAVAILABLE', 'shop catalog unavailable');
    } finally {
      clearTimeout(timer);
    }
  }

  /** A copy older than the TTL is refreshed in the background; its callers go on with the copy. */
  function refreshIfDue(): void {
    if (isUsable(cached) && now() >= nextRefreshAt && !refreshing) refresh().catch(() => undefined); // logged in refresh()
  }

  return {
    async products() {
      if (!storeRead) await readStoreOnce();
      if (isUsable(cached)) {
        refreshIfDue();
        return cached.products;
      }
      if (!refreshing && now() < nextRefreshAt) throw new AppError('SHOP_UNAVAILABLE', 'shop catalog unavailable (recent failure)');
      return waitForFirstLoad();
    },
    warm() {
      warming ??= (storeRead ? Promise.resolve() : readStoreOnce())
        .then(() => (!refreshing && (!isUsable(cached) || now() >= nextRefreshAt) ? refresh() : undefined))
        .then(
          () => undefined,
          () => undefined, // logged in refresh()
        )
        .finally(() => {
          warming = null;
        });
    },
    touch: refreshIfDue,
    async idle() {
      await warming;
      await reading;
      await refreshing?.catch(() => undefined);
    },
  };
}
