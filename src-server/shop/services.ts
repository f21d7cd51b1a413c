/**
 * The shop of one app: its provider (Printful or the demo catalog) and the cached catalog. It must be
 * one instance per process, shared by every request and the order worker, so the cache and its
 * single flight really are single. runtime.ts creates it at start; requests find it by the app's
 * Config object (one per app; tests run several apps in one process, each with its own).
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

export function createShopServices(config: Config, deps: { logger: Logger; clock: Clock }, tuning: PrintfulTuning = {}): ShopServices {
  const { apiToken, storeId, apiUrl } = config.printful;
  const provider = apiToken
    ? createPrintfulProvider(createPrintfulClient({ apiUrl, token: apiToken, storeId, ...tuning }), deps.logger)
    : createDemoProvider();
  const catalog = createCatalog({ source: provider.fetchCatalog, ttlMs: config.shopCacheTtlSeconds * 1000, ...deps });
  return { provider, catalog };
}

const byConfig = new WeakMap<Config, ShopServices>();

/** The shop of the app with this config, created on first use. */
export function shopServicesFor(config: Config, deps: { logger: Logger; clock: Clock }): ShopServices {
  let services = byConfig.get(config);
  if (!services) {
    services = createShopServices(config, deps);
    byConfig.set(config, services);
    if (!config.printful.apiToken)
      deps.logger.info('PRINTFUL_API_TOKEN is not set: the shop shows the bundled demo catalog and sends no orders');
  }
  return services;
}

/** Puts a shop in place for an app (tests: a Printful client with short timeouts). */
export function installShopServices(config: Config, services: ShopServices): void {
  byConfig.set(config, services);
}
