/**
 * The catalog from a Printful store: every sync product (paged to the end), each with its sync
 * variants, turned into our ShopProduct. Only variants Printful can fulfil and that have a euro price
 * are offered (reference §9.8); a product without one is left out.
 */
import type { ShopProduct, ShopVariant } from '@shared/schemas/shop';
import { SITE_CURRENCY } from '@shared/constants';
import type { Logger } from '../lib/logger';
import { PrintfulError, type PrintfulClient } from './printful-client';
import type { PfSyncProductDetail, PfSyncProductSummary, PfSyncVariant } from './printful-types';
import { parsePriceCents } from './price';
import type { RequestPacer } from './request-pacer';
import { variantOptions } from './variant-options';
import { uniqueValues } from './unique-values';

const PAGE_SIZE = 100;
/** A guard against a server that never says "that was all": 100 pages are 10,000 products. */
const MAX_PAGES = 100;
/**
 * Product details asked for at once. One after the other, a store of 20 products took 20 round trips
 * (at 4 s each while Printful was slow, a visitor's first /shop waited 21 s); four at a time take a
 * quarter of that, and Printful still sees only a few requests from us at once.
 */
export const DETAIL_CONCURRENCY = 4;
/**
 * The requests one catalog load may start within a minute: Printful allows 120 (reference §8), and the
 * rest is left for the order hand-over on the same token. A store of more products loads more slowly
 * (the pacer waits) instead of running into Printful's 60-second lockout.
 */
export const CATALOG_REQUESTS_PER_MINUTE = 90;

/** GET /store/products, page after page (reference §3.3). */
async function listAllSyncProducts(client: PrintfulClient, pacer: RequestPacer | null): Promise<PfSyncProductSummary[]> {
  const all: PfSyncProductSummary[] = [];
  let offset = 0;
  for (let page = 0; page < MAX_PAGES; page++) {
    await pacer?.take();
    const { result, paging } = await client.get<PfSyncProductSummary[]>('/store/products', { offset, limit: PAGE_SIZE });
    if (!Array.isArray(result)) throw new PrintfulError('unavailable', 'Printful GET /store/products: result is not a list');
    all.push(...result);
    // Step by what came back, not by what was asked for, in case the server clamps the page size.
    offset += result.length;
    const done = result.length === 0 || (paging ? offset >= paging.total : result.length < PAGE_SIZE);
    if (done) return all;
  }
  throw new PrintfulError('unavailable', `Printful GET /store/products: more than ${MAX_PAGES} pages`);
}

/** The store's products, their details fetched DETAIL_CONCURRENCY at a time, in the store's order. */
export async function fetchPrintfulCatalog(
  client: PrintfulClient,
  logger: Logger,
  pacer: RequestPacer | null = null,
): Promise<ShopProduct[]> {
  const summaries = (await listAllSyncProducts(client, pacer)).filter((summary) => !summary.is_ignored);
  const details = await mapConcurrently(summaries, DETAIL_CONCURRENCY, async (summary) => {
    await pacer?.take();
    try {
      return (await client.get<PfSyncProductDetail>(`/store/products/${summary.id}`)).result;
    } catch (error) {
      // Deleted between the list and this request: the list is simply one shorter.
      if (error instanceof PrintfulError && error.kind === 'not_found') return null;
      throw error;
    }
  });
  const products: ShopProduct[] = [];
  for (const detail of details) {
    const product = detail ? toShopProduct(detail, logger) : null;
    if (product) products.push(product);
  }
  return products;
}

/**
 * `work` for every item, at most `limit` at a time; the results in the items' order. After a failure no
 * further item is started, and the first failure is thrown once the ones under way have ended (so that
 * nothing of a failed load is still talking to Printful when it is reported).
 */
async function mapConcurrently<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  let failure: { error: unknown } | null = null;
  async function worker(): Promise<void> {
    while (!failure && next < items.length) {
      const index = next++;
      try {
        results[index] = await work(items[index] as T);
      } catch (error) {
        failure ??= { error };
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  // Set by the workers: TypeScript cannot see it change.
  const failed = failure as { error: unknown } | null;
  if (failed) throw failed.error;
  return results;
}

/** One Printful product as the shop shows it; null when none of its variants can be sold. */
export function toShopProduct(detail: PfSyncProductDetail, logger: Pick<Logger, 'warn'>): ShopProduct | null {
  const product = detail.sync_product;
  const variants: ShopVariant[] = [];
  for (const variant of detail.sync_variants ?? []) {
    if (!isSellable(variant)) continue;
    const priceCents = parsePriceCents(variant.retail_price);
    if (priceCents === null) {
      logger.warn('printful variant without a usable price is not offered', {
        productId: product.id,
        variantId: variant.id,
        price: variant.retail_price,
      });
      continue;
    }
    if (variant.currency && variant.currency !== SITE_CURRENCY) {
      logger.warn('printful variant priced in another currency is not offered', {
        productId: product.id,
        variantId: variant.id,
        currency: variant.currency,
      });
      continue;
    }
    const { color, size } = variantOptions(variant);
    variants.push({
      id: String(variant.id),
      name: variant.name,
      color,
      size,
      priceCents,
      image: variantImage(variant, product.thumbnail_url),
    });
  }
  if (variants.length === 0) return null;
  return {
    id: String(product.id),
    name: product.name,
    thumbnail: product.thumbnail_url ?? variants[0]?.image ?? null,
    variants,
    colors: uniqueValues(variants.map((variant) => variant.color)),
    sizes: uniqueValues(variants.map((variant) => variant.size)),
  };
}

function isSellable(variant: PfSyncVariant): boolean {
  const available = variant.availability_status === undefined || variant.availability_status === 'active';
  return variant.synced === true && variant.is_ignored !== true && available;
}

/** The mockup (the "preview" file), else the product's thumbnail, else the blank product's photo. */
function variantImage(variant: PfSyncVariant, productThumbnail: string | null): string | null {
  const preview = variant.files?.find((file) => file.type === 'preview' && file.preview_url)?.preview_url;
  return preview ?? productThumbnail ?? variant.product?.image ?? null;
}
