import { PRODUCT_NAME_MAX_LENGTH } from '../constants';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../locales';
import { oneLineText, plainString } from './text';
import { z } from './zod';

/**
 * The shop catalog as the server hands it out (`shop.products`, spec §3 "Shop product"). It is the
 * same shape whether it came from Printful or from the bundled demo catalog. Prices are integer
 * cents in euro; colour and size are the variant's, null when the product has none.
 */
export const shopVariantSchema = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string().nullable(),
  size: z.string().nullable(),
  priceCents: z.number().int().nonnegative(),
  /** The picture of this variant (its mockup), or null when the provider has none. */
  image: z.string().nullable(),
});
export type ShopVariant = z.infer<typeof shopVariantSchema>;

export const shopProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  thumbnail: z.string().nullable(),
  /** At least one; the first is the one the grid shows the price of. */
  variants: z.array(shopVariantSchema).min(1),
  /** The variants' colours and sizes, each once, in the order the variants bring them. */
  colors: z.array(z.string()),
  sizes: z.array(z.string()),
});
export type ShopProduct = z.infer<typeof shopProductSchema>;

/** The languages a product name can be translated into: German is the store's own (Printful's) name. */
export const PRODUCT_TRANSLATION_LOCALES = ['en', 'fr'] as const satisfies readonly Locale[];
export type ProductTranslationLocale = (typeof PRODUCT_TRANSLATION_LOCALES)[number];

/** `shop.products` input: the catalog in the page's language (names and colours); German when left out. */
export const shopProductsInputSchema = z
  .object({ lang: z.enum(LOCALES).default(DEFAULT_LOCALE) })
  .optional()
  .transform((input) => ({ lang: input?.lang ?? DEFAULT_LOCALE }));

/** A translated name: empty means "none", and the shop shows the store's own name. */
const translatedName = oneLineText(PRODUCT_NAME_MAX_LENGTH);

/** `shop.saveTranslation`: an admin's English and French names for one product of the catalog. */
export const productTranslationInputSchema = z.object({
  productId: plainString(64).trim().min(1),
  names: z.object({ en: translatedName, fr: translatedName }),
});
export type ProductTranslationInput = z.input<typeof productTranslationInputSchema>;

/** One row of the admins' translation table (`shop.translations`). */
export type ProductTranslationRow = {
  productId: string;
  /** The store's own name (Printful's, or the demo catalog's German one). */
  name: string;
  thumbnail: string | null;
  /** What the admins entered; empty when nothing. */
  names: Record<ProductTranslationLocale, string>;
  /** What the shop shows when the field is empty: the provider's own translation, else the store's name. */
  fallbacks: Record<ProductTranslationLocale, string>;
};
