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
import { variantOptions } from './variant-options';
import { uniqueValues } from './unique-values';

const PAGE_SIZE = 100;
/** A guard against a server that never says "that was all": 100 pages are 10,000 products. */
const MAX_PAGES = 100;

/** GET /store/products, page after page (reference §3.3). */
async function listAllSyncProducts(client: PrintfulClient): Promise<PfSyncProductSummary[]> {
  const all: PfSyncProductSummary[] = [];
  let offset = 0;
  for (let page = 0; page < MAX_PAGES; page++) {
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

export async function fetchPrintfulCatalog(client: PrintfulClient, logger: Logger): Promise<ShopProduct[]> {
  const summaries = await listAllSyncProducts(client);
  const products: ShopProduct[] = [];
  // One product after the other: at most one request to Printful at a time (its limit is 120 a minute).
  for (const summary of summaries) {
    if (summary.is_ignored) continue;
    let detail: PfSyncProductDetail;
    try {
      ({ result: detail } = await client.get<PfSyncProductDetail>(`/store/products/${summary.id}`));
    } catch (error) {
      // Deleted between the list and this request: the list is simply one shorter.
      if (error instanceof PrintfulError && error.kind === 'not_found') continue;
      throw error;
    }
    const product = toShopProduct(detail, logger);
    if (product) products.push(product);
  }
  return products;
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
