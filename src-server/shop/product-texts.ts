/**
 * The catalog in a reader's language. A store has one language (Printful's names are the team's German
 * ones), so the English and French names come from two places, the first that has one winning:
 *   1. what the admins entered in the translation table (product_translations, by product id), for
 *      whichever provider is active — the demo catalog's names can be overridden the same way;
 *   2. the provider's own translations (the demo catalog carries them in code; Printful has none);
 *   3. the store's name itself.
 * Colours come from the provider's translations only (the admin table names products). German is
 * always the store's own text.
 */
import type { Locale } from '@shared/locales';
import type { ShopProduct } from '@shared/schemas/shop';

/** Names in other languages, each keyed by what the store calls it. */
export type CatalogTranslations = {
  /** By product id. */
  products: Readonly<Record<string, Partial<Record<Locale, string>>>>;
  /** By the store's colour name ("Schwarz"). */
  colors: Readonly<Record<string, Partial<Record<Locale, string>>>>;
};

/** The admins' names, by product id and language (empty ones are not stored). */
export type ProductNameOverrides = ReadonlyMap<string, Partial<Record<Locale, string>>>;

/** The provider's name of a product in `lang`: its own translation, else the store's name (the admins' comes first, see above). */
export function providerProductName(
  product: Pick<ShopProduct, 'id' | 'name'>,
  lang: Locale,
  builtIn: CatalogTranslations | undefined,
): string {
  return builtIn?.products[product.id]?.[lang] || product.name;
}

export function localizeCatalog(
  products: readonly ShopProduct[],
  lang: Locale,
  builtIn: CatalogTranslations | undefined,
  overrides: ProductNameOverrides,
): ShopProduct[] {
  if (lang === 'de') return [...products];
  return products.map((product) => localizeProduct(product, lang, builtIn, overrides));
}

function localizeProduct(
  product: ShopProduct,
  lang: Locale,
  builtIn: CatalogTranslations | undefined,
  overrides: ProductNameOverrides,
): ShopProduct {
  const name = overrides.get(product.id)?.[lang] || providerProductName(product, lang, builtIn);
  const colour = (value: string) => builtIn?.colors[value]?.[lang] || value;
  return {
    ...product,
    name,
    variants: product.variants.map((variant) => ({
      ...variant,
      name: variantName(variant.name, product.name, name, variant.color, variant.color === null ? null : colour(variant.color)),
      color: variant.color === null ? null : colour(variant.color),
    })),
    colors: product.colors.map(colour),
  };
}

/**
 * "SchoolBox Tasse - Schwarz / M" → "SchoolBox Mug - Black / M": a variant's name usually starts with its
 * product's and names its colour; whatever does not follow that pattern stays as the store named it.
 */
function variantName(storeName: string, productName: string, name: string, storeColour: string | null, colour: string | null): string {
  if (!storeName.startsWith(productName)) return storeName;
  const options = storeName.slice(productName.length);
  return name + (storeColour && colour ? options.replace(storeColour, colour) : options);
}
