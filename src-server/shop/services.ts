/**
 * The shop of one app: its provider (Printful or the demo catalog) and the cached catalog. It must be
 * one instance per runtime, shared by every request and the order worker, so the cache and its
 * single flight really are single: runtime.ts creates it at start and hands it on through AppDeps
 * (ADR 024).
 */
import type { Config } from '../config';
import type { Clock } from '../lib/clock';
import type { Logger } from '../lib/logger';
import { createCatalog, type Catalog } from './catalog';
import { createDemoProvider } from './demo-catalog';
import { createPrintfulClient, type PrintfulClientOptions } from './printful-client';
import { createPrintfulProvider } from './printful-provider';
import type { ShopProvider } from './provider';

export type ShopServices = { provider: ShopProvider; catalog: Catalog };

/** Timing of the Printful client; tests shorten it instead of waiting. */
export type PrintfulTuning = Pick<PrintfulClientOptions, 'timeoutMs' | 'maxRetryWaitMs' | 'maxRateLimitRetries' | 'sleep'>;

export function createShopServices(deps: { config: Config; logger: Logger; clock: Clock }, tuning: PrintfulTuning = {}): ShopServices {
  const { config, logger, clock } = deps;
  const { apiToken, storeId, apiUrl } = config.printful;
  if (!apiToken) logger.info('PRINTFUL_API_TOKEN is not set: the shop shows the bundled demo catalog and sends no orders');
  const provider = apiToken
    ? createPrintfulProvider(createPrintfulClient({ apiUrl, token: apiToken, storeId, ...tuning }), logger)
    : createDemoProvider();
  const catalog = createCatalog({ source: provider.fetchCatalog, ttlMs: config.shopCacheTtlSeconds * 1000, logger, clock });
  return { provider, catalog };
}
