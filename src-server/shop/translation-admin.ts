/**
 * The admins' translation table of product names (`shop.translations`, `shop.saveTranslation`): every
 * product of the active catalog with the store's name, what the admins entered in English and French,
 * and what the shop shows when a field is left empty.
 */
import { PRODUCT_TRANSLATION_LOCALES, type ProductTranslationRow, type productTranslationInputSchema } from '@shared/schemas/shop';
import type { z } from 'zod';
import { AppError } from '../app-error';
import type { Db } from '../db/connect';
import type { Clock } from '../lib/clock';
import { providerProductName, type ProductNameOverrides } from './product-texts';
import { readProductTranslations, saveProductTranslation } from './product-translations';
import type { ShopServices } from './services';

type Deps = { db: Db; shop: ShopServices };

export async function listProductTranslations(deps: Deps): Promise<ProductTranslationRow[]> {
  const [products, overrides] = await Promise.all([deps.shop.catalog.products(), readProductTranslations(deps.db)]);
  return products.map((product) => toRow(product, deps.shop, overrides));
}

/** Saves one product's names; a product the catalog does not have is refused (it would never be shown). */
export async function saveTranslation(
  deps: Deps & { clock: Clock },
  input: z.output<typeof productTranslationInputSchema>,
): Promise<ProductTranslationRow> {
  const product = (await deps.shop.catalog.products()).find((candidate) => candidate.id === input.productId);
  if (!product) throw new AppError('NOT_FOUND', `no product ${input.productId} in the catalog`);
  await saveProductTranslation(deps.db, product.id, input.names, deps.clock.now());
  return toRow(product, deps.shop, await readProductTranslations(deps.db));
}

function toRow(product: { id: string; name: string; thumbnail: string | null }, shop: ShopServices, overrides: ProductNameOverrides) {
  const entered = overrides.get(product.id) ?? {};
  const perLocale = (value: (locale: (typeof PRODUCT_TRANSLATION_LOCALES)[number]) => string) =>
    Object.fromEntries(PRODUCT_TRANSLATION_LOCALES.map((locale) => [locale, value(locale)])) as ProductTranslationRow['names'];
  return {
    productId: product.id,
    name: product.name,
    thumbnail: product.thumbnail,
    names: perLocale((locale) => entered[locale] ?? ''),
    fallbacks: perLocale((locale) => providerProductName(product, locale, shop.provider.translations)),
  };
}
