// Types only: a runtime import of the schemas module would bring zod to the shop page (ADR 048).
import type { ShopProduct, ShopVariant } from '@shared/schemas/shop';

/** The variant of a product with the given colour and size (null matches "none"), if there is one. */
export function findVariant(product: ShopProduct, color: string | null, size: string | null): ShopVariant | undefined {
  return product.variants.find((variant) => variant.color === color && variant.size === size);
}

/** The colour and size a product card has chosen (null for a product without colours or sizes). */
export type VariantSelection = { color: string | null; size: string | null };

/** The first variant's colour and size: its price is the one the grid shows first (spec §2). */
export function initialSelection(product: ShopProduct): VariantSelection {
  const first = product.variants[0];
  return { color: first?.color ?? null, size: first?.size ?? null };
}

/**
 * A new colour keeps the chosen size when the product has it in that colour; otherwise it takes the
 * colour's first size, so the card always names a variant that exists.
 */
export function selectColor(product: ShopProduct, selection: VariantSelection, color: string): VariantSelection {
  if (findVariant(product, color, selection.size)) return { color, size: selection.size };
  const first = product.variants.find((variant) => variant.color === color);
  return { color, size: first?.size ?? selection.size };
}

/** The product's sizes, each marked whether it exists in the chosen colour. */
export function sizeChoices(product: ShopProduct, color: string | null): Array<{ size: string; isAvailable: boolean }> {
  return product.sizes.map((size) => ({ size, isAvailable: findVariant(product, color, size) !== undefined }));
}
