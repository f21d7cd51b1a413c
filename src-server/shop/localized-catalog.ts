/**
 * The shop's catalog as a reader of one language sees it: the cached catalog (catalog.ts, the same for
 * every language) with names and colours translated (product-texts.ts). What `shop.products` answers
 * and what an order is priced and named from, so the buyer's mail and order lines carry the names
 * they saw at checkout.
 */
import type { Locale } from '@shared/locales';
import type { ShopProduct } from '@shared/schemas/shop';
import type { Db } from '../db/connect';
import { localizeCatalog } from './product-texts';
import { readProductTranslations } from './product-translations';
import type { ShopServices } from './services';

export async function localizedProducts(deps: { db: Db; shop: ShopServices }, lang: Locale): Promise<ShopProduct[]> {
  const products = await deps.shop.catalog.products();
  if (lang === 'de') return products;
  return localizeCatalog(products, lang, deps.shop.provider.translations, await readProductTranslations(deps.db));
}
