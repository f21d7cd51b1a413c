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

/** The variant of a product with the given colour and size (null matches "none"), if there is one. */
export function findVariant(product: ShopProduct, color: string | null, size: string | null): ShopVariant | undefined {
  return product.variants.find((variant) => variant.color === color && variant.size === size);
}
