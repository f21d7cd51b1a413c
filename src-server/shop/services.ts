/**
 * The shop of one app: its provider (Printful or the demo catalog) and the cached catalog. It must be
 * one instance per runtime, shared by every request and the order worker, so the cache and its
 * single flight really are single: runtime.ts creates it at start and hands it on through AppDeps
 * (ADR 024).
 */
import type { Config } from '../config';
import type { Db } from '../db/connect';
import type { Clock } from '../lib/clock';
import type { Logger } from '../lib/logger';
import { createCatalog, type Catalog } from './catalog';
import { createCatalogStore, printfulCatalogSource } from './catalog-store';
import { createDemoProvider } from './demo-catalog';
import { createPrintfulClient, type PrintfulClientOptions } from './printful-client';
import { createPrintfulProvider } from './printful-provider';
import type { ShopProvider } from './provider';

export type ShopServices = { provider: ShopProvider; catalog: Catalog };

/** What the shop is made from: runtime.ts hands in its own. */
export type ShopDeps = {
  config: Config;
  logger: Logger;
  clock: Clock;
  db: Db;
  /** Called when a refresh brought a catalog unlike the last one (runtime.ts: retire the cached pages). */
  onCatalogChange?: () => Promise<void>;
};

/** Timing of the Printful client and the catalog; tests shorten it instead of waiting. */
export type PrintfulTuning = Pick<PrintfulClientOptions, 'timeoutMs' | 'maxRetryWaitMs' | 'maxRateLimitRetries' | 'sleep'> & {
  /** How long a visitor waits for a catalog there is no copy of (catalog.ts CATALOG_FIRST_LOAD_WAIT_MS). */
  firstLoadWaitMs?: number;
};

export function createShopServices(deps: ShopDeps, tuning: PrintfulTuning = {}): ShopServices {
  const { config, logger, clock, db, onCatalogChange } = deps;
  const { apiToken, storeId, apiUrl } = config.printful;
  const { firstLoadWaitMs, ...clientTuning } = tuning;
  if (!apiToken) logger.info('PRINTFUL_API_TOKEN is not set: the shop shows the bundled demo catalog and sends no orders');
  const provider = apiToken
    ? createPrintfulProvider(createPrintfulClient({ apiUrl, token: apiToken, storeId, ...clientTuning }), logger, { sleep: tuning.sleep })
    : createDemoProvider();
  // The bundled demo catalog is always there; a Printful store's last good copy is kept in the database.
  const store = provider.kind === 'printful' ? createCatalogStore(db, printfulCatalogSource(apiToken, storeId)) : null;
  const catalog = createCatalog({
    source: provider.fetchCatalog,
    store,
    ttlMs: config.shopCacheTtlSeconds * 1000,
    logger,
    clock,
    firstLoadWaitMs,
    onChange: onCatalogChange,
  });
  return { provider, catalog };
}
